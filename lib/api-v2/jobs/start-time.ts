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
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s || 0);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59) {
    return null;
  }
  // The zone's offset at that wall-clock time (twice, for the hour a DST change moves).
  let guess = asUtc - offsetMs(asUtc, timeZone);
  guess = asUtc - offsetMs(guess, timeZone);
  return new Date(guess);
}

function offsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return wall - Math.floor(utcMs / 1000) * 1000;
}
