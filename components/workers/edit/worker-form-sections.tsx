"use client";

import { useMemo } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { type BadgeEdit, BadgePicker } from "@/components/badges/badge-picker";
import type { UserBadge } from "@/lib/portal/types";
import { workerSection } from "./editor-sections";
import { FormCheckbox, FormSelect, FormText } from "./form-fields";
import { FieldGrid, FormSection } from "./form-section";
import { LocationFields } from "./location-fields";
import { SsnField } from "./ssn-field";
import {
  DRUG_TESTED_OPTIONS,
  GENDER_OPTIONS,
  W2_STATUS_OPTIONS,
  type WorkerFormValues,
} from "./worker-form-model";
import { WorkerZipFill } from "./worker-zip-fill";

/**
 * The worker form's sections, in the order the editor shows them (editor-sections.ts: badges
 * second, the most frequent task); the fields of each section are the catalogue's
 * (lib/schemas/user-fields.ts `section`), which a unit test holds them to.
 */
export function WorkerFormSections({
  mapTileUrl,
  readOnly,
  held,
  badgeEdit,
  onBadgeEdit,
  badgeError,
  zipLookup = false,
}: {
  mapTileUrl: string;
  /** Our API's ZIP table answers (not the real service): the ZIP fills city and state. */
  zipLookup?: boolean;
  readOnly: boolean;
  held: UserBadge[];
  badgeEdit: BadgeEdit;
  onBadgeEdit: (next: BadgeEdit) => void;
  badgeError: string | null;
}) {
  const { control, setValue } = useFormContext<WorkerFormValues>();
  const suspended = useWatch({ control, name: "suspended" });
  const lowerPool = useWatch({ control, name: "lower_pool" });
  const tz = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const timeHint = `Your time zone (${tz})`;
  return (
    <>
      <FormSection {...workerSection("identity")} description="Who the worker is.">
        <FieldGrid>
          <FormText name="first_name" required autoComplete="off" />
          <FormText name="last_name" required autoComplete="off" />
          <FormSelect name="gender" options={GENDER_OPTIONS} />
          <FormText name="dob" type="date" />
          <SsnField hint="Only if your company needs it for payroll." className="sm:col-span-2" />
        </FieldGrid>
      </FormSection>

      <FormSection
        {...workerSection("badges")}
        description="Certifications and skills. Badges already on the worker cannot be added twice."
      >
        <BadgePicker
          held={held}
          value={badgeEdit}
          onChange={onBadgeEdit}
          error={badgeError}
          readOnly={readOnly}
        />
      </FormSection>

      <FormSection
        {...workerSection("contact")}
        description="How the worker is reached, and your own reference for them."
      >
        <FieldGrid>
          <FormText name="email" type="email" required />
          <FormText
            name="phone"
            type="tel"
            required
            placeholder="+1 415 555 0142"
            hint="International format, starting with + and the country code."
          />
          <FormText
            name="external_id"
            hint="Optional: your payroll or HR id for this worker."
            className="sm:col-span-2"
          />
        </FieldGrid>
      </FormSection>

      <FormSection {...workerSection("address")} description="The worker's postal address.">
        <FieldGrid>
          <FormText name="address" className="sm:col-span-2" />
          <FormText name="city" />
          <FormText name="address_state" />
          <FormText name="zip" inputMode="numeric" />
          <WorkerZipFill enabled={zipLookup} />
        </FieldGrid>
      </FormSection>

      <FormSection
        {...workerSection("location")}
        description="Coordinates used to match the worker with nearby jobs. A pair is set or cleared together."
      >
        <LocationFields mapTileUrl={mapTileUrl} readOnly={readOnly} />
      </FormSection>

      <FormSection
        {...workerSection("status")}
        description="Whether the worker can be booked, and until when."
      >
        <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">
          <FormCheckbox
            name="suspended"
            description="Suspended workers cannot be booked for jobs."
            onToggle={(on) => {
              if (!on) setValue("suspended_until", "", { shouldDirty: true });
            }}
          />
          <FormText
            name="suspended_until"
            type="datetime-local"
            disabled={!suspended}
            hint={suspended ? `Empty: until further notice. ${timeHint}` : "Only when suspended"}
          />
          <FormCheckbox
            name="lower_pool"
            description="Offered jobs after workers in the main pool."
            onToggle={(on) => {
              if (!on) setValue("lower_pool_until", "", { shouldDirty: true });
            }}
          />
          <FormText
            name="lower_pool_until"
            type="datetime-local"
            disabled={!lowerPool}
            hint={lowerPool ? timeHint : "Only when in the lower pool"}
          />
        </div>
      </FormSection>

      <FormSection
        {...workerSection("onboarding")}
        description="Screening, W-2 employment and how the worker found you."
      >
        <FieldGrid>
          <FormSelect name="drug_tested" options={DRUG_TESTED_OPTIONS} />
          <FormText name="onboarding_appt_time" type="datetime-local" hint={timeHint} />
          <FormText name="w2_employee_id" />
          <FormSelect name="w2_onboarding_status" options={W2_STATUS_OPTIONS} />
          <FormText name="w2_onboarding_started" type="datetime-local" />
          <FormText name="w2_onboarding_completed" type="datetime-local" />
          <FormText name="w2_address_state" />
          <FormText name="referred_by" />
          <FormText name="tracking_code" className="sm:col-span-2" />
        </FieldGrid>
      </FormSection>

      <FormSection
        {...workerSection("profile")}
        description="Business details and pictures, as links."
      >
        <FieldGrid>
          <FormText name="business_name" className="sm:col-span-2" />
          <FormText name="avatar_url" type="url" placeholder="https://" className="sm:col-span-2" />
          <FormText name="logo_url" type="url" placeholder="https://" />
          <FormText name="workplace_image_url" type="url" placeholder="https://" />
        </FieldGrid>
      </FormSection>
    </>
  );
}
