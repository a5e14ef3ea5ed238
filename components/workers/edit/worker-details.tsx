"use client";

import { type ReactNode, useMemo } from "react";
import { BadgePicker, EMPTY_BADGE_EDIT } from "@/components/badges/badge-picker";
import { MapPreview } from "@/components/workers/map-preview";
import type { Worker } from "@/lib/portal/types";
import { workerSection } from "./editor-sections";
import { FormSection } from "./form-section";
import {
  coordinatePair,
  displayValue,
  FIELD_LABELS,
  type TextField,
  toFormValues,
  type WorkerFormValues,
} from "./worker-form-model";

const noop = () => undefined;

/**
 * The worker for a session that may only read (public-pool keys): the editor's sections, same
 * headings and anchors, as label–value lists instead of a form of disabled inputs. The SSN is
 * masked as everywhere else; fields the API withholds from this access say so rather than
 * "Not set".
 */
export function WorkerDetails({
  worker,
  mapTileUrl,
  withheld = [],
}: {
  worker: Worker;
  mapTileUrl: string;
  /** Fields the API leaves out for this access (public pool: SSN and date of birth). */
  withheld?: readonly TextField[];
}) {
  const values = useMemo(() => toFormValues(worker), [worker]);
  const item = (field: TextField, render?: (v: string) => ReactNode) => (
    <Detail key={field} label={FIELD_LABELS[field]}>
      {values[field].trim() === "" ? (
        <Missing withheld={withheld.includes(field)} />
      ) : render ? (
        render(values[field])
      ) : (
        displayValue(field, values[field])
      )}
    </Detail>
  );
  const link = (href: string, text: string) => (
    <a href={href} className="text-indigo-700 underline-offset-2 hover:underline">
      {text}
    </a>
  );
  const url = (v: string) => (/^https?:\/\//i.test(v) ? link(v, v) : v);

  return (
    <div className="space-y-8">
      <FormSection {...workerSection("identity")} description="Who the worker is.">
        <Details>
          {item("first_name")}
          {item("last_name")}
          {item("gender")}
          {item("dob", formatDate)}
          {item("ssn")}
        </Details>
      </FormSection>

      <FormSection {...workerSection("badges")} description="Certifications and skills.">
        <BadgePicker held={worker.user_badges} value={EMPTY_BADGE_EDIT} onChange={noop} readOnly />
      </FormSection>

      <FormSection {...workerSection("contact")} description="How the worker is reached.">
        <Details>
          {item("email", (v) => link(`mailto:${v}`, v))}
          {item("phone", (v) => link(`tel:${v}`, v))}
          {item("external_id")}
        </Details>
      </FormSection>

      <FormSection {...workerSection("address")} description="The worker's postal address.">
        <Details>
          {item("address")}
          {item("city")}
          {item("address_state")}
          {item("zip")}
        </Details>
      </FormSection>

      <FormSection
        {...workerSection("location")}
        description="Coordinates used to match the worker with nearby jobs."
      >
        <Details>
          {item("latitude")}
          {item("longitude")}
          {item("home_latitude")}
          {item("home_longitude")}
        </Details>
        <MapPreview
          className="mt-5"
          current={coordinatePair(values.latitude, values.longitude)}
          home={coordinatePair(values.home_latitude, values.home_longitude)}
          tileUrl={mapTileUrl}
        />
      </FormSection>

      <FormSection {...workerSection("status")} description="Whether the worker can be booked.">
        <Details>
          <Detail label={FIELD_LABELS.suspended}>
            {untilText(values, "suspended", "suspended_until", "until further notice")}
          </Detail>
          <Detail label={FIELD_LABELS.lower_pool}>
            {untilText(values, "lower_pool", "lower_pool_until", "")}
          </Detail>
        </Details>
      </FormSection>

      <FormSection
        {...workerSection("onboarding")}
        description="Screening, W-2 employment and how the worker found you."
      >
        <Details>
          {item("drug_tested")}
          {item("onboarding_appt_time")}
          {item("w2_employee_id")}
          {item("w2_onboarding_status")}
          {item("w2_onboarding_started")}
          {item("w2_onboarding_completed")}
          {item("w2_address_state")}
          {item("referred_by")}
          {item("tracking_code")}
        </Details>
      </FormSection>

      <FormSection {...workerSection("profile")} description="Business details and pictures.">
        <Details>
          {item("business_name")}
          {item("avatar_url", url)}
          {item("logo_url", url)}
          {item("workplace_image_url", url)}
        </Details>
      </FormSection>
    </div>
  );
}

function Details({ children }: { children: ReactNode }) {
  // Two columns even on a phone: values are short, and a list of one per line is a long scroll.
  return <dl className="grid grid-cols-2 gap-x-6 gap-y-4">{children}</dl>;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

function Missing({ withheld }: { withheld: boolean }) {
  return (
    <span className="font-normal text-slate-500">
      {withheld ? "Not shown with read-only access" : "Not set"}
    </span>
  );
}

/** "Yes, until 3 Dec 2026, 09:00" / "Yes" / "No". */
function untilText(
  values: WorkerFormValues,
  flag: "suspended" | "lower_pool",
  until: "suspended_until" | "lower_pool_until",
  open: string,
): string {
  if (!values[flag]) return "No";
  if (values[until].trim() !== "") return `Yes, until ${displayValue(until, values[until])}`;
  return open ? `Yes, ${open}` : "Yes";
}

/** "1990-04-12" → "Apr 12, 1990" (a calendar date: no time zone may shift it). */
function formatDate(v: string): string {
  const d = new Date(`${v}T00:00:00`);
  return Number.isNaN(d.getTime()) ? v : d.toLocaleDateString(undefined, { dateStyle: "medium" });
}
