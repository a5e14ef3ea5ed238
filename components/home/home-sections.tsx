"use client";

import Link from "next/link";
import { useEffect, useId, useState } from "react";
import { formatStart, requestStateLook } from "@/components/jobs/job-format";
import { Button, buttonClass } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { ProgressBar } from "@/components/ui/progress-bar";
import { StatePill } from "@/components/ui/state-pill";
import { useToast } from "@/components/ui/toast";
import { useApproveJobs } from "@/lib/portal/client/hooks/use-home";
import type { Home, HomeAwaiting, HomeShift } from "@/lib/schemas/home";

/**
 * The home page's sections, shared by the full page (GET /home, ours) and the one built from
 * the real service's lists, whose counts may be lower bounds (`complete: false`).
 */
/** The browser's zone, where the page's days and weeks begin (UTC until the script runs). */
export function useBrowserTimeZone(): string | null {
  const [tz, setTz] = useState<string | null>(null);
  useEffect(() => setTz(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"), []);
  return tz;
}

type Counted<T> = T & { complete?: boolean };
export type HomeSections = {
  upcoming: Counted<Home["upcoming"]>;
  at_risk: Counted<Home["at_risk"]>;
  awaiting_approval: Counted<Home["awaiting_approval"]>;
};

/** The page's heading, a line under it, the view's controls and when the figures were read. */
export function HomeHeader({
  headingId,
  subtitle,
  refreshing,
  generatedAt,
  children,
}: {
  headingId?: string;
  subtitle: string;
  refreshing: boolean;
  generatedAt: string | undefined;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 id={headingId} className="text-2xl font-semibold text-slate-900">
          Home
        </h1>
        <p className="mt-1 text-sm text-slate-600">{subtitle}</p>
      </div>
      <div className="flex items-center gap-3">
        {children}
        <p className="text-xs text-slate-500" aria-live="polite">
          {refreshing
            ? "Refreshing…"
            : generatedAt
              ? `Updated ${new Date(generatedAt).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" })}`
              : ""}
        </p>
      </div>
    </div>
  );
}

/** The sections once there is data; until then a skeleton, or the error with a retry. */
export function HomeBody({
  query,
  ready,
  children,
}: {
  query: { error: Error | null; isFetching: boolean; refetch: () => unknown };
  ready: boolean;
  children: React.ReactNode;
}) {
  if (query.error && !ready) {
    return (
      <LoadError
        title="The home page could not load"
        error={query.error}
        retry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return ready ? children : <HomeSkeleton />;
}

export function HomeSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
      <div className="h-64 animate-pulse rounded-xl bg-slate-100" />
    </div>
  );
}

export function Tile({
  href,
  label,
  value,
  note,
  tone = "neutral",
}: {
  href: string;
  label: string;
  value: string;
  note?: string;
  tone?: "neutral" | "warning";
}) {
  return (
    <Link
      href={href}
      className="group block rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span className="block text-sm text-slate-600">{label}</span>
      <span
        className={`mt-1 block text-2xl font-semibold tabular-nums ${tone === "warning" ? "text-amber-700" : "text-slate-900"}`}
      >
        {value}
      </span>
      {note && <span className="mt-1 block text-xs text-slate-500">{note}</span>}
    </Link>
  );
}

export function SectionCard({
  title,
  count,
  complete = true,
  href,
  children,
}: {
  title: string;
  count: number;
  /** False when more may exist than were read (the real service's lists): "at least". */
  complete?: boolean;
  href: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <Link href={href} className="text-sm text-indigo-700 underline-offset-2 hover:underline">
          {complete ? `${count} in all` : `At least ${count}`}
          <span className="sr-only"> ({title})</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

function Meter({ shift }: { shift: HomeShift }) {
  return (
    <ProgressBar
      label={`${shift.name}: slots filled`}
      value={shift.filled}
      max={shift.slots}
      valueText={`${shift.filled} of ${shift.slots} filled`}
      tone={shift.filled < shift.slots ? "amber" : "indigo"}
      className="w-24"
    />
  );
}

export function AtRisk({
  data,
  jobsLink,
}: {
  data: Pick<HomeSections, "at_risk">;
  jobsLink: (s?: string) => string;
}) {
  return (
    <SectionCard
      title="At risk: starting within 24 hours with open slots"
      count={data.at_risk.total}
      complete={data.at_risk.complete}
      href={jobsLink("open")}
    >
      {data.at_risk.job_requests.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">
          Nothing at risk: every posting starting in the next 24 hours is filled.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.at_risk.job_requests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
              <div className="min-w-48 flex-1">
                <Link
                  href={`/jobs/${r.id}`}
                  className="font-medium text-slate-900 hover:text-indigo-700"
                >
                  {r.name}
                </Link>
                <p className="text-sm text-slate-600">{formatStart(r.start_time, r.timezone)}</p>
              </div>
              <span className="text-sm tabular-nums text-amber-700">
                {r.slots - r.filled} open of {r.slots}
              </span>
              <Link
                href={`/jobs/${r.id}#candidates`}
                className={buttonClass("secondary", "px-3 py-1.5")}
              >
                Find workers<span className="sr-only"> for {r.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

export function Awaiting({
  data,
  canApprove,
  jobsLink,
}: {
  data: Pick<HomeSections, "awaiting_approval">;
  canApprove: boolean;
  jobsLink: (s?: string) => string;
}) {
  const approve = useApproveJobs();
  const toast = useToast();
  const [ratings, setRatings] = useState<Record<number, string>>({});
  const [busyId, setBusyId] = useState<number | "all" | null>(null);
  const rows = data.awaiting_approval.jobs;

  const run = async (ids: number[], key: number | "all", rating?: number) => {
    setBusyId(key);
    try {
      const out = await approve.mutateAsync({ ids, rating });
      if (out.approved.length) {
        toast.show({
          tone: "success",
          message:
            out.approved.length === 1
              ? `Approved${rating ? ` with ${rating} star${rating > 1 ? "s" : ""}` : ""}.`
              : `Approved ${out.approved.length} jobs.`,
        });
      }
      if (out.failed.length) {
        toast.show({
          tone: "error",
          message: `${out.failed.length} could not be approved.`,
          detail: out.failed[0]?.message,
        });
      }
    } finally {
      setBusyId(null);
    }
  };

  return (
    <SectionCard
      title="Awaiting your approval"
      count={data.awaiting_approval.total}
      complete={data.awaiting_approval.complete}
      href={jobsLink("done")}
    >
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">
          Nothing to approve. Finished work appears here for your approval and rating.
        </p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {rows.map((j: HomeAwaiting) => {
              const rating = ratings[j.id] ?? "";
              return (
                <li key={j.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                  <div className="min-w-48 flex-1">
                    <p className="font-medium text-slate-900">{j.worker_name}</p>
                    <p className="text-sm text-slate-600">
                      <Link href={`/jobs/${j.job_request_id}`} className="hover:text-indigo-700">
                        {j.job_request_name}
                      </Link>
                      {j.start_time && <> · {formatStart(j.start_time, j.timezone)}</>}
                    </p>
                  </div>
                  {canApprove && (
                    <div className="flex items-center gap-2">
                      <label className="sr-only" htmlFor={`rate-${j.id}`}>
                        Rating for {j.worker_name} (optional)
                      </label>
                      <select
                        id={`rate-${j.id}`}
                        value={rating}
                        onChange={(e) => setRatings((r) => ({ ...r, [j.id]: e.target.value }))}
                        className="rounded-md border-0 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
                      >
                        <option value="">No rating</option>
                        {[5, 4, 3, 2, 1].map((n) => (
                          <option key={n} value={n}>
                            {"★".repeat(n)} {n}
                          </option>
                        ))}
                      </select>
                      <Button
                        className="px-3 py-1.5"
                        busy={busyId === j.id}
                        disabled={busyId !== null}
                        onClick={() => run([j.id], j.id, rating ? Number(rating) : undefined)}
                      >
                        Approve<span className="sr-only"> {j.worker_name}'s job</span>
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          {canApprove && rows.length > 1 && (
            <div className="flex justify-end border-t border-slate-100 px-4 py-3">
              <Button
                variant="secondary"
                busy={busyId === "all"}
                disabled={busyId !== null}
                onClick={() =>
                  run(
                    rows.map((j) => j.id),
                    "all",
                  )
                }
              >
                Approve all {rows.length} without rating
              </Button>
            </div>
          )}
        </>
      )}
    </SectionCard>
  );
}

export function Upcoming({
  data,
  jobsLink,
}: {
  data: Pick<HomeSections, "upcoming">;
  jobsLink: (s?: string) => string;
}) {
  const rows = data.upcoming.job_requests;
  return (
    <SectionCard
      title="Today and the next 7 days"
      count={data.upcoming.total}
      complete={data.upcoming.complete}
      href={jobsLink()}
    >
      {rows.length === 0 ? (
        <p className="px-4 py-6 text-sm text-slate-600">
          No shifts in the coming week.{" "}
          <Link href="/jobs/new" className="text-indigo-700 underline">
            Post a job
          </Link>
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((r) => {
            const look = requestStateLook(r.state);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                <p className="w-full text-sm tabular-nums text-slate-600 sm:w-52">
                  {formatStart(r.start_time, r.timezone)}
                </p>
                <div className="min-w-48 flex-1">
                  <Link
                    href={`/jobs/${r.id}`}
                    className="font-medium text-slate-900 hover:text-indigo-700"
                  >
                    {r.name}
                  </Link>
                  {(r.venue || r.city) && (
                    <p className="truncate text-sm text-slate-600">
                      {[r.venue, r.city].filter(Boolean).join(", ")}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-3">
                  <Meter shift={r} />
                  <span className="w-16 text-sm tabular-nums text-slate-700">
                    {r.filled}/{r.slots}
                  </span>
                  <StatePill tone={look.tone}>{look.label}</StatePill>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {data.upcoming.total > rows.length && (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
          The first {rows.length} of {data.upcoming.complete === false ? "at least " : ""}
          {data.upcoming.total}.
        </p>
      )}
    </SectionCard>
  );
}
