"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { UnreadBadge } from "@/components/messages/unread-badge";
import { StatePill } from "@/components/ui/state-pill";
import { useSeries } from "@/lib/portal/client/hooks/use-series";
import type { JobRequest, SeriesDay } from "@/lib/portal/job-types";
import { requestStateLook, slotsTaken } from "../job-format";
import { dayDate, seriesFill, seriesRange } from "../series-format";

/** The day a series' row shows the state of: the first not over, else the last. */
function leadDay(days: readonly SeriesDay[]): SeriesDay | undefined {
  return days.find((d) => !["completed", "approved", "cancelled"].includes(d.state)) ?? days.at(-1);
}

/**
 * A series in the list: one row ("Festival set-up · 3 days"), its date range and the fill of
 * all its days, linking to day 1; "Show days" lists each day with its state and fill.
 */
export function SeriesRow({
  seriesId,
  requests,
  requestedBy,
  unread = {},
}: {
  seriesId: number;
  /** The series' days found on this page of the list (the series is read for the rest). */
  requests: JobRequest[];
  requestedBy: string | null;
  /** Unread messages from the workers, by day (ours; the real service counts none). */
  unread?: Record<string, number>;
}) {
  const series = useSeries(seriesId);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const fallback: SeriesDay[] = requests.map((r) => ({
    id: r.id,
    request_name: r.request_name,
    start_time: r.start_time,
    timezone: r.timezone,
    state: r.state,
    slots: r.slots,
    filled: slotsTaken(r.cached_job_states),
  }));
  const days = series.data?.job_requests?.length ? series.data.job_requests : fallback;
  const first = days[0];
  const name = requests[0]?.request_name || first?.request_name || `Series ${seriesId}`;
  const { filled, slots } = seriesFill(days);
  const lead = leadDay(days);
  const look = requestStateLook(lead?.state ?? "posted");
  const r0 = requests[0];
  const unreadAll = days.reduce((n, d) => n + (unread[String(d.id)] ?? 0), 0);
  const where = r0 ? [r0.venue, r0.city, r0.address_state ?? null].filter(Boolean).join(", ") : "";
  return (
    <li className="px-4 py-4 hover:bg-slate-50 sm:px-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-6">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2">
            <Link
              href={`/jobs/${first?.id ?? r0?.id}`}
              className="truncate font-semibold text-slate-900 hover:underline"
            >
              {name}
              <span className="font-normal text-slate-600"> · {days.length} days</span>
            </Link>
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-100 ring-inset">
              {series.data?.repeat_type === "weekly" ? "Weekly" : "Daily"}
              {series.data?.same_workers ? " · same workers" : ""}
            </span>
            <UnreadBadge count={unreadAll} label="messages from its workers over all days" />
          </div>
          <p className="mt-0.5 truncate text-sm text-slate-600">
            {[r0?.category, where].filter(Boolean).join(" · ") || "No category or site yet"}
          </p>
          {requestedBy && (
            <p className="mt-0.5 truncate text-xs text-slate-500">Requested by {requestedBy}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-600 sm:justify-end">
          <span className="tabular-nums sm:w-48 sm:text-right">
            {seriesRange(days) ?? "No start time"}
          </span>
          <span
            className="flex items-center gap-2 sm:w-28"
            title={`${filled} of ${slots} slots filled over all days`}
          >
            <span
              aria-hidden="true"
              className="relative h-1.5 w-12 overflow-hidden rounded-full bg-slate-200"
            >
              <span
                className="absolute inset-y-0 left-0 rounded-full bg-indigo-500"
                style={{ width: `${slots ? Math.min(100, (filled / slots) * 100) : 0}%` }}
              />
            </span>
            <span className="tabular-nums">
              {filled}/{slots}
              <span className="sr-only"> slots filled over all days</span>
            </span>
          </span>
          <span className="sm:w-24 sm:text-right">
            <StatePill tone={look.tone}>{look.label}</StatePill>
          </span>
        </div>
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="mt-2 text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        {open ? "Hide days" : `Show ${days.length} days`}
        <span className="sr-only"> of {name}</span>
      </button>
      {open && (
        <ol id={listId} className="mt-2 grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
          {days.map((d, i) => {
            const l = requestStateLook(d.state);
            return (
              <li key={d.id}>
                <Link
                  href={`/jobs/${d.id}`}
                  className="flex items-center justify-between gap-2 rounded-lg px-3 py-1.5 text-sm ring-1 ring-slate-200 ring-inset hover:bg-white"
                >
                  <span>
                    Day {i + 1}
                    <span className="text-slate-600">
                      {" "}
                      · {dayDate(d.start_time, d.timezone) ?? "no date"}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="tabular-nums text-slate-600">
                      {d.filled}/{d.slots ?? 0}
                    </span>
                    <UnreadBadge
                      count={unread[String(d.id)] ?? 0}
                      label="messages from its workers"
                    />
                    <StatePill tone={l.tone}>{l.label}</StatePill>
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </li>
  );
}
