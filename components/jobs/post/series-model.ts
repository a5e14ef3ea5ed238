import { zoneAbbreviation } from "./post-job-model";

/**
 * "Repeats" on the post form: none, or a daily or weekly series of postings (the API's
 * multi-day job request). Pure helpers: the dates of each day and the preview line.
 */

export type RepeatType = "none" | "daily" | "weekly";
export type RepeatChoice = { type: RepeatType; count: number; sameWorkers: boolean };

/** The API's bound on a series (repeat_number 1..31); the form offers 2 and up. */
export const MAX_REPEAT = 31;
export const MIN_REPEAT = 2;
export const NO_REPEAT: RepeatChoice = { type: "none", count: 3, sameWorkers: false };

const STEP = { daily: 1, weekly: 7 } as const;

/** The days' dates (YYYY-MM-DD), day 1 first: each a day or a week after the one before. */
export function seriesDates(date: string, type: Exclude<RepeatType, "none">, count: number) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return [];
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + k * STEP[type]));
    out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** "Mon Dec 7" for a YYYY-MM-DD date (the date as written, no zone shift). */
export function shortDate(date: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return date;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12));
  return new Intl.DateTimeFormat("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  })
    .format(d)
    .replace(",", "");
}

/** "9:00 AM" for "09:00". */
export function clockLabel(clock: string): string | null {
  const t = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!t) return null;
  const d = new Date(Date.UTC(2000, 0, 1, Number(t[1]), Number(t[2])));
  return new Intl.DateTimeFormat("en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "UTC",
  }).format(d);
}

/** A whole count the API takes, or null. */
export function validCount(count: number): boolean {
  return Number.isInteger(count) && count >= MIN_REPEAT && count <= MAX_REPEAT;
}

/**
 * "3 postings: Mon Dec 7, Tue Dec 8, Wed Dec 9 · 9:00 AM PST" (long series shortened to the
 * first three and the last). Null when there is nothing to preview yet.
 */
export function seriesPreview(
  choice: RepeatChoice,
  date: string,
  clock: string,
  timeZone: string,
): string | null {
  if (choice.type === "none" || !validCount(choice.count)) return null;
  const dates = seriesDates(date, choice.type, choice.count);
  const time = clockLabel(clock);
  if (dates.length === 0 || !time) return null;
  const names = dates.map(shortDate);
  const listed =
    names.length <= 5 ? names.join(", ") : `${names.slice(0, 3).join(", ")}, … ${names.at(-1)}`;
  return `${dates.length} postings: ${listed} · ${time} ${zoneAbbreviation(timeZone, date)}`;
}
