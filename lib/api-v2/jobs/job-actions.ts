import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { jobRequests, jobs, jobTransitions, users } from "@/lib/db/schema";
import {
  type AssignJobBody,
  type JobState,
  SLOT_HOLDING_STATES,
  type UpdateJobBody,
  type WorkerAction,
} from "@/lib/schemas/job";
import type { Caller } from "../caller";
import { ApiError, notFound, validationError } from "../errors";
import { emitEvent } from "../events/emit";
import { isWorker } from "../users/visibility";
import { requiredBadgesOf } from "./candidates";
import {
  type Actor,
  canTransition,
  refusalMessage,
  WORKER_ACTION_TARGET,
} from "./job-state-machine";
import { syncRequestState } from "./request-state";
import { type JobRow, serializeOneJob } from "./serialize-job";
import type { JobRequestRow } from "./serialize-job-request";

type Extra = {
  cancelledReason?: string | null;
  rating?: number | null;
  actualDuration?: number | null;
  requestorNotes?: string | null;
  latitude?: string | null;
  longitude?: string | null;
  /** The teammate who acted with their own sign-in (our addition); none for key pairs. */
  actorUserId?: number | null;
};

const invalidMove = (from: string, to: string) =>
  validationError({ state: [refusalMessage(from as JobState, to as JobState)] });

/**
 * One move of a job along the state machine, in the caller's transaction: stamps the state's
 * time, records the transition, queues `job.state_changed`. The caller syncs the request.
 */
export async function applyTransition(
  tx: DbOrTx,
  job: JobRow,
  request: JobRequestRow,
  to: JobState,
  actor: Actor,
  now: Date,
  extra: Extra = {},
): Promise<JobRow> {
  if (!canTransition(job.state as JobState, to, actor)) throw invalidMove(job.state, to);
  if (to === "paused" && request.classification !== "w2") {
    throw validationError({ state: ["paused is only available for W2 jobs"] });
  }
  const stamps: Partial<JobRow> = {};
  if (to === "filled") stamps.confirmedAt = now;
  if (to === "in_progress" && !job.startedAt) stamps.startedAt = now;
  if (to === "completed") {
    stamps.completedAt = now;
    stamps.finishedAt = now;
  }
  if (to === "approved") stamps.approvedAt = now;
  if (to === "cancelled") {
    stamps.cancelledAt = now;
    stamps.cancelledReason = extra.cancelledReason ?? null;
  }
  if (extra.rating !== undefined) stamps.rating = extra.rating;
  if (extra.actualDuration !== undefined) stamps.actualDuration = extra.actualDuration;
  if (extra.requestorNotes !== undefined) stamps.requestorNotes = extra.requestorNotes;
  const [row] = await tx
    .update(jobs)
    .set({ ...stamps, state: to, updatedAt: now })
    .where(eq(jobs.id, job.id))
    .returning();
  await tx.insert(jobTransitions).values({
    jobId: job.id,
    name: to,
    fromState: job.state,
    actor,
    actorUserId: extra.actorUserId ?? null,
    latitude: extra.latitude ?? null,
    longitude: extra.longitude ?? null,
    createdAt: now,
  });
  await emitEvent(tx, {
    companyId: row!.companyId,
    actorUserId: extra.actorUserId ?? null,
    event: "job.state_changed",
    data: async () => ({
      job: await serializeOneJob(tx, row!, null, now),
      previous_state: job.state,
    }),
    now,
  });
  return row!;
}

async function lockRequest(tx: DbOrTx, companyId: number, id: number): Promise<JobRequestRow> {
  const [r] = await tx
    .select()
    .from(jobRequests)
    .where(and(eq(jobRequests.id, id), eq(jobRequests.companyId, companyId)))
    .for("update");
  if (!r) throw notFound("Job request");
  return r;
}

const OPEN_REQUEST_STATES = ["unassigned", "posted"];

/**
 * Hires a worker onto a request (POST /jobs/assign), or a worker accepts it (the operator
 * acting for them). The request row is locked for the whole transaction, so concurrent hires
 * onto one request are counted one after another and never overfill its slots; the unique
 * (request, worker) index refuses the same worker twice even across requests in flight.
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

    const [existing] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.jobRequestId, request.id), eq(jobs.userId, worker.id)));
    // A worker who withdrew and accepts again gets the same job back.
    if (existing && !(actor === "worker" && existing.state === "withdrawn")) {
      throw validationError({ worker_id: [`is already on this job request (${existing.state})`] });
    }
    if (!OPEN_REQUEST_STATES.includes(request.state)) {
      throw validationError({
        job_request_id: [
          request.state === "filled"
            ? `has no open slots (${request.slots} of ${request.slots} filled)`
            : `is ${request.state}: only unassigned or posted requests take workers`,
        ],
      });
    }
    const suspended =
      worker.suspended &&
      (!worker.suspendedUntil || worker.suspendedUntil.getTime() > now.getTime());
    if (suspended) throw validationError({ worker_id: ["is suspended"] });
    if (request.banList.includes(worker.id)) {
      throw validationError({ worker_id: ["is on this job request's ban list"] });
    }
    const required = await requiredBadgesOf(tx, request.id);
    if (required.length > 0) {
      const held = await tx.execute(
        sql`select badge_id from user_badges where user_id = ${worker.id} and badge_id in (${sql.join(
          required.map((b) => sql`${b.badgeId}`),
          sql`, `,
        )})`,
      );
      const heldIds = new Set(
        ((held as { rows?: { badge_id: number }[] }).rows ?? []).map((r) => Number(r.badge_id)),
      );
      const missing = required.filter((b) => !heldIds.has(b.badgeId)).map((b) => b.name);
      if (missing.length > 0) {
        throw validationError({
          worker_id: [`does not hold the required badges: ${missing.join(", ")}`],
        });
      }
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(eq(jobs.jobRequestId, request.id), inArray(jobs.state, [...SLOT_HOLDING_STATES])));
    if (Number(n) >= request.slots) {
      throw validationError({
        job_request_id: [`has no open slots (${request.slots} of ${request.slots} filled)`],
      });
    }

    let job: JobRow;
    if (existing) {
      job = await applyTransition(tx, existing, request, "filled", "worker", now, {
        actorUserId,
      });
    } else {
      const state: JobState = actor === "worker" && request.usePendingState ? "pending" : "filled";
      const [row] = await tx
        .insert(jobs)
        .values({
          companyId,
          jobRequestId: request.id,
          userId: worker.id,
          state,
          requestorNotes: body.requestor_notes ?? null,
          confirmedAt: state === "filled" ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      job = row!;
      await tx.insert(jobTransitions).values({
        jobId: job.id,
        name: state,
        fromState: null,
        actor,
        actorUserId,
        createdAt: now,
      });
      await emitEvent(tx, {
        companyId,
        actorUserId,
        event: "job.state_changed",
        data: async () => ({
          job: await serializeOneJob(tx, job, null, now),
          previous_state: null,
        }),
        now,
      });
    }
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
