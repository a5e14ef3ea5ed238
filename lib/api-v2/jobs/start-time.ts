/**
 * `start_time` as the reference writes it ("2018-08-18 19:30", 24-hour, the site's local time)
 * or as ISO 8601 with an offset. A local time is read in the request's IANA `timezone`.
 */
export function resolveStartTime(text: string, timeZone: string): Date | null {
  const t = text.trim();
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(t)) {
    const d = new Date(t.replace(" ", "T"));
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const m = t.match(/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const asUtc = utcMs(y!, mo! - 1, d!, h!, mi!, s || 0);
  const check = new Date(asUtc);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo! - 1 ||
    check.getUTCDate() !== d! ||
    h! > 23 ||
    mi! > 59
  ) {
    return null;
  }
  // The zone's offset at that wall-clock time (twice, for the hour a DST change moves).
  let guess = asUtc - offsetMs(asUtc, timeZone);
  guess = asUtc - offsetMs(guess, timeZone);
  return new Date(guess);
}

/**
 * Years the database stores as written: PostgreSQL has no year 0, and JavaScript writes years
 * past 9999 as "+010000-…", which it refuses.
 */
export function inStorableYears(d: Date): boolean {
  return d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999;
}

/** Date.UTC, without its reading of years 0-99 as 1900-1999. */
function utcMs(y: number, mo: number, d: number, h: number, mi: number, s: number): number {
  const t = new Date(0);
  t.setUTCFullYear(y, mo, d);
  t.setUTCHours(h, mi, s, 0);
  return t.getTime();
}

function offsetMs(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    era: "short",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  // 1 BC is year 0 (the day before 0001-01-01 in a zone west of Greenwich).
  const bc = parts.find((p) => p.type === "era")?.value === "BC";
  const wall = utcMs(
    bc ? 1 - get("year") : get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The same local wall-clock time `days` days later in `timeZone`, as the reference writes a
 * local start ("2026-12-08 09:00:00"): a series keeps 9:00 across a DST change.
 */
export function localTimePlusDays(start: Date, timeZone: string, days: number): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(start);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const d = new Date(0);
  d.setUTCFullYear(get("year"), get("month") - 1, get("day") + days);
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(get("hour"))}:${pad(get("minute"))}:${pad(get("second"))}`
  );
}
