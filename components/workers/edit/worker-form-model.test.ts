import { describe, expect, it } from "vitest";
import type { Worker } from "@/lib/portal/types";
import { USER_WRITABLE_FIELDS } from "@/lib/schemas/user-fields";
import {
  BOOLEAN_FIELDS,
  buildPatchBody,
  changedFields,
  FORM_FIELDS,
  localInputToIso,
  toFormValues,
  type WorkerFormOutput,
} from "./worker-form-model";

const worker: Worker = {
  id: 42,
  external_id: "hr-7",
  type: "Worker",
  first_name: "Léa",
  last_name: "Nguyễn",
  email: "lea@example.com",
  phone: "+14155550142",
  gender: null,
  dob: "1990-04-02",
  address: "1 Market St",
  address_state: "CA",
  city: "San Francisco",
  zip: "94105",
  home_latitude: "37.7749",
  home_longitude: "-122.4194",
  latitude: null,
  longitude: null,
  avatar_url: null,
  logo_url: null,
  workplace_image_url: null,
  business_name: null,
  drug_tested: "",
  rating: 4.5,
  referred_by: null,
  ssn: "123-45-6789",
  suspended: true,
  suspended_until: "2026-12-01T17:30:00.000+00:00",
  lower_pool: null,
  lower_pool_until: null,
  onboarding_appt_time: null,
  tracking_code: null,
  w2_address_state: null,
  w2_employee_id: null,
  w2_onboarding_completed: null,
  w2_onboarding_started: null,
  w2_onboarding_status: null,
  updated_at: "2026-11-20T10:00:00.000+00:00",
  user_badges: [],
};

describe("the worker form model", () => {
  it("edits exactly the catalogue's writable fields", () => {
    expect(new Set(FORM_FIELDS)).toEqual(new Set(USER_WRITABLE_FIELDS));
    expect(Object.keys(toFormValues(worker)).sort()).toEqual([...FORM_FIELDS].sort());
    expect(BOOLEAN_FIELDS).toEqual(["suspended", "lower_pool"]);
  });

  it("holds strings for inputs, booleans for checkboxes, local times for timestamps", () => {
    const v = toFormValues(worker);
    expect(v.first_name).toBe("Léa");
    expect(v.gender).toBe("");
    expect(v.dob).toBe("1990-04-02");
    expect(v.home_latitude).toBe("37.7749");
    expect(v.suspended).toBe(true);
    expect(v.lower_pool).toBe(false);
    expect(localInputToIso(v.suspended_until)).toBe("2026-12-01T17:30:00.000Z");
    expect(v.onboarding_appt_time).toBe("");
  });

  it("sends only what changed, as the API takes it", () => {
    const base = toFormValues(worker);
    const values = { ...base, city: "Oakland", lower_pool: true, gender: "" };
    expect(changedFields(values, base)).toEqual(["city", "lower_pool"]);
    const output = { city: "Oakland", lower_pool: true } as unknown as WorkerFormOutput;
    expect(buildPatchBody(output, values, base)).toEqual({ city: "Oakland", lower_pool: true });
  });
});
