"use client";

import { useQueries } from "@tanstack/react-query";
import Link from "next/link";
import { type ReactNode, useId } from "react";
import { LoadError } from "@/components/ui/load-error";
import { StatePill } from "@/components/ui/state-pill";
import { TimeAgo } from "@/components/ui/time-ago";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { unwrap, useJobsOfWorker } from "@/lib/portal/client/hooks/use-jobs";
import type { JobRequest } from "@/lib/portal/job-types";
import { formatStart, jobStateLook } from "./job-format";

const SHOWN = 20;

/**
 * The worker's jobs on the worker's page: which postings they were hired onto, and where each
 * job stands. Names come from the requests themselves (a job carries only the request's id),
 * each fetched once and shared with the job request pages' cache.
 */
export function WorkerJobs({ workerId }: { workerId: number }) {
  const headingId = useId();
  const jobs = useJobsOfWorker(workerId);
  const shown = (jobs.data ?? []).slice(0, SHOWN);
  const requestIds = [...new Set(shown.map((j) => j.job_request_id))];
  const requests = useQueries({
    queries: requestIds.map((id) => ({
      queryKey: keys.jobRequest(id),
      queryFn: async () =>
        unwrap<JobRequest>("job_request", (await apiFetch(`job_requests/${id}`)).data),
      staleTime: 60_000,
    })),
  });
  const requestOf = new Map(
    requests.flatMap((q) => (q.data ? [[q.data.id, q.data] as const] : [])),
  );

  let body: ReactNode;
  if (jobs.isError) {
    body = (
      <LoadError
        title="Jobs could not be loaded"
        error={jobs.error}
        retry={() => jobs.refetch()}
        retrying={jobs.isFetching}
      />
    );
  } else if (jobs.isPending) {
    body = (
      <div aria-hidden="true" className="space-y-3">
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <p className="text-sm text-slate-600">
        Not hired onto any job yet. Hire workers from a job request&apos;s ranked candidates.
      </p>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-100">
        {shown.map((j) => {
          const r = requestOf.get(j.job_request_id);
          const look = jobStateLook(j.state);
          return (
            <li
              key={j.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0"
            >
              <div className="min-w-0 flex-1">
                <Link
                  href={`/jobs/${j.job_request_id}`}
                  className="font-medium text-slate-900 hover:underline"
                >
                  {r?.request_name ?? `Job request ${j.job_request_id}`}
                </Link>
                <p className="text-sm text-slate-600">
                  {(r && formatStart(r.start_time, r.timezone)) ?? "\u00a0"}
                  {r?.city ? ` · ${r.city}` : ""}
                </p>
              </div>
              <span className="text-xs text-slate-500">
                updated <TimeAgo iso={j.updated_at} />
              </span>
              <StatePill tone={look.tone}>{look.label}</StatePill>
            </li>
          );
        })}
      </ul>
    );
  }

  const more = (jobs.data?.length ?? 0) - shown.length;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-x-8 gap-y-3 border-t border-slate-200 pt-8 lg:grid-cols-3"
    >
      <div>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Jobs
        </h2>
        <p className="mt-1 text-sm/6 text-slate-600">
          The job requests this worker was hired onto, newest change first.
        </p>
      </div>
      <div
        aria-busy={jobs.isFetching || undefined}
        className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:col-span-2"
      >
        {body}
        {more > 0 && <p className="mt-3 text-sm text-slate-500">and {more} older jobs</p>}
      </div>
    </section>
  );
}
