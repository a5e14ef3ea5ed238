import type { Resolver } from "react-hook-form";
import { roundDecimalText } from "@/components/maps/coordinates";
import { loadOnce } from "@/lib/portal/client/load-once";
import type { Worker } from "@/lib/portal/types";
import { normalizeDecimal, parseCoordinate } from "@/lib/schemas/decimal";
import { USER_FIELDS, userFieldLabels } from "@/lib/schemas/user-fields";
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

/** A fetched worker as the form holds it, field by field as the catalogue types them. */
export function toFormValues(w: Worker): WorkerFormValues {
  const out: Partial<Record<FormField, string | boolean>> = {};
  for (const field of FORM_FIELDS) {
    const v = w[field];
    switch (USER_FIELDS[field].json) {
      case "boolean":
      case "nullable_boolean":
        out[field] = v === true;
        break;
      case "nullable_timestamp":
        out[field] = isoToLocalInput(typeof v === "string" ? v : null);
        break;
      case "date":
        out[field] = String(v ?? "").slice(0, 10);
        break;
      default:
        out[field] = v === null || v === undefined ? "" : String(v);
    }
  }
  return out as WorkerFormValues;
}

/**
 * The form's rules are the API's zod schemas, with libphonenumber-js for the phone: together
 * the bulk of the page's code, and needed only once a field is checked. They load after the
 * page (the editor asks for them as soon as it shows the form), not as part of it.
 */
export const loadWorkerFormValidation = loadOnce(() => import("./worker-form-validation"));

/**
 * The shared schema, plus the API's rule that a coordinate pair is set or cleared together.
 * A coordinate with more than the API's 7 decimals (a pasted GPS reading) is rounded, not
 * refused: the API's rule stays as it is, the form sends what it accepts.
 */
export const workerFormResolver: Resolver<WorkerFormValues, unknown, WorkerFormOutput> = async (
  values,
  context,
  options,
) =>
  (await loadWorkerFormValidation()).workerFormResolver(roundCoordinates(values), context, options);

/** The form's values with each coordinate rounded to 7 decimals (the rest as they are). */
export function roundCoordinates(values: WorkerFormValues): WorkerFormValues {
  const out = { ...values };
  for (const field of COORDINATE_FIELDS) out[field] = roundDecimalText(values[field]);
  return out;
}

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

/**
 * "•••-••-6789": an SSN as the portal shows it unless asked to show it (the last four digits,
 * as the API's history keeps them; an already masked value stays the same).
 */
export function maskSsn(v: string): string {
  const digits = v.replace(/\D/g, "");
  return digits.length >= 4 ? `•••-••-${digits.slice(-4)}` : "•••-••-••••";
}

/** A value as a person reads it (conflict panel, history); an SSN masked. */
export function displayValue(field: FormField, v: string | boolean): string {
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (v.trim() === "") return "(empty)";
  if (field === "ssn") return maskSsn(v);
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
  const a = parseCoordinate(roundDecimalText(lat), 90);
  const b = parseCoordinate(roundDecimalText(lng), 180);
  if (!a.ok || !b.ok || a.value === null || b.value === null) return null;
  return { lat: Number(a.value), lng: Number(b.value) };
}
