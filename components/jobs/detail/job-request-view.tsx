"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useDeferredValue, useEffect, useId, useMemo, useRef } from "react";
import { UnreadBadge } from "@/components/messages/unread-badge";
import { useRoleRefusal } from "@/components/portal/portal-access";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { StatePill } from "@/components/ui/state-pill";
import { TimeAgo } from "@/components/ui/time-ago";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useJobRequest, useJobsOfRequest } from "@/lib/portal/client/hooks/use-jobs";
import { useUnread } from "@/lib/portal/client/hooks/use-messages";
import { useMessageStream } from "@/lib/portal/client/use-message-stream";
import type { Job, JobRequest } from "@/lib/portal/job-types";
import type { MessagingAccess, Requestor } from "@/lib/portal/message-types";
import { HireByName } from "./hire-by-name";
import { HiredWorkers } from "./hired-workers";
import {
  canHireInto,
  mergeTimeline,
  requestStateLabel,
  requestStateTone,
  slotsTaken,
} from "./job-state";
import { JobTimeline } from "./job-timeline";
import { RequestActions } from "./request-actions";
import { RequestSummary } from "./request-summary";
import { ResendNotificationsButton } from "./resend-notifications-button";
import { dayName, SeriesStrip, useSeriesOf } from "./series-strip";

/**
 * Against the real service (no push channel), other people's hires and the workers' moves show
 * within this long. Against ours, the live stream's `job` events bring them at once, and the
 * page asks nothing while nothing happens.
 */
export const LIVE_MS = 5_000;

// The candidates (list, map, Hire) load beside the page rather than with it: the page's first
// load stays small, and an upstream without the ranking never fetches them at all.
const CandidatesPanel = dynamic(
  () => import("@/components/jobs/candidates/candidates-panel").then((m) => m.CandidatesPanel),
  { loading: () => <PanelSkeleton label="Loading the candidates" /> },
);

type Pool = "private" | "public" | null;

export function JobRequestView({
  id,
  pool,
  mapTileUrl,
  ranking,
  simulate,
  messaging = null,
}: {
  id: number;
  pool: Pool;
  mapTileUrl: string;
  /** The upstream ranks candidates (ours); otherwise the panel is not shown. */
  ranking: boolean;
  /** Offer the demo's "act as the worker" buttons (our test environment). */
  simulate: boolean;
  /** The conversations with the hired workers; null where the session may not read them. */
  messaging?: MessagingAccess | null;
}) {
  const request = useJobRequest(id);
  // Our API pushes this request's changes (LoadedView follows its stream); the real service's
  // jobs are asked again every LIVE_MS.
  const pushed = messaging?.live === "stream";
  const jobs = useJobsOfRequest(id, {
    refetchInterval: request.isSuccess && !pushed ? LIVE_MS : undefined,
  });
  // Pushed, each job event reads the request again itself.
  useRequestFollowsJobs(pushed ? undefined : jobs.data, request.refetch);
  // Its first render, once the request arrives, is deferred: React renders it in slices.
  const shown = useDeferredValue(request.isSuccess);

  if (request.isPending) return <JobRequestSkeleton />;
  if (request.isError) {
    const e = request.error;
    if (e instanceof ApiClientError && e.status === 404) return <JobRequestNotFound />;
    return (
      <div className="mx-auto max-w-lg">
        <Breadcrumbs here={`Job request #${id}`} />
        <h1 className="mt-2 mb-4 text-2xl font-bold tracking-tight text-slate-900">
          Job request #{id}
        </h1>
        <LoadError
          title="This job request could not be loaded"
          error={e}
          retry={request.refetch}
          retrying={request.isFetching}
        />
      </div>
    );
  }
  if (!shown) return <JobRequestSkeleton />;
  return (
    <LoadedView
      request={request.data}
      jobsQuery={jobs}
      pool={pool}
      mapTileUrl={mapTileUrl}
      ranking={ranking}
      simulate={simulate}
      messaging={messaging}
    />
  );
}

/**
 * Against the real service the jobs are polled and the request is not. When the jobs' states
 * change (someone else hired, a worker started), the request's own state has likely moved too:
 * fetch it again. (Pushed, the job event reads both.)
 */
function useRequestFollowsJobs(jobs: Job[] | undefined, refetch: () => unknown) {
  const seen = useRef<string | null>(null);
  const signature = jobs
    ?.map((j) => `${j.id}:${j.state}`)
    .sort()
    .join(",");
  useEffect(() => {
    if (signature === undefined) return;
    if (seen.current !== null && seen.current !== signature) void refetch();
    seen.current = signature;
  }, [signature, refetch]);
}

function LoadedView({
  request,
  jobsQuery,
  pool,
  mapTileUrl,
  ranking,
  simulate,
  messaging,
}: {
  request: JobRequest;
  jobsQuery: ReturnType<typeof useJobsOfRequest>;
  pool: Pool;
  mapTileUrl: string;
  ranking: boolean;
  simulate: boolean;
  messaging: MessagingAccess | null;
}) {
  // Our API pushes this request's message and job events; the real service's pages poll.
  const pushed = messaging?.live === "stream";
  const unread = useUnread(request.id, pushed);
  useMessageStream(request.id, pushed);
  const summaryId = useId();
  const workersId = useId();
  const { allDays } = useSeriesOf(request);
  const timelineId = useId();
  const jobs = jobsQuery.data;
  const taken = slotsTaken(jobs, request);
  const canHire = canHireInto(request.state, pool);
  const timeline = useMemo(() => mergeTimeline(request, jobs ?? []), [request, jobs]);
  const underWay = (jobs ?? []).filter((j) =>
    ["pending", "filled", "in_progress", "paused"].includes(j.state),
  ).length;

  const jobsStatus = jobsQuery.isError ? (
    <LoadError
      title="The workers on this job could not be loaded"
      error={jobsQuery.error}
      retry={jobsQuery.refetch}
      retrying={jobsQuery.isFetching}
    />
  ) : (
    <ListSkeleton />
  );

  const main = (
    <>
      <HiredWorkers
        jobs={jobs}
        pool={pool}
        simulate={simulate}
        classification={request.classification}
        headingId={workersId}
        status={jobsStatus}
        empty={<EmptyWorkers request={request} canHire={canHire} ranking={ranking} />}
        messaging={
          messaging && {
            access: messaging,
            unread: unread.data,
            requestor: requestorOf(request),
          }
        }
      />
      <JobTimeline entries={timeline} headingId={timelineId} loading={jobsQuery.isPending} />
    </>
  );

  return (
    <div className="space-y-6">
      <RequestHeader
        request={request}
        pool={pool}
        underWay={underWay}
        unread={unread.data?.total ?? 0}
      />
      <SeriesStrip request={request} pool={pool} />
      {ranking ? (
        // Phone: summary, candidates, then the hired workers and the timeline. Desktop: the
        // candidates in a column of their own beside the rest, in the same (reading) order.
        <div className="grid gap-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">
            <RequestSummary request={request} taken={taken} headingId={summaryId} />
          </div>
          <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <CandidatesPanel
              request={request}
              mapTileUrl={mapTileUrl}
              canHire={canHire}
              allDays={allDays}
            />
          </div>
          <div className="min-w-0 space-y-6 self-start lg:col-start-1 lg:row-start-2">{main}</div>
        </div>
      ) : (
        <div className="max-w-3xl space-y-6">
          <RequestSummary request={request} taken={taken} headingId={summaryId} />
          {canHire && <HireByName request={request} allDays={allDays} />}
          {main}
          <p className="text-xs text-slate-500">
            Ranked candidates are offered by the portal&apos;s built-in API only; this API does not
            rank workers for a request.
          </p>
        </div>
      )}
    </div>
  );
}

function Breadcrumbs({ here }: { here: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
      <Link href="/jobs" className="rounded hover:text-slate-800">
        Job requests
      </Link>
      <span aria-hidden="true"> / </span>
      <span className="break-words text-slate-800" aria-current="page">
        {here}
      </span>
    </nav>
  );
}

/** The request's requestor, named where the upstream nests them (a key pair writes as them). */
function requestorOf(r: JobRequest): Requestor | null {
  const id = r.employer?.id ?? r.employer_id ?? null;
  if (id === null) return null;
  const name = [r.employer?.first_name, r.employer?.last_name]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(" ");
  return { id, name: name || null };
}

const requestTitle = (r: JobRequest) => r.request_name?.trim() || `Job request #${r.id}`;

function RequestHeader({
  request,
  pool,
  underWay,
  unread,
}: {
  request: JobRequest;
  pool: Pool;
  underWay: number;
  /** Unread messages from its workers (ours): a link down to their conversations. */
  unread: number;
}) {
  const title = requestTitle(request);
  const { days, here } = useSeriesOf(request);
  return (
    <header>
      <Breadcrumbs here={title} />
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">
              {title}
            </h1>
            <StatePill
              tone={requestStateTone(request.state)}
              pulse={request.state === "in_progress"}
            >
              {requestStateLabel(request.state)}
            </StatePill>
            {unread > 0 && (
              <a
                href="#workers"
                className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <UnreadBadge count={unread} label="messages from the workers: go to them" />
              </a>
            )}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            {request.category && (
              <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
                {request.category}
              </span>
            )}
            <span>Request #{request.id}</span>
            <span aria-hidden="true">·</span>
            <span>
              Updated <TimeAgo iso={request.updated_at} />
            </span>
          </p>
        </div>
        <RequestActions
          request={request}
          pool={pool}
          activeJobs={underWay}
          seriesDay={here ? dayName(days, here) : null}
        />
      </div>
      <StateNote request={request} pool={pool} />
      <ResendNotificationsButton request={request} pool={pool} />
    </header>
  );
}

/** A line on what the state means for hiring, where it is not obvious. */
function StateNote({ request, pool }: { request: JobRequest; pool: Pool }) {
  const refusal = useRoleRefusal("jobs.write", "hire or change job requests");
  if (pool === "public") {
    return (
      <p className="mt-3 text-sm text-slate-600">
        {refusal
          ? `${refusal} You can follow this one.`
          : "Public-pool keys can follow this request but not change it."}
      </p>
    );
  }
  const text: Record<string, string> = {
    draft: "This is a draft: workers do not see it until it is posted.",
    unassigned: "Unassigned: you can hire workers, but nobody is told about it until it is posted.",
    unfilled: "The start time passed with slots still open. Post it again to keep hiring.",
  };
  const note = text[request.state];
  return note ? (
    <div className="mt-4">
      <Alert tone="info">{note}</Alert>
    </div>
  ) : null;
}

function EmptyWorkers({
  request,
  canHire,
  ranking,
}: {
  request: JobRequest;
  canHire: boolean;
  ranking: boolean;
}) {
  if (request.state === "cancelled") return <p>Nobody was hired before it was cancelled.</p>;
  if (canHire) {
    return (
      <p>
        Nobody is hired yet.{" "}
        {ranking
          ? "Hire from the ranked candidates."
          : "Hire a worker by name above; workers who accept it in their app appear here too."}
      </p>
    );
  }
  return <p>Nobody is hired yet.</p>;
}

/** The 404: an id that does not exist, or that these keys may not see (the API never says which). */
export function JobRequestNotFound() {
  return (
    <div className="mx-auto max-w-lg rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h1 className="text-lg font-semibold text-slate-900">This job request does not exist</h1>
      <p className="mt-2 text-sm text-slate-600">
        There is no job request with this number, or your keys cannot see it.
      </p>
      <Link href="/jobs" className={buttonClass("primary", "mt-6")}>
        Back to job requests
      </Link>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      {[0, 1].map((i) => (
        <div key={i} className="flex animate-pulse gap-3">
          <div className="size-10 rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2 pt-1">
            <div className="h-4 w-40 rounded bg-slate-200" />
            <div className="h-3 w-56 max-w-full rounded bg-slate-200/70" />
          </div>
        </div>
      ))}
    </div>
  );
}

function PanelSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="animate-pulse rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <div className="h-5 w-40 rounded bg-slate-200" />
      <div className="mt-4 h-56 rounded-lg bg-slate-100" />
      <div className="mt-4 space-y-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-10 rounded bg-slate-200/70" />
        ))}
      </div>
    </div>
  );
}

/** The page's footprint while the request loads, so nothing jumps when it arrives. */
export function JobRequestSkeleton() {
  return (
    <div role="status" aria-label="Loading the job request" className="animate-pulse">
      <div className="h-4 w-40 rounded bg-slate-200" />
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-2">
          <div className="h-7 w-64 max-w-full rounded bg-slate-200" />
          <div className="h-4 w-48 rounded bg-slate-200/70" />
        </div>
        <div className="flex gap-2">
          <div className="h-9 w-20 rounded-lg bg-slate-200" />
          <div className="h-9 w-32 rounded-lg bg-slate-200" />
        </div>
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <div className="h-64 rounded-xl bg-white ring-1 ring-slate-200" />
          <div className="h-40 rounded-xl bg-white ring-1 ring-slate-200" />
        </div>
        <div className="h-96 rounded-xl bg-white ring-1 ring-slate-200" />
      </div>
    </div>
  );
}
