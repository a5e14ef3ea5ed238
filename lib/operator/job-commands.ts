import { eq } from "drizzle-orm";
import type { Caller } from "@/lib/api-v2/caller";
import { notFound } from "@/lib/api-v2/errors";
import { actAsWorker, assignJob, updateJob } from "@/lib/api-v2/jobs/job-actions";
import { listJobRequests } from "@/lib/api-v2/jobs/job-requests";
import { getJob, listJobs } from "@/lib/api-v2/jobs/jobs";
import { listCandidates } from "@/lib/api-v2/jobs/list-candidates";
import type { Db } from "@/lib/db/client";
import { companies, jobRequests, jobs } from "@/lib/db/schema";
import {
  CANCELLED_REASONS,
  listJobRequestsQuerySchema,
  listJobsQuerySchema,
  type WorkerAction,
} from "@/lib/schemas/job";

/**
 * The operator's job commands: what a requestor does (hire, approve, cancel, mark a no-show)
 * and what a worker does in the worker's app, which is not ours (accept, start, pause, resume,
 * complete, withdraw), so a demo can move a job through its whole life from the command line.
 * Each goes through the same services and state machine as the API.
 */

export class JobUsageError extends Error {}

async function operatorFor(db: Db, companyId: number): Promise<Caller> {
  const [c] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!c) throw notFound("Company");
  return { apiKeyId: 0, companyId: c.id, companyName: c.name, pool: "private", operator: true };
}

async function companyOfJob(db: Db, jobId: number): Promise<number> {
  const [j] = await db.select({ c: jobs.companyId }).from(jobs).where(eq(jobs.id, jobId));
  if (!j) throw notFound("Job");
  return j.c;
}

async function companyOfRequest(db: Db, id: number): Promise<number> {
  const [r] = await db
    .select({ c: jobRequests.companyId })
    .from(jobRequests)
    .where(eq(jobRequests.id, id));
  if (!r) throw notFound("Job request");
  return r.c;
}

/** A job as the API shows it, trimmed to what a person reads at a terminal. */
async function summary(db: Db, jobId: number, now: Date) {
  const caller = await operatorFor(db, await companyOfJob(db, jobId));
  const { job } = await getJob(db, caller, jobId, now);
  return {
    job_id: job.id,
    job_request_id: job.job_request_id,
    worker: job.worker
      ? `${job.worker.first_name} ${job.worker.last_name} (${job.worker.id})`
      : null,
    state: job.state,
    transitions: job.transitions.map(
      (t) => `${t.created_at} ${t.from_state ?? "·"} → ${t.name} (${t.actor})`,
    ),
  };
}

export async function runJobCommand(
  db: Db,
  verb: string,
  f: {
    job?: number;
    jobRequest?: number;
    worker?: number;
    company?: number;
    rating?: number;
    reason?: string;
    notes?: string;
    state?: string;
  },
  now: Date,
): Promise<unknown> {
  switch (verb) {
    case "assign": {
      if (!f.jobRequest || !f.worker)
        throw new JobUsageError("--job-request and --worker are required");
      const companyId = await companyOfRequest(db, f.jobRequest);
      const job = await assignJob(
        db,
        companyId,
        { job_request_id: f.jobRequest, worker_id: f.worker, requestor_notes: f.notes ?? null },
        "requestor",
        now,
      );
      return summary(db, job.id, now);
    }
    case "accept": {
      if (!f.jobRequest || !f.worker)
        throw new JobUsageError("--job-request and --worker are required");
      const companyId = await companyOfRequest(db, f.jobRequest);
      const job = await actAsWorker(
        db,
        companyId,
        { action: "accept", jobRequestId: f.jobRequest, workerId: f.worker },
        now,
      );
      return summary(db, job.id, now);
    }
    case "start":
    case "pause":
    case "resume":
    case "complete":
    case "withdraw": {
      if (!f.job) throw new JobUsageError("--job is required");
      const companyId = await companyOfJob(db, f.job);
      await actAsWorker(db, companyId, { action: verb as WorkerAction, jobId: f.job }, now);
      return summary(db, f.job, now);
    }
    case "approve":
    case "cancel":
    case "no-show": {
      if (!f.job) throw new JobUsageError("--job is required");
      if (f.reason && !(CANCELLED_REASONS as readonly string[]).includes(f.reason)) {
        throw new JobUsageError(`--reason must be one of ${CANCELLED_REASONS.join(", ")}`);
      }
      const caller = await operatorFor(db, await companyOfJob(db, f.job));
      const state = verb === "approve" ? "approved" : verb === "cancel" ? "cancelled" : "no_show";
      await updateJob(
        db,
        caller,
        f.job,
        {
          state,
          ...(f.rating !== undefined ? { rating: f.rating } : {}),
          ...(verb === "cancel"
            ? {
                cancelled_reason: (f.reason ??
                  "admin_cancelled") as (typeof CANCELLED_REASONS)[number],
              }
            : {}),
        },
        now,
      );
      return summary(db, f.job, now);
    }
    case "list": {
      if (!f.jobRequest && !f.company)
        throw new JobUsageError("--job-request or --company is required");
      const companyId = f.jobRequest ? await companyOfRequest(db, f.jobRequest) : f.company!;
      const caller = await operatorFor(db, companyId);
      const q = listJobsQuerySchema.parse({
        ...(f.jobRequest ? { job_request_id: String(f.jobRequest) } : {}),
        ...(f.state ? { state: f.state } : {}),
      });
      const { jobs: list, total } = await listJobs(db, caller, q, now);
      return {
        total,
        jobs: list.map((j) => ({
          job_id: j.id,
          job_request_id: j.job_request_id,
          state: j.state,
          worker: j.worker ? `${j.worker.first_name} ${j.worker.last_name} (${j.worker.id})` : null,
        })),
      };
    }
    default:
      throw new JobUsageError(`unknown job command "${verb}"`);
  }
}

/** The ranked candidates of a request, as the API's candidates endpoint gives them. */
export async function candidatesOf(db: Db, jobRequestId: number, per: number, now: Date) {
  const caller = await operatorFor(db, await companyOfRequest(db, jobRequestId));
  const out = await listCandidates(db, caller, jobRequestId, { page: 1, per }, now);
  return {
    job_request_id: jobRequestId,
    candidates: out.candidates.map((c) => ({
      rank: c.rank,
      worker: `${c.worker.first_name} ${c.worker.last_name} (${c.worker.id})`,
      distance_km: c.distance_km,
      coordinates: c.coordinates,
      preferred: c.preferred,
    })),
    has_more: out.has_more,
  };
}

export async function listRequests(db: Db, companyId: number, state: string | undefined) {
  const caller = await operatorFor(db, companyId);
  const q = listJobRequestsQuerySchema.parse(state ? { state } : {});
  const { job_requests: list, total } = await listJobRequests(db, caller, q);
  return {
    total,
    job_requests: list.map((r) => ({
      job_request_id: r.id,
      request_name: r.request_name,
      state: r.state,
      slots: r.slots,
      jobs: r.cached_job_states,
      start_time: r.start_time,
      city: r.city,
    })),
  };
}
