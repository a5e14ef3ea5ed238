import type { Resolver } from "react-hook-form";
import type { Worker } from "@/lib/portal/types";
import { normalizeDecimal, parseCoordinate } from "@/lib/schemas/decimal";
import { userFieldLabels } from "@/lib/schemas/user-fields";
import type { WorkerFormOutput } from "./worker-form-validation";

export type { WorkerFormOutput } from "./worker-form-validation";

/**
 * The worker edit form's model: what the inputs hold (strings and two booleans), how a fetched
 * worker becomes form values, and how changed values become a PATCH body. Validation is the
 * API's own `userWritableShape`, so the browser refuses exactly what the server would.
 */

export const TEXT_FIELDS = [
  "first_name",
  "last_name",
  "gender",
  "dob",
  "ssn",
  "email",
  "phone",
  "external_id",
  "address",
  "city",
  "address_state",
  "zip",
  "latitude",
  "longitude",
  "home_latitude",
  "home_longitude",
  "suspended_until",
  "lower_pool_until",
  "drug_tested",
  "w2_employee_id",
  "w2_onboarding_status",
  "w2_address_state",
  "referred_by",
  "tracking_code",
  "onboarding_appt_time",
  "w2_onboarding_started",
  "w2_onboarding_completed",
  "business_name",
  "avatar_url",
  "logo_url",
  "workplace_image_url",
] as const;
export const BOOLEAN_FIELDS = ["suspended", "lower_pool"] as const;

export type TextField = (typeof TEXT_FIELDS)[number];
export type BooleanField = (typeof BOOLEAN_FIELDS)[number];
type FormField = TextField | BooleanField;
export type WorkerFormValues = Record<TextField, string> & Record<BooleanField, boolean>;

export const FORM_FIELDS: readonly FormField[] = [...TEXT_FIELDS, ...BOOLEAN_FIELDS];

/** Timestamps edited with `<input type="datetime-local">`, in the browser's time zone. */
const DATETIME_FIELDS = [
  "suspended_until",
  "lower_pool_until",
  "onboarding_appt_time",
  "w2_onboarding_started",
  "w2_onboarding_completed",
] as const satisfies readonly TextField[];

export const COORDINATE_FIELDS = [
  "latitude",
  "longitude",
  "home_latitude",
  "home_longitude",
] as const satisfies readonly TextField[];

export const FIELD_LABELS = userFieldLabels(FORM_FIELDS);

export const GENDER_OPTIONS = [
  { value: "", label: "Not specified" },
  { value: "female", label: "Female" },
  { value: "male", label: "Male" },
  { value: "non_binary", label: "Non-binary" },
  { value: "other", label: "Other" },
] as const;

export const DRUG_TESTED_OPTIONS = [
  { value: "", label: "Not recorded" },
  { value: "passed", label: "Passed" },
  { value: "pending", label: "Pending" },
  { value: "failed", label: "Failed" },
] as const;

export const W2_STATUS_OPTIONS = [
  { value: "", label: "Not set" },
  { value: "not_started", label: "Not started" },
  { value: "in_progress", label: "In progress" },
  { value: "completed", label: "Completed" },
] as const;

const pad = (n: number) => String(n).padStart(2, "0");

/** ISO timestamp → "YYYY-MM-DDTHH:mm" in the browser's time zone (what datetime-local shows). */
function isoToLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "YYYY-MM-DDTHH:mm" (local) → ISO with the offset applied; anything else passes through. */
export function localInputToIso(v: string): string {
  const t = v.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(t)) return t;
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? t : d.toISOString();
}

/** Degrees from the browser or the map → the ≤7-decimal string the API accepts. */
export function roundCoordinate(n: number): string {
  return normalizeDecimal(n.toFixed(7));
}

export function toFormValues(w: Worker): WorkerFormValues {
  const s = (v: string | null | undefined) => v ?? "";
  return {
    first_name: s(w.first_name),
    last_name: s(w.last_name),
    gender: s(w.gender),
    dob: s(w.dob).slice(0, 10),
    ssn: s(w.ssn),
    email: s(w.email),
    phone: s(w.phone),
    external_id: s(w.external_id),
    address: s(w.address),
    city: s(w.city),
    address_state: s(w.address_state),
    zip: s(w.zip),
    latitude: s(w.latitude),
    longitude: s(w.longitude),
    home_latitude: s(w.home_latitude),
    home_longitude: s(w.home_longitude),
    suspended: w.suspended === true,
    suspended_until: isoToLocalInput(w.suspended_until),
    lower_pool: w.lower_pool === true,
    lower_pool_until: isoToLocalInput(w.lower_pool_until),
    drug_tested: s(w.drug_tested),
    w2_employee_id: s(w.w2_employee_id),
    w2_onboarding_status: s(w.w2_onboarding_status),
    w2_address_state: s(w.w2_address_state),
    referred_by: s(w.referred_by),
    tracking_code: s(w.tracking_code),
    onboarding_appt_time: isoToLocalInput(w.onboarding_appt_time),
    w2_onboarding_started: isoToLocalInput(w.w2_onboarding_started),
    w2_onboarding_completed: isoToLocalInput(w.w2_onboarding_completed),
    business_name: s(w.business_name),
    avatar_url: s(w.avatar_url),
    logo_url: s(w.logo_url),
    workplace_image_url: s(w.workplace_image_url),
  };
}

type Validation = typeof import("./worker-form-validation");
let validation: Promise<Validation> | null = null;

/**
 * The form's rules are the API's zod schemas, with libphonenumber-js for the phone: together
 * the bulk of the page's code, and needed only once a field is checked. They load after the
 * page (the editor asks for them as soon as it shows the form), not as part of it.
 */
export function loadWorkerFormValidation(): Promise<Validation> {
  validation ??= import("./worker-form-validation").catch((err: unknown) => {
    validation = null; // A chunk that failed to load is asked for again next time.
    throw err;
  });
  return validation;
}

/** The shared schema, plus the API's rule that a coordinate pair is set or cleared together. */
export const workerFormResolver: Resolver<WorkerFormValues, unknown, WorkerFormOutput> = async (
  values,
  context,
  options,
) => (await loadWorkerFormValidation()).workerFormResolver(values, context, options);

/** Fields whose input differs from what was loaded. */
export function changedFields(values: WorkerFormValues, base: WorkerFormValues): FormField[] {
  return FORM_FIELDS.filter((k) => values[k] !== base[k]);
}

/** Only what changed, as the API takes it (validated output; timestamps as ISO strings). */
export function buildPatchBody(
  output: WorkerFormOutput,
  values: WorkerFormValues,
  base: WorkerFormValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of changedFields(values, base)) {
    const v: unknown = output[key];
    body[key] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return body;
}

const FIELD_NAME_RE = /\b(home_latitude|home_longitude|latitude|longitude)\b/g;

/**
 * "must be between -90 and 90" → "Current latitude must be between -90 and 90": the API's
 * message fragments read as sentences next to their field.
 */
export function fieldMessage(field: FormField, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const named = message.replace(FIELD_NAME_RE, (name) =>
    FIELD_LABELS[name as FormField].toLowerCase(),
  );
  return /^[a-z]/.test(named) ? `${FIELD_LABELS[field]} ${named}` : named;
}

export function isFormField(key: string): key is FormField {
  return (FORM_FIELDS as readonly string[]).includes(key);
}

/** A value as a person reads it (conflict panel). */
export function displayValue(field: FormField, v: string | boolean): string {
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (v.trim() === "") return "(empty)";
  if ((DATETIME_FIELDS as readonly string[]).includes(field)) {
    const d = new Date(v);
    return Number.isNaN(d.getTime())
      ? v
      : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
  }
  const options =
    field === "gender"
      ? GENDER_OPTIONS
      : field === "drug_tested"
        ? DRUG_TESTED_OPTIONS
        : field === "w2_onboarding_status"
          ? W2_STATUS_OPTIONS
          : null;
  return options?.find((o) => o.value === v)?.label ?? v;
}

/** Parsed coordinate pair, or null when either half is blank or invalid. */
export function coordinatePair(lat: string, lng: string): { lat: number; lng: number } | null {
  const a = parseCoordinate(lat, 90);
  const b = parseCoordinate(lng, 180);
  if (!a.ok || !b.ok || a.value === null || b.value === null) return null;
  return { lat: Number(a.value), lng: Number(b.value) };
}
