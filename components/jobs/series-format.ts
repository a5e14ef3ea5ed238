import type { JobRequest, SeriesDay } from "@/lib/portal/job-types";

/** How the pages name a series' days: "Mon Dec 7" in the site's zone, ranges, fill. */

export function dayDate(iso: string | null, timeZone: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  try {
    return new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: timeZone || undefined,
    })
      .format(d)
      .replace(",", "");
  } catch {
    return d.toDateString();
  }
}

/** "9:00 AM PST" in the site's zone. */
export function dayClock(iso: string | null, timeZone: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return null;
  try {
    return new Intl.DateTimeFormat("en-US", {
      hour: "numeric",
      minute: "2-digit",
      timeZone: timeZone || undefined,
      timeZoneName: "short",
    }).format(d);
  } catch {
    return null;
  }
}

/** "Mon Dec 7 – Wed Dec 9 · 9:00 AM PST". */
export function seriesRange(days: readonly SeriesDay[]): string | null {
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return null;
  const a = dayDate(first.start_time, first.timezone);
  const b = dayDate(last.start_time, last.timezone);
  const clock = dayClock(first.start_time, first.timezone);
  if (!a) return null;
  return `${a}${b && b !== a ? ` – ${b}` : ""}${clock ? ` · ${clock}` : ""}`;
}

/** Slots filled over all days, and slots in all (cancelled days left out). */
export function seriesFill(days: readonly SeriesDay[]): { filled: number; slots: number } {
  const live = days.filter((d) => d.state !== "cancelled");
  return {
    filled: live.reduce((n, d) => n + d.filled, 0),
    slots: live.reduce((n, d) => n + (d.slots ?? 0), 0),
  };
}

const FINAL = ["completed", "approved", "cancelled"];

/** The days not over and not started, from `from` on (what "this and following" cancels). */
export function cancellableFrom(days: readonly SeriesDay[], fromId: number, now = Date.now()) {
  const at = days.findIndex((d) => d.id === fromId);
  if (at < 0) return [];
  return days
    .slice(at)
    .filter(
      (d) =>
        !FINAL.includes(d.state) &&
        d.state !== "in_progress" &&
        !(d.start_time && new Date(d.start_time).getTime() <= now),
    );
}

/** The days a same-workers hire onto `dayId` covers: every day not begun or over, and it. */
export function remainingDays(days: readonly SeriesDay[], dayId: number, now = Date.now()) {
  return days.filter(
    (d) =>
      d.id === dayId ||
      (!FINAL.includes(d.state) &&
        d.state !== "in_progress" &&
        !(d.start_time && new Date(d.start_time).getTime() <= now)),
  );
}

/** Groups a page of requests: a series' days on this page become one entry, where its first shows. */
export type ListEntry =
  | { kind: "single"; request: JobRequest }
  | { kind: "series"; seriesId: number; requests: JobRequest[] };

export function groupSeries(items: readonly JobRequest[]): ListEntry[] {
  const out: ListEntry[] = [];
  const seen = new Map<number, { kind: "series"; seriesId: number; requests: JobRequest[] }>();
  for (const r of items) {
    const sid = r.multi_day_job_request_id;
    if (!sid) {
      out.push({ kind: "single", request: r });
      continue;
    }
    const entry = seen.get(sid);
    if (entry) entry.requests.push(r);
    else {
      const e = { kind: "series" as const, seriesId: sid, requests: [r] };
      seen.set(sid, e);
      out.push(e);
    }
  }
  return out;
}
