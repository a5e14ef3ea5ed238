import type { PickedBadge } from "@/components/badges/badge-picker";
import { type PostJobFormValues, toRequestBody } from "./post-job-model";

/**
 * Filling the "Post a job" form from what exists: a posting ("Post again") or a template. Both
 * speak the API's field names (a job request as GET returns it, a template's fields as POST
 * takes them), so one mapping serves both. Pure: no zod, no fetch.
 */

type Fields = Record<string, unknown>;

const text = (v: unknown): string =>
  typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : "";

/** Minutes → the hours the form shows ("8", "7.5"). */
export function hoursOf(minutes: unknown): string {
  const n = typeof minutes === "number" ? minutes : Number(minutes);
  if (!Number.isFinite(n) || n <= 0) return "";
  return String(Math.round((n / 60) * 100) / 100);
}

/** The form's values from API fields, over `base` (what the form holds now, or its defaults). */
export function valuesFromFields(
  f: Fields,
  base: PostJobFormValues,
  badges: PickedBadge[],
): PostJobFormValues {
  const has = (k: string) => f[k] !== undefined && f[k] !== null;
  const pick = (k: keyof PostJobFormValues & string) => (has(k) ? text(f[k]) : base[k]);
  return {
    ...base,
    request_name: pick("request_name") as string,
    category: pick("category") as string,
    description: has("description")
      ? text(f.description)
      : has("description_tasks")
        ? text(f.description_tasks)
        : base.description,
    timezone: has("timezone") ? text(f.timezone) : base.timezone,
    duration_hours: has("duration") ? hoursOf(f.duration) : base.duration_hours,
    venue: pick("venue") as string,
    address: pick("address") as string,
    city: pick("city") as string,
    address_state: pick("address_state") as string,
    zip: pick("zip") as string,
    latitude: pick("latitude") as string,
    longitude: pick("longitude") as string,
    slots: pick("slots") as string,
    wage: pick("wage") as string,
    classification: f.classification === "w2" ? "w2" : "1099",
    w2_hourly_rate: pick("w2_hourly_rate") as string,
    notification_distance: pick("notification_distance") as string,
    employer_id: has("employer_id") ? text(f.employer_id) : base.employer_id,
    badges,
  };
}

/** A job request's required badges, as the badge picker holds them. */
export function badgesOfRequest(r: {
  badge_requirements?: { badge_id: number; badge_name: string }[] | null;
}): PickedBadge[] {
  return (r.badge_requirements ?? []).map((b) => ({ id: String(b.badge_id), name: b.badge_name }));
}

/** A template's badge ids (its fields hold ids only; the names are looked up). */
export function badgeIdsOfTemplate(f: Fields): number[] {
  const list = Array.isArray(f.badge_requirements_attributes)
    ? (f.badge_requirements_attributes as { badge_id?: unknown; _destroy?: unknown }[])
    : [];
  return list
    .filter((b) => !b._destroy && typeof b.badge_id === "number")
    .map((b) => b.badge_id as number);
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * "Post again"'s start: the same wall-clock time a week later in the site's zone when that is
 * still ahead, else no date (the time of day kept) so the requestor picks one. A week, not a
 * day: repeat postings are mostly weekly shifts, and it keeps the weekday.
 */
export function nextWeekStart(
  startIso: string | null | undefined,
  timeZone: string,
  now: Date = new Date(),
): { start_date: string; start_clock: string } | null {
  if (!startIso) return null;
  const start = new Date(startIso);
  if (Number.isNaN(start.getTime())) return null;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(start);
  } catch {
    return null;
  }
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const clock = `${pad(get("hour") % 24)}:${pad(get("minute"))}`;
  const later = new Date(Date.UTC(get("year"), get("month") - 1, get("day") + 7));
  if (start.getTime() + 7 * 86_400_000 <= now.getTime())
    return { start_date: "", start_clock: clock };
  return {
    start_date: `${later.getUTCFullYear()}-${pad(later.getUTCMonth() + 1)}-${pad(later.getUTCDate())}`,
    start_clock: clock,
  };
}

/** The form as a template's fields: the posting's body without its time and state. */
export function templateFieldsOf(values: PostJobFormValues): Record<string, unknown> {
  const { state: _state, start_time: _start, ...fields } = toRequestBody(values);
  return fields;
}
