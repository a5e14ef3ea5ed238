import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { jobs, users } from "@/lib/db/schema";
import type { AssignJobBody, JobState, UpdateJobBody, WorkerAction } from "@/lib/schemas/job";
import type { Caller } from "../caller";
import { ApiError, notFound, validationError } from "../errors";
import { noticeJob } from "../messages/live-notify";
import { isWorker } from "../users/visibility";
import { hireOnto, hireRefusal, jobOf } from "./hire-rules";
import { WORKER_ACTION_TARGET } from "./job-state-machine";
import { hireForSeries, lockSeriesOfRequest } from "./multi-day-hire";
import { syncRequestState } from "./request-state";
import type { JobRow } from "./serialize-job";
import type { JobRequestRow } from "./serialize-job-request";
import { applyTransition, type Extra, invalidMove, lockRequest } from "./transition";

/**
 * Hires a worker onto a request (POST /jobs/assign), or a worker accepts it (the operator
 * acting for them). The request row is locked for the whole transaction, so concurrent hires
 * onto one request are counted one after another and never overfill its slots; the unique
 * (request, worker) index refuses the same worker twice even across requests in flight.
 * A day of a series locks its series first; with `same_workers` the hire is onto every
 * remaining day (multi-day-hire.ts).
 */
export async function assignJob(
  db: Db,
  companyId: number,
  body: AssignJobBody,
  actor: "requestor" | "worker",
  now: Date,
  /** The teammate hiring with their own sign-in (our addition). */
  actorUserId: number | null = null,
): Promise<JobRow> {
  return db.transaction(async (tx) => {
    const series = await lockSeriesOfRequest(tx, companyId, body.job_request_id);
    const request = await lockRequest(tx, companyId, body.job_request_id).catch((e) => {
      if (e instanceof ApiError && e.code === "not_found") {
        throw validationError({ job_request_id: ["does not exist"] });
      }
      throw e;
    });
    const [worker] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, body.worker_id), eq(users.companyId, companyId), isWorker));
    if (!worker) throw validationError({ worker_id: ["is not a worker in your pool"] });
    if (series?.sameWorkers && request.multiDayJobRequestId === series.id) {
      return hireForSeries(tx, series, request, worker, body, actor, now, actorUserId);
    }
    const existing = await jobOf(tx, request.id, worker.id);
    const refusal = await hireRefusal(tx, request, worker, existing, actor, now);
    if (refusal) throw validationError({ [refusal.field]: [refusal.message] });
    const job = await hireOnto(tx, request, worker, existing, body, actor, now, actorUserId);
    await syncRequestState(tx, request, now, actorUserId);
    return job;
  });
}

async function lockJob(tx: DbOrTx, companyId: number, id: number): Promise<JobRow> {
  const [j] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, companyId)))
    .for("update");
  if (!j) throw notFound("Job");
  return j;
}

/**
 * PATCH /jobs/:id: the requestor's actions (cancel, start for the worker, approve or rate,
 * no-show, grant or reject a pending application) and notes. Request first, then job: the
 * order every writer takes locks in, so two writers never wait on each other in a circle.
 */
export async function updateJob(
  db: Db,
  caller: Caller,
  id: number,
  body: UpdateJobBody,
  now: Date,
): Promise<JobRow> {
  return db.transaction(async (tx) => {
    const peek = await lockJobRequestOf(tx, caller.companyId, id);
    let job = await lockJob(tx, caller.companyId, id);
    const hasPair = body.latitude !== undefined || body.longitude !== undefined;
    if (hasPair && (body.latitude == null) !== (body.longitude == null)) {
      throw validationError({
        [body.latitude == null ? "latitude" : "longitude"]: [
          `must be set together with ${body.latitude == null ? "longitude" : "latitude"}`,
        ],
      });
    }
    // A rating is an approval ("approved OR rated"): rating a completed job approves it.
    const target: JobState | undefined =
      body.state ?? (body.rating != null && job.state === "completed" ? "approved" : undefined);
    if (body.rating != null && target !== "approved" && job.state !== "approved") {
      throw validationError({ rating: ["can be given when the job is completed or approved"] });
    }
    if (body.cancelled_reason && target !== "cancelled") {
      throw validationError({ cancelled_reason: ["goes with state cancelled"] });
    }
    const extra: Extra = {
      cancelledReason: body.cancelled_reason,
      rating: body.rating,
      actualDuration: body.actual_duration,
      requestorNotes: body.requestor_notes,
      latitude: body.latitude ?? null,
      longitude: body.longitude ?? null,
      actorUserId: caller.person?.id ?? null,
    };
    if (target && target !== job.state) {
      job = await applyTransition(tx, job, peek, target, "requestor", now, extra);
    } else if (target && target === job.state && body.state) {
      throw invalidMove(job.state, target);
    } else {
      const set: Partial<JobRow> = {};
      if (body.rating !== undefined) set.rating = body.rating;
      if (body.actual_duration !== undefined) set.actualDuration = body.actual_duration;
      if (body.requestor_notes !== undefined) set.requestorNotes = body.requestor_notes;
      if (Object.keys(set).length > 0) {
        [job] = (await tx
          .update(jobs)
          .set({ ...set, updatedAt: now })
          .where(eq(jobs.id, job.id))
          .returning()) as [JobRow];
        // No move, so no job.state_changed: the open job page still shows the new rating/notes.
        await noticeJob(tx, {
          companyId: job.companyId,
          jobRequestId: job.jobRequestId,
          jobId: job.id,
        });
      }
    }
    await syncRequestState(tx, peek, now, extra.actorUserId);
    return job;
  });
}

async function lockJobRequestOf(tx: DbOrTx, companyId: number, jobId: number) {
  const [j] = await tx
    .select({ jobRequestId: jobs.jobRequestId })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), eq(jobs.companyId, companyId)));
  if (!j) throw notFound("Job");
  return lockRequest(tx, companyId, j.jobRequestId);
}

/**
 * What the worker does in the worker's app (not ours): accept a request, start, pause, resume,
 * complete, withdraw. The operator command acts for a worker so a demo can move a job along.
 */
export async function actAsWorker(
  db: Db,
  companyId: number,
  input: { action: WorkerAction; jobId?: number; jobRequestId?: number; workerId?: number },
  now: Date,
): Promise<JobRow> {
  if (input.action === "accept" && input.jobRequestId && input.workerId) {
    return assignJob(
      db,
      companyId,
      { job_request_id: input.jobRequestId, worker_id: input.workerId },
      "worker",
      now,
    );
  }
  if (!input.jobId) throw validationError({ job: ["is required"] });
  return db.transaction(async (tx) => {
    const request = await lockJobRequestOf(tx, companyId, input.jobId!);
    const job = await lockJob(tx, companyId, input.jobId!);
    const to = WORKER_ACTION_TARGET[input.action];
    const moved = await applyTransition(tx, job, request, to, "worker", now);
    await syncRequestState(tx, request, now);
    return moved;
  });
}

/** A cancelled request cancels every job still under way, in the same transaction. */
export async function cancelJobsOf(
  tx: DbOrTx,
  request: JobRequestRow,
  now: Date,
  actorUserId: number | null = null,
): Promise<void> {
  const live = await tx
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.jobRequestId, request.id),
        inArray(jobs.state, ["pending", "filled", "in_progress", "paused"]),
      ),
    )
    .for("update");
  for (const j of live) {
    await applyTransition(tx, j, request, "cancelled", "system", now, {
      cancelledReason: "admin_cancelled",
      actorUserId,
    });
  }
}
