import type { Resolver } from "react-hook-form";
import type { PickedBadge } from "@/components/badges/badge-picker";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { loadOnce } from "@/lib/portal/client/load-once";
import { normalizeDecimal, parseCoordinate } from "@/lib/schemas/decimal";
import type { REQUIRED_TO_POST } from "@/lib/schemas/job";

/**
 * The "Post a job" form's model, without zod (the rules load after the page, see
 * loadPostJobValidation): what the inputs hold, the defaults, and how the inputs become the
 * body of POST /job_requests. The API's own schema checks that body, in the browser and on
 * the server.
 */

/** What the buttons ask for: a draft may be incomplete; posting notifies the workers. */
export type PostIntent = "draft" | "posted";

export type PostJobFormValues = {
  /** Set by the button that submits, not an input. */
  state: PostIntent;
  request_name: string;
  category: string;
  description: string;
  /** YYYY-MM-DD and HH:MM, the site's wall-clock time, joined into `start_time`. */
  start_date: string;
  start_clock: string;
  timezone: string;
  /** Hours as typed ("7.5"); the API takes minutes. */
  duration_hours: string;
  venue: string;
  address: string;
  city: string;
  address_state: string;
  zip: string;
  latitude: string;
  longitude: string;
  slots: string;
  wage: string;
  classification: "1099" | "w2";
  w2_hourly_rate: string;
  notification_distance: string;
  badges: PickedBadge[];
  /** The requestor: an employer user's id as text, "" for none (the company). */
  employer_id: string;
};

export type PostJobField = Exclude<keyof PostJobFormValues, "state">;

export const FORM_FIELDS = [
  "request_name",
  "category",
  "description",
  "start_date",
  "start_clock",
  "timezone",
  "duration_hours",
  "venue",
  "address",
  "city",
  "address_state",
  "zip",
  "latitude",
  "longitude",
  "slots",
  "wage",
  "classification",
  "w2_hourly_rate",
  "notification_distance",
  "badges",
  "employer_id",
] as const satisfies readonly PostJobField[];

/**
 * What posting needs, for the asterisks: the API's REQUIRED_TO_POST (a test holds the two
 * equal; importing the list itself would bring zod into the page) plus its rule that a posted
 * request has a description.
 */
export const REQUIRED_TO_POST_FIELDS = [
  "request_name",
  "category",
  "address",
  "city",
  "zip",
  "slots",
] as const satisfies typeof REQUIRED_TO_POST;
export const REQUIRED_MARKED: ReadonlySet<PostJobField> = new Set([
  ...REQUIRED_TO_POST_FIELDS,
  "description",
]);

/** Labels, and the name an error message starts with where it differs. */
export const FIELD_LABELS: Record<PostJobField, string> = {
  request_name: "Request name",
  category: "Category",
  description: "Description and tasks",
  start_date: "Date",
  start_clock: "Start time",
  timezone: "Time zone",
  duration_hours: "Duration (hours)",
  venue: "Venue",
  address: "Street address",
  city: "City",
  address_state: "State",
  zip: "ZIP code",
  latitude: "Latitude",
  longitude: "Longitude",
  slots: "Workers needed",
  wage: "Wage ($ per hour)",
  classification: "Classification",
  w2_hourly_rate: "W-2 hourly rate ($)",
  notification_distance: "Notify workers within (miles)",
  badges: "Required badges",
  employer_id: "Requestor",
};
const ERROR_NAMES: Partial<Record<PostJobField, string>> = {
  description: "Description",
  duration_hours: "Duration",
  slots: "Workers needed",
  wage: "Wage",
  w2_hourly_rate: "W-2 hourly rate",
  notification_distance: "Notification distance",
  badges: "Required badges:",
};

/** The API's fragment ("can't be blank") as a sentence next to its field. */
export function fieldMessage(field: PostJobField, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return /^[a-z]/.test(message)
    ? `${ERROR_NAMES[field] ?? FIELD_LABELS[field]} ${message}`
    : message;
}

/**
 * API fields the form edits under another name. A message moved to another field keeps the
 * API's name for what it is about ("Start time is not a valid time" under the date).
 */
const API_FIELD: Record<string, { field: PostJobField; name?: string }> = {
  start_time: { field: "start_date", name: "Start time" },
  duration: { field: "duration_hours", name: "Duration" },
  badge_requirements: { field: "badges" },
  badge_requirements_attributes: { field: "badges" },
};

/** An API field name → the form field its error belongs on, and the message to show. */
export function formFieldOf(
  apiField: string,
  message: string,
): { field: PostJobField; message: string } | null {
  const moved = API_FIELD[apiField] ?? API_FIELD[apiField.split(".")[0] ?? ""];
  if (moved) {
    return {
      field: moved.field,
      message: moved.name && /^[a-z]/.test(message) ? `${moved.name} ${message}` : message,
    };
  }
  return (FORM_FIELDS as readonly string[]).includes(apiField)
    ? { field: apiField as PostJobField, message }
    : null;
}

/** The server's 422, its fields renamed to the form's, for placeFieldErrorsOf. */
export function withFormFieldNames(err: unknown): unknown {
  if (!(err instanceof ApiClientError) || !err.fields) return err;
  const fields: Record<string, string[]> = {};
  for (const [apiField, messages] of Object.entries(err.fields)) {
    const placed = formFieldOf(apiField, messages.join(", "));
    const key = placed?.field ?? apiField;
    fields[key] = [...(fields[key] ?? []), placed?.message ?? messages.join(", ")];
  }
  return new ApiClientError(err.status, err.code, err.message, fields);
}

/** The continental US's zones, Alaska and Hawaii, as a short list beside the browser's own. */
export const US_TIME_ZONES = [
  { value: "America/New_York", label: "Eastern Time (New York)" },
  { value: "America/Chicago", label: "Central Time (Chicago)" },
  { value: "America/Denver", label: "Mountain Time (Denver)" },
  { value: "America/Phoenix", label: "Mountain Time, no DST (Phoenix)" },
  { value: "America/Los_Angeles", label: "Pacific Time (Los Angeles)" },
  { value: "America/Anchorage", label: "Alaska Time (Anchorage)" },
  { value: "Pacific/Honolulu", label: "Hawaii Time (Honolulu)" },
] as const;

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "America/Los_Angeles";
  } catch {
    return "America/Los_Angeles";
  }
}

/** The select's options: the US zones, and the browser's (and a restored one) when not among them. */
export function timeZoneOptions(
  browser: string,
  current?: string,
): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = US_TIME_ZONES.map((z) => ({
    value: z.value,
    label: z.value === browser ? `${z.label} — your time zone` : z.label,
  }));
  for (const [tz, suffix] of [
    [browser, " — your time zone"],
    [current, ""],
  ] as const) {
    if (tz && !options.some((o) => o.value === tz)) {
      options.unshift({ value: tz, label: `${tz.replaceAll("_", " ")}${suffix}` });
    }
  }
  return options;
}

/** "PST", "EDT", "GMT+1": the zone's short name on that day (DST depends on the date). */
export function zoneAbbreviation(timeZone: string, date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const at = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12) : Date.now();
  try {
    return (
      new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
        .formatToParts(new Date(at))
        .find((p) => p.type === "timeZoneName")?.value ?? timeZone
    );
  } catch {
    return timeZone;
  }
}

/**
 * "Wednesday, January 7 at 8:00 AM PST": the start as typed, in the site's zone (what the
 * worker will see). Null until both halves are complete.
 */
export function describeStart(date: string, clock: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!d || !t) return null;
  const wall = new Date(
    Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2])),
  );
  if (Number.isNaN(wall.getTime())) return null;
  const day = new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  }).format(wall);
  const time = new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(wall);
  return `${day} at ${time} ${zoneAbbreviation(timeZone, date)}`;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Tomorrow's date where the browser is, as a date input holds it. */
export function tomorrow(now: Date = new Date()): string {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A new job: tomorrow at 08:00 in the browser's zone, one worker, an eight-hour shift. */
export function emptyValues(
  now: Date = new Date(),
  timeZone = browserTimeZone(),
): PostJobFormValues {
  return {
    state: "posted",
    request_name: "",
    category: "",
    description: "",
    start_date: tomorrow(now),
    start_clock: "08:00",
    timezone: timeZone,
    duration_hours: "8",
    venue: "",
    address: "",
    city: "",
    address_state: "",
    zip: "",
    latitude: "",
    longitude: "",
    slots: "1",
    wage: "",
    classification: "1099",
    w2_hourly_rate: "",
    notification_distance: "",
    badges: [],
    employer_id: "",
  };
}

/** Degrees from the map → the string the inputs hold: six decimals is about 10 cm. */
export function roundCoordinate(n: number): string {
  return normalizeDecimal(n.toFixed(6));
}

/** The pair as a point, or null when either half is blank or not a coordinate. */
export function coordinatePair(lat: string, lng: string): { lat: number; lng: number } | null {
  const a = parseCoordinate(lat, 90);
  const b = parseCoordinate(lng, 180);
  if (!a.ok || !b.ok || a.value === null || b.value === null) return null;
  return { lat: Number(a.value), lng: Number(b.value) };
}

const blank = (v: string) => v.trim() === "";

/** A number as typed: blank is absent; anything else a number, or left as text for the schema to refuse. */
function numberOrText(v: string): number | string | undefined {
  const t = v.trim();
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

/** An amount as people type it: "$1,250.50" is 1250.5. */
const moneyValue = (v: string) => numberOrText(v.replace(/^\s*\$/, "").replace(/,/g, ""));

function coordinateValue(v: string, limit: 90 | 180): number | string | undefined {
  if (blank(v)) return undefined;
  const parsed = parseCoordinate(v, limit);
  return parsed.ok && parsed.value !== null ? Number(parsed.value) : v.trim();
}

/** "7.5" hours → 450 minutes; undefined when blank or not a number (the form says why). */
export function durationMinutes(hours: string): number | undefined {
  if (blank(hours)) return undefined;
  const n = Number(hours.trim());
  return Number.isFinite(n) ? Math.round(n * 60) : undefined;
}

/**
 * The inputs as POST /job_requests takes them: the date and time joined into the reference's
 * "YYYY-MM-DD HH:MM" (read in `timezone` by the API), hours as minutes, coordinates and
 * amounts as numbers, badges as `badge_requirements_attributes`; blank inputs are left out.
 */
export function toRequestBody(values: PostJobFormValues): Record<string, unknown> {
  const body: Record<string, unknown> = { state: values.state };
  const put = (key: string, v: unknown) => {
    if (v !== undefined) body[key] = v;
  };
  for (const key of [
    "request_name",
    "category",
    "description",
    "venue",
    "address",
    "city",
    "address_state",
    "zip",
  ] as const) {
    if (!blank(values[key])) body[key] = values[key].trim();
  }
  if (!blank(values.start_date) && !blank(values.start_clock)) {
    body.start_time = `${values.start_date.trim()} ${values.start_clock.trim()}`;
  }
  put("timezone", blank(values.timezone) ? undefined : values.timezone.trim());
  put("duration", durationMinutes(values.duration_hours));
  put("latitude", coordinateValue(values.latitude, 90));
  put("longitude", coordinateValue(values.longitude, 180));
  put("slots", numberOrText(values.slots));
  put("wage", moneyValue(values.wage));
  body.classification = values.classification;
  if (values.classification === "w2") put("w2_hourly_rate", moneyValue(values.w2_hourly_rate));
  put("notification_distance", numberOrText(values.notification_distance));
  if (!blank(values.employer_id ?? "")) put("employer_id", numberOrText(values.employer_id));
  if (values.badges.length > 0) {
    body.badge_requirements_attributes = values.badges.map((b) => ({ badge_id: Number(b.id) }));
  }
  return body;
}

/** One week, the API's longest duration. */
export const MAX_DURATION_HOURS = 168;

/**
 * What only the form's own inputs can get wrong (the schema sees the joined start time and
 * minutes): a date without a time, a duration that is not hours.
 */
export function formOwnErrors(values: PostJobFormValues): Partial<Record<PostJobField, string>> {
  const errors: Partial<Record<PostJobField, string>> = {};
  const date = values.start_date.trim();
  const clock = values.start_clock.trim();
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.start_date = "Date must be a date";
  if (clock && !/^\d{2}:\d{2}$/.test(clock)) errors.start_clock = "Start time must be a time";
  if (date && !clock) errors.start_clock = "Start time is needed with a date";
  if (clock && !date) errors.start_date = "Date is needed with a start time";
  const hours = values.duration_hours.trim();
  if (hours) {
    const n = Number(hours);
    if (!Number.isFinite(n)) errors.duration_hours = "Duration must be a number of hours";
    else if (Math.round(n * 60) < 1) errors.duration_hours = "Duration must be at least 1 minute";
    else if (n > MAX_DURATION_HOURS) {
      errors.duration_hours = `Duration must be at most ${MAX_DURATION_HOURS} hours (one week)`;
    }
  }
  return errors;
}

/**
 * The form's rules are the API's zod schema: most of the page's code, and needed only once a
 * field is checked. They load right after the page (the form asks as it mounts), not with it.
 */
export const loadPostJobValidation = loadOnce(() => import("./post-job-validation"));

export const postJobResolver: Resolver<PostJobFormValues> = async (values, context, options) =>
  (await loadPostJobValidation()).postJobFormResolver(values, context, options);
