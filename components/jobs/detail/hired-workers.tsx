"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { JobMessages } from "@/components/messages/job-messages";
import { UnreadBadge } from "@/components/messages/unread-badge";
import { StatePill } from "@/components/ui/state-pill";
import { absoluteTime, relativeTime, useNow } from "@/components/ui/time-ago";
import { usePhoneFormat } from "@/components/workers/list/phone-format";
import type { Job } from "@/lib/portal/job-types";
import type { MessagingAccess, Requestor, UnreadCounts } from "@/lib/portal/message-types";
import { JobActions } from "./job-actions";
import {
  CANCELLED_REASON_LABELS,
  firstStamp,
  jobIsLive,
  jobStateLabel,
  jobStateTone,
  SLOT_HOLDING,
  workerName,
} from "./job-state";

const STILL_ON = new Set<string>(["pending", ...SLOT_HOLDING]);
const time = (iso: string) => new Date(iso).getTime() || 0;

/** Jobs still on the request first, in the order they were hired; ended ones after. */
export function orderJobs(jobs: readonly Job[]): Job[] {
  return [...jobs].sort(
    (a, b) =>
      Number(STILL_ON.has(b.state)) - Number(STILL_ON.has(a.state)) ||
      time(a.created_at) - time(b.created_at) ||
      a.id - b.id,
  );
}

function Stamp({
  label,
  iso,
  now,
}: {
  label: string;
  iso: string | null | undefined;
  now: number;
}) {
  if (!iso) return null;
  return (
    <li>
      {label}{" "}
      <time dateTime={iso} title={absoluteTime(iso)}>
        {relativeTime(iso, now)}
      </time>
    </li>
  );
}

function initials(job: Job): string {
  const w = job.worker;
  const s = w ? `${w.first_name?.charAt(0) ?? ""}${w.last_name?.charAt(0) ?? ""}` : "";
  return s.toUpperCase() || "?";
}

/** What the workers' cards need to show each one's conversation. */
export type CardMessaging = {
  access: MessagingAccess;
  /** Unread counts (ours); null or undefined where unknown. */
  unread: UnreadCounts | null | undefined;
  /** The job request's requestor, who a key pair's session writes as by default. */
  requestor: Requestor | null;
};

function JobCard({
  job,
  pool,
  simulate,
  classification,
  messaging,
}: {
  job: Job;
  pool: "private" | "public" | null;
  simulate: boolean;
  classification: string | null;
  messaging: CardMessaging | null;
}) {
  const now = useNow(15_000);
  const formatPhone = usePhoneFormat();
  const name = workerName(job);
  const phone = job.worker?.phone;
  const workerId = job.worker?.id ?? job.user_id ?? null;
  const ended = !STILL_ON.has(job.state);
  const reason =
    job.state === "cancelled" && job.cancelled_reason
      ? (CANCELLED_REASON_LABELS[job.cancelled_reason as keyof typeof CANCELLED_REASON_LABELS] ??
        job.cancelled_reason)
      : null;
  return (
    <li className={`px-4 py-4 sm:px-6 ${ended ? "bg-slate-50/70" : ""}`}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`grid size-10 shrink-0 place-items-center rounded-full text-sm font-semibold ${
            ended ? "bg-slate-200 text-slate-600" : "bg-indigo-100 text-indigo-700"
          }`}
        >
          {initials(job)}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {job.worker ? (
              <Link
                href={`/workers/${job.worker.id}`}
                className="rounded font-semibold break-words text-slate-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {name}
              </Link>
            ) : (
              <span className="font-semibold text-slate-900">{name}</span>
            )}
            <StatePill tone={jobStateTone(job.state)} pulse={jobIsLive(job.state)}>
              {jobStateLabel(job.state)}
            </StatePill>
          </div>
          {phone && (
            <a
              href={`tel:${phone}`}
              className="mt-0.5 inline-block rounded text-sm text-slate-600 tabular-nums hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {formatPhone ? formatPhone(phone) : phone}
            </a>
          )}
          <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-600">
            <Stamp {...firstStamp(job)} now={now} />
            <Stamp label="Started" iso={job.started_at} now={now} />
            <Stamp label="Completed" iso={job.completed_at} now={now} />
            <Stamp label="Approved" iso={job.approved_at} now={now} />
            <Stamp label="Cancelled" iso={job.cancelled_at} now={now} />
            {job.hours_worked !== null && job.hours_worked !== undefined && (
              <li>{job.hours_worked} h worked</li>
            )}
            {reason && <li>Reason: {reason}</li>}
          </ul>
          <div className="mt-3 empty:hidden">
            <JobActions
              job={job}
              name={name}
              pool={pool}
              simulate={simulate}
              classification={classification}
            />
          </div>
          {messaging && workerId !== null && (
            <div className="mt-3">
              <JobMessages
                jobId={job.id}
                jobRequestId={job.job_request_id}
                workerId={workerId}
                workerName={name}
                messaging={messaging.access}
                unread={messaging.unread?.jobs[String(job.id)] ?? 0}
                requestor={messaging.requestor}
                simulate={simulate && messaging.access.write}
              />
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

/** The workers on the request, each with their job's state and what may be done next. */
export function HiredWorkers({
  jobs,
  pool,
  simulate,
  classification,
  headingId,
  empty,
  status,
  messaging = null,
}: {
  jobs: readonly Job[] | undefined;
  pool: "private" | "public" | null;
  simulate: boolean;
  classification: string | null;
  headingId: string;
  /** What to say when nobody is on the request yet. */
  empty: ReactNode;
  /** Loading or error, when the jobs are not there. */
  status: ReactNode;
  /** Each worker's conversation; null where the session may not read messages. */
  messaging?: CardMessaging | null;
}) {
  const ordered = jobs ? orderJobs(jobs) : [];
  const live = ordered.filter((j) => STILL_ON.has(j.state)).length;
  return (
    <section
      id="workers"
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Workers on this job
          </h2>
          <UnreadBadge
            count={messaging?.unread?.total}
            label="messages from the workers on this job"
          />
        </div>
        {jobs && jobs.length > 0 && (
          <p className="text-xs text-slate-500">
            {live} on the job{ordered.length > live ? ` · ${ordered.length - live} ended` : ""} ·
            updates live
          </p>
        )}
      </div>
      {!jobs ? (
        <div className="px-4 py-4 sm:px-6">{status}</div>
      ) : ordered.length === 0 ? (
        <div className="px-4 py-6 text-center text-sm text-slate-600 sm:px-6">{empty}</div>
      ) : (
        <ul aria-label="Hired workers" className="divide-y divide-slate-100">
          {ordered.map((j) => (
            <JobCard
              key={j.id}
              job={j}
              pool={pool}
              simulate={simulate}
              classification={classification}
              messaging={messaging}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
