import Link from "next/link";
import { UnreadBadge } from "@/components/messages/unread-badge";
import { StatePill } from "@/components/ui/state-pill";
import type { JobRequest } from "@/lib/portal/job-types";
import { formatStart, formatWage, requestStateLook, slotsTaken } from "../job-format";

/** One job request in the list: name, category and site, who requested it, start, pay, slots, state. */
export function JobRequestRow({
  request: r,
  requestedBy,
  unread = 0,
}: {
  request: JobRequest;
  /** "Dana Lee", "you"; null when the job names no requestor or the name is not known. */
  requestedBy: string | null;
  /** Unread messages from its workers (ours). */
  unread?: number;
}) {
  const look = requestStateLook(r.state);
  const taken = slotsTaken(r.cached_job_states);
  const start = formatStart(r.start_time, r.timezone);
  const where = [r.venue, r.city, r.address_state ?? null].filter(Boolean).join(", ");
  const wage = formatWage(r.wage);
  const slots = r.slots ?? 0;
  return (
    <li className="group relative flex flex-col gap-2 px-4 py-4 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-6 sm:px-5">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Link
            href={`/jobs/${r.id}`}
            className="truncate font-semibold text-slate-900 after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline hover:underline"
          >
            {r.request_name || `Untitled request ${r.id}`}
          </Link>
          <UnreadBadge count={unread} label="messages from its workers" />
        </div>
        <p className="mt-0.5 truncate text-sm text-slate-600">
          {[r.category, where].filter(Boolean).join(" · ") || "No category or site yet"}
        </p>
        {requestedBy && (
          <p className="mt-0.5 truncate text-xs text-slate-500">Requested by {requestedBy}</p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-600 sm:justify-end">
        <span className="tabular-nums sm:w-48 sm:text-right">{start ?? "No start time"}</span>
        {wage && <span className="tabular-nums sm:w-20 sm:text-right">{wage}</span>}
        <span
          className="flex items-center gap-2 sm:w-28"
          title={`${taken} of ${slots} slots filled`}
        >
          <span
            aria-hidden="true"
            className="relative h-1.5 w-12 overflow-hidden rounded-full bg-slate-200"
          >
            <span
              className="absolute inset-y-0 left-0 rounded-full bg-indigo-500"
              style={{ width: `${slots ? Math.min(100, (taken / slots) * 100) : 0}%` }}
            />
          </span>
          <span className="tabular-nums">
            {taken}/{slots}
            <span className="sr-only"> slots filled</span>
          </span>
        </span>
        <span className="sm:w-24 sm:text-right">
          <StatePill tone={look.tone}>{look.label}</StatePill>
        </span>
      </div>
    </li>
  );
}
