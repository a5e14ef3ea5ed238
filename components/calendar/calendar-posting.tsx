import Link from "next/link";
import { requestStateLook, slotsTaken } from "@/components/jobs/job-format";
import type { JobRequest } from "@/lib/portal/job-types";
import { timeIn, zoneName } from "./calendar-dates";

/**
 * One posting on the calendar: its local start (the site's zone, named when it is not the
 * viewer's), its name, and how many slots are filled. The whole card is one link to it.
 */
export function CalendarPosting({
  request: r,
  viewerZone,
  compact = false,
}: {
  request: JobRequest;
  /** The viewer's own zone (null until known in the browser). */
  viewerZone: string | null;
  /** The month grid: one line of name, time and fill. */
  compact?: boolean;
}) {
  const iso = r.start_time!;
  const time = timeIn(iso, r.timezone);
  const zone = zoneName(iso, r.timezone);
  const showZone = viewerZone !== null && zone !== zoneName(iso, viewerZone);
  const taken = slotsTaken(r.cached_job_states);
  const slots = r.slots ?? 0;
  const full = slots > 0 && taken >= slots;
  const look = requestStateLook(r.state);
  const name = r.request_name || `Untitled request ${r.id}`;
  const ended = ["cancelled", "unfilled"].includes(r.state);
  // The bar on the left says how full it is: filled (green), some (amber), none (slate).
  const bar = ended
    ? "border-l-slate-300"
    : full
      ? "border-l-emerald-500"
      : taken > 0
        ? "border-l-amber-500"
        : "border-l-slate-400";
  const label = `${name}, ${time}${showZone ? ` ${zone}` : ""}, ${taken} of ${slots} slots filled, ${look.label}`;
  if (compact) {
    return (
      <Link
        href={`/jobs/${r.id}`}
        aria-label={label}
        title={label}
        className={`block truncate rounded border-l-4 bg-slate-50 px-1.5 py-0.5 text-xs text-slate-800 ring-1 ring-slate-200 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 ${bar} ${ended ? "line-through decoration-slate-400" : ""}`}
      >
        <span className="font-medium tabular-nums">{time}</span> {name}
      </Link>
    );
  }
  return (
    <Link
      href={`/jobs/${r.id}`}
      className={`block rounded-md border-l-4 bg-white px-2.5 py-2 text-sm shadow-xs ring-1 ring-slate-200 hover:bg-indigo-50 hover:ring-indigo-200 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600 ${bar}`}
    >
      <span className="block text-xs font-medium text-slate-600 tabular-nums">
        {time}
        {showZone && <span className="ml-1 text-slate-500">{zone}</span>}
      </span>
      <span
        className={`mt-0.5 block font-semibold break-words text-slate-900 ${ended ? "line-through decoration-slate-400" : ""}`}
      >
        {name}
      </span>
      <span className="mt-1 flex flex-wrap items-center justify-between gap-x-2 text-xs text-slate-600">
        <span className="whitespace-nowrap tabular-nums">
          {taken}/{slots}
          <span className="sr-only"> slots</span> filled
        </span>
        <span className="whitespace-nowrap">{look.label}</span>
      </span>
    </Link>
  );
}
