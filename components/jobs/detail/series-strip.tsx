"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { StatePill } from "@/components/ui/state-pill";
import { useCancelFollowing, useSeries } from "@/lib/portal/client/hooks/use-series";
import type { JobRequest, SeriesDay } from "@/lib/portal/job-types";
import { requestStateLook } from "../job-format";
import { cancellableFrom, dayDate, remainingDays } from "../series-format";
import { ConfirmDialog } from "./confirm-dialog";
import { errorText } from "./error-text";

/** "Day 2 (Tue Dec 8)": how the page names a day of its series. */
export function dayName(days: readonly SeriesDay[], day: SeriesDay): string {
  const n = days.findIndex((d) => d.id === day.id) + 1;
  const date = dayDate(day.start_time, day.timezone);
  return date ? `Day ${n} (${date})` : `Day ${n}`;
}

/** The series a posting belongs to, read once per page (shared by the strip and the header). */
export function useSeriesOf(request: JobRequest) {
  const series = useSeries(request.multi_day_job_request_id);
  const days = series.data?.job_requests ?? [];
  const here = days.find((d) => d.id === request.id) ?? null;
  const sameWorkers = series.data?.same_workers === true;
  // Only a day that takes workers now hires onto the others.
  const open = here !== null && ["posted", "unassigned"].includes(here.state);
  const allDays = sameWorkers && open ? remainingDays(days, here.id).length : null;
  return { series, days, here, sameWorkers, allDays };
}

/**
 * A posting of a series: "Day 2 of 3", a strip of every day (date, fill, state) linking to
 * each, and "Cancel this and following days" with a confirm that names the dates.
 */
export function SeriesStrip({
  request,
  pool,
}: {
  request: JobRequest;
  pool: "private" | "public" | null;
}) {
  const headingId = useId();
  const { series, days, here, sameWorkers, allDays } = useSeriesOf(request);
  const seriesId = request.multi_day_job_request_id ?? 0;
  const cancel = useCancelFollowing(seriesId);
  const [confirming, setConfirming] = useState(false);
  if (!request.multi_day_job_request_id) return null;
  if (series.isPending) {
    return <div aria-hidden="true" className="h-24 animate-pulse rounded-xl bg-slate-100" />;
  }
  if (!here) return null;
  const position = days.indexOf(here) + 1;
  const following = cancellableFrom(days, here.id);
  const canCancelFollowing =
    pool !== "public" && following.length >= 2 && following[0]?.id === here.id;
  const names = following.map(
    (d) => dayDate(d.start_time, d.timezone) ?? `Day ${days.indexOf(d) + 1}`,
  );
  const error = cancel.isError ? errorText(cancel.error) : null;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Day {position} of {days.length}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {series.data?.repeat_type === "weekly" ? "Weekly" : "Daily"} series
            {sameWorkers
              ? ` · Same workers every day${
                  allDays && allDays > 1
                    ? `: hiring someone here hires them for all ${allDays} remaining days`
                    : ""
                }`
              : ""}
          </p>
        </div>
        {canCancelFollowing && (
          <Button
            variant="secondary"
            className="text-red-700"
            onClick={() => {
              cancel.reset();
              setConfirming(true);
            }}
          >
            Cancel this and following days
          </Button>
        )}
      </div>
      <nav aria-label="Days of this series" className="mt-3">
        <ol className="flex flex-wrap gap-2">
          {days.map((d, i) => {
            const look = requestStateLook(d.state);
            const current = d.id === here.id;
            return (
              <li key={d.id}>
                <Link
                  href={`/jobs/${d.id}`}
                  aria-current={current ? "page" : undefined}
                  className={`flex min-w-32 flex-col gap-1 rounded-lg px-3 py-2 text-sm ring-1 ring-inset ${
                    current
                      ? "bg-indigo-50 ring-2 ring-indigo-600"
                      : "bg-white ring-slate-200 hover:bg-slate-50"
                  }`}
                >
                  <span className="font-medium text-slate-900">
                    Day {i + 1}
                    <span className="font-normal text-slate-600">
                      {" "}
                      · {dayDate(d.start_time, d.timezone) ?? "no date"}
                    </span>
                  </span>
                  <span className="flex items-center justify-between gap-2">
                    <span className="tabular-nums text-slate-600">
                      {d.filled}/{d.slots ?? 0}
                      <span className="sr-only"> filled</span>
                    </span>
                    <StatePill tone={look.tone}>{look.label}</StatePill>
                  </span>
                </Link>
              </li>
            );
          })}
        </ol>
      </nav>
      {error && !confirming && (
        <div className="mt-3">
          <Alert tone="error" title="The days were not cancelled">
            {error}
          </Alert>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Cancel ${names.length} days: ${names.join(", ")}?`}
        confirmLabel={`Yes, cancel ${names.length} days`}
        keepLabel="Keep them"
        busy={cancel.isPending}
        error={confirming ? error : null}
        onConfirm={() =>
          cancel.mutate({ from: here.id, days }, { onSuccess: () => setConfirming(false) })
        }
        onClose={() => setConfirming(false)}
      >
        <p>
          This day and every later day not yet started are cancelled, with the jobs still under way
          on them: the workers are told. Earlier days are kept.
        </p>
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
