/**
 * The calendar's dates. A day is a "YYYY-MM-DD" string (a date on a wall calendar, no zone):
 * the grid is a run of such days, and each posting is placed on the day its start falls on in
 * its own site's time zone — a 7 AM shift in Los Angeles is on the 3rd wherever the viewer is.
 * Arithmetic on days is done at UTC midnight, where no daylight saving moves anything.
 */

export type Day = string;

const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const utc = (day: Day) => {
  const m = DAY_RE.exec(day);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
};
const fromUtc = (ms: number): Day => new Date(ms).toISOString().slice(0, 10);

/** A real date between the years 2000 and 2100 (a hand-edited link falls back to today). */
export function isDay(s: string): boolean {
  const ms = utc(s);
  return Number.isFinite(ms) && fromUtc(ms) === s && s >= "2000-01-01" && s < "2100-01-01";
}

export const addDays = (day: Day, n: number): Day => fromUtc(utc(day) + n * DAY_MS);

/** Weeks start on Sunday, as US wall calendars do. */
export const startOfWeek = (day: Day): Day => addDays(day, -new Date(utc(day)).getUTCDay());

export const firstOfMonth = (day: Day): Day => `${day.slice(0, 7)}-01`;

export function addMonths(day: Day, n: number): Day {
  const d = new Date(utc(firstOfMonth(day)));
  d.setUTCMonth(d.getUTCMonth() + n);
  return fromUtc(d.getTime());
}

export type CalendarView = "week" | "month";

/** The days a view shows: one week, or the whole weeks that hold the anchor's month. */
export function daysOf(view: CalendarView, anchor: Day): Day[] {
  if (view === "week") {
    const first = startOfWeek(anchor);
    return Array.from({ length: 7 }, (_, i) => addDays(first, i));
  }
  const first = startOfWeek(firstOfMonth(anchor));
  const last = addDays(addMonths(anchor, 1), -1);
  const n = Math.round((utc(last) - utc(first)) / DAY_MS) + 1;
  return Array.from({ length: Math.ceil(n / 7) * 7 }, (_, i) => addDays(first, i));
}

/** The anchor one view earlier or later: a week, or the first of a month. */
export const stepAnchor = (view: CalendarView, anchor: Day, by: -1 | 1): Day =>
  view === "week" ? addDays(anchor, 7 * by) : addMonths(anchor, by);

/**
 * The instants that can start on these days somewhere: zones run from UTC−12 to UTC+14, so
 * the first day's midnight at +14 to the day after the last one's midnight at −12. The page
 * then keeps what falls on a shown day in its own zone.
 */
export function fetchWindow(days: Day[]): { start_after: string; start_before: string } {
  const first = utc(days[0]!);
  const end = utc(days[days.length - 1]!) + DAY_MS;
  return {
    start_after: new Date(first - 14 * 3_600_000).toISOString(),
    start_before: new Date(end + 12 * 3_600_000).toISOString(),
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function fmt(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  const known = formatters.get(key);
  if (known) return known;
  const made = make();
  formatters.set(key, made);
  return made;
}

/** The zone to read a posting in: its own, or the viewer's when it names none (or a bad one). */
function zoneOf(timeZone: string | null | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    fmt(`probe ${timeZone}`, () => new Intl.DateTimeFormat("en-US", { timeZone }));
    return timeZone;
  } catch {
    return undefined;
  }
}

/** The day an instant falls on in a zone. */
export function dayIn(iso: string, timeZone: string | null | undefined): Day | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const tz = zoneOf(timeZone);
  // en-CA writes dates as YYYY-MM-DD.
  return fmt(
    `day ${tz}`,
    () =>
      new Intl.DateTimeFormat("en-CA", {
        timeZone: tz,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      }),
  ).format(d);
}

/** "7:00 AM", read in a zone. */
export function timeIn(iso: string, timeZone: string | null | undefined): string {
  const tz = zoneOf(timeZone);
  return fmt(
    `time ${tz}`,
    () => new Intl.DateTimeFormat("en-US", { timeZone: tz, hour: "numeric", minute: "2-digit" }),
  ).format(new Date(iso));
}

/** "PST", "EDT", "GMT+2": the zone's short name at that instant. */
export function zoneName(iso: string, timeZone: string | null | undefined): string {
  const tz = zoneOf(timeZone);
  const parts = fmt(
    `zone ${tz}`,
    () => new Intl.DateTimeFormat("en-US", { timeZone: tz, timeZoneName: "short" }),
  ).formatToParts(new Date(iso));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? "";
}

/** Today on the viewer's own calendar. */
export const today = (): Day => dayIn(new Date().toISOString(), undefined)!;

const onUtc = (opts: Intl.DateTimeFormatOptions) => (day: Day) =>
  fmt(
    `utc ${JSON.stringify(opts)}`,
    () => new Intl.DateTimeFormat("en-US", { ...opts, timeZone: "UTC" }),
  ).format(new Date(utc(day)));

/** "Monday, March 1" */
export const longDay = onUtc({ weekday: "long", month: "long", day: "numeric" });
/** "Mon" */
export const shortWeekday = onUtc({ weekday: "short" });
/** "March 2027" */
export const monthTitle = onUtc({ month: "long", year: "numeric" });

/** "Feb 28 – Mar 6, 2027" (a week), "March 2027" (a month). */
export function rangeTitle(view: CalendarView, anchor: Day, days: Day[]): string {
  if (view === "month") return monthTitle(anchor);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  return fmt(
    "range",
    () =>
      new Intl.DateTimeFormat("en-US", {
        month: "short",
        day: "numeric",
        year: "numeric",
        timeZone: "UTC",
      }),
  ).formatRange(new Date(utc(first)), new Date(utc(last)));
}
