import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { jobs, jobTransitions, type users } from "@/lib/db/schema";
import { type AssignJobBody, type JobState, SLOT_HOLDING_STATES } from "@/lib/schemas/job";
import { emitEvent } from "../events/emit";
import { requiredBadgesOf } from "./candidates";
import { type JobRow, serializeOneJob } from "./serialize-job";
import type { JobRequestRow } from "./serialize-job-request";
import { applyTransition } from "./transition";

/** The rules of a hire, and its writing: shared by a single hire and a series' hire. */

const OPEN_REQUEST_STATES = ["unassigned", "posted"];

export type WorkerRow = typeof users.$inferSelect;

/** Why a worker cannot be hired onto a request: the field, and the words for one day. */
export type HireRefusal = {
  field: "job_request_id" | "worker_id";
  message: string;
  /** The same, said of a day of a series ("Day 3 (Fri Dec 4) is full (2 of 2 filled)"). */
  ofDay: string;
};

/** The worker's job on a request, if any (one row per request and worker). */
export async function jobOf(tx: DbOrTx, requestId: number, workerId: number) {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.jobRequestId, requestId), eq(jobs.userId, workerId)));
  return row ?? null;
}

/** Every rule a hire must pass, on a locked request; null when the worker may be hired. */
export async function hireRefusal(
  tx: DbOrTx,
  request: JobRequestRow,
  worker: WorkerRow,
  existing: JobRow | null,
  actor: "requestor" | "worker",
  now: Date,
): Promise<HireRefusal | null> {
  // A worker who withdrew and accepts again gets the same job back.
  if (existing && !(actor === "worker" && existing.state === "withdrawn")) {
    return {
      field: "worker_id",
      message: `is already on this job request (${existing.state})`,
      ofDay: `already has this worker (${existing.state})`,
    };
  }
  const full = `has no open slots (${request.slots} of ${request.slots} filled)`;
  if (!OPEN_REQUEST_STATES.includes(request.state)) {
    return request.state === "filled"
      ? {
          field: "job_request_id",
          message: full,
          ofDay: `is full (${request.slots} of ${request.slots} filled)`,
        }
      : {
          field: "job_request_id",
          message: `is ${request.state}: only unassigned or posted requests take workers`,
          ofDay: `is ${request.state}: only unassigned or posted days take workers`,
        };
  }
  const suspended =
    worker.suspended && (!worker.suspendedUntil || worker.suspendedUntil.getTime() > now.getTime());
  if (suspended)
    return { field: "worker_id", message: "is suspended", ofDay: "cannot take a suspended worker" };
  if (request.banList.includes(worker.id)) {
    return {
      field: "worker_id",
      message: "is on this job request's ban list",
      ofDay: "bans this worker",
    };
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
      return {
        field: "worker_id",
        message: `does not hold the required badges: ${missing.join(", ")}`,
        ofDay: `needs badges the worker does not hold: ${missing.join(", ")}`,
      };
    }
  }
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.jobRequestId, request.id), inArray(jobs.state, [...SLOT_HOLDING_STATES])));
  if (Number(n) >= request.slots) {
    return {
      field: "job_request_id",
      message: full,
      ofDay: `is full (${request.slots} of ${request.slots} filled)`,
    };
  }
  return null;
}

/** Writes the hire (a new job, or a withdrawn one taken back), its transition and event. */
export async function hireOnto(
  tx: DbOrTx,
  request: JobRequestRow,
  worker: WorkerRow,
  existing: JobRow | null,
  body: Pick<AssignJobBody, "requestor_notes">,
  actor: "requestor" | "worker",
  now: Date,
  actorUserId: number | null,
): Promise<JobRow> {
  if (existing) {
    return applyTransition(tx, existing, request, "filled", "worker", now, { actorUserId });
  }
  const state: JobState = actor === "worker" && request.usePendingState ? "pending" : "filled";
  const [row] = await tx
    .insert(jobs)
    .values({
      companyId: request.companyId,
      jobRequestId: request.id,
      userId: worker.id,
      state,
      requestorNotes: body.requestor_notes ?? null,
      confirmedAt: state === "filled" ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const job = row!;
  await tx.insert(jobTransitions).values({
    jobId: job.id,
    name: state,
    fromState: null,
    actor,
    actorUserId,
    createdAt: now,
  });
  await emitEvent(tx, {
    companyId: request.companyId,
    actorUserId,
    event: "job.state_changed",
    live: { jobRequestId: job.jobRequestId, jobId: job.id },
    data: async () => ({
      job: await serializeOneJob(tx, job, null, now),
      previous_state: null,
    }),
    now,
  });
  return job;
}
