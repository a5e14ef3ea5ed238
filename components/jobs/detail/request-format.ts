/** How the request's when and pay read on its page. Pure, so they are tested without a screen. */

const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

function format(d: Date, timeZone: string | undefined, opts = DATE_TIME): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { ...opts, timeZone }).format(d);
  } catch {
    // An unknown zone name: the caller falls back to the viewer's zone.
    return null;
  }
}

export type StartTimes = {
  /** In the request's zone: "Sat, Jun 6, 2026, 9:00 AM EDT". */
  site: string;
  /** The request's zone name as given ("America/New_York"), null when unknown. */
  zone: string | null;
  /** The same instant in the viewer's zone, when that reads differently. */
  local: string | null;
  /** When the work ends, in the request's zone ("1:00 PM EDT"), when the duration is known. */
  end: string | null;
};

/** The start in the request's zone, and in the viewer's when they differ. */
export function startTimes(
  iso: string,
  timeZone: string | null,
  durationMinutes: number | null,
  viewerZone: string | undefined = undefined,
): StartTimes | null {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  const inSite = timeZone ? format(d, timeZone) : null;
  const site = inSite ?? format(d, viewerZone) ?? d.toISOString();
  const local = inSite ? format(d, viewerZone) : null;
  const zoneOfEnd = inSite ? (timeZone ?? undefined) : viewerZone;
  const end =
    durationMinutes && durationMinutes > 0
      ? format(new Date(d.getTime() + durationMinutes * 60_000), zoneOfEnd, {
          ...(sameDay(d, durationMinutes, zoneOfEnd)
            ? {}
            : { weekday: "short", month: "short", day: "numeric" }),
          hour: "numeric",
          minute: "2-digit",
          timeZoneName: "short",
        })
      : null;
  return {
    site,
    zone: inSite ? timeZone : null,
    local: local && local !== site ? local : null,
    end,
  };
}

function sameDay(start: Date, minutes: number, timeZone: string | undefined): boolean {
  const day = (d: Date) =>
    format(d, timeZone, { year: "numeric", month: "numeric", day: "numeric" });
  return day(start) === day(new Date(start.getTime() + minutes * 60_000));
}

/** 270 → "4 h 30 min"; 2 days and more in days and hours. */
export function durationText(minutes: number | null): string | null {
  if (minutes === null || minutes <= 0) return null;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h >= 48) {
    const days = Math.floor(h / 24);
    const rest = h % 24;
    return `${days} days${rest ? ` ${rest} h` : ""}${m ? ` ${m} min` : ""}`;
  }
  if (h === 0) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** 160 → "$160.00"; a decimal string ("18.50") as well. */
export function moneyText(v: number | string | null | undefined): string | null {
  if (v === null || v === undefined || v === "") return null;
  const n = typeof v === "number" ? v : Number(v);
  return Number.isFinite(n) ? money.format(n) : null;
}

export function classificationText(c: string | null): string | null {
  if (!c) return null;
  if (c === "w2") return "W-2 employee";
  if (c === "1099") return "1099 contractor";
  return c;
}
