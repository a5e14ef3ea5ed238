import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { jobRequests, jobs, jobTransitions } from "@/lib/db/schema";
import type { JobState } from "@/lib/schemas/job";
import { notFound, validationError } from "../errors";
import { emitEvent } from "../events/emit";
import { type Actor, canTransition, refusalMessage } from "./job-state-machine";
import { type JobRow, serializeOneJob } from "./serialize-job";
import type { JobRequestRow } from "./serialize-job-request";

/** The state machine's one move, and the request lock every writer takes first. */

export type Extra = {
  cancelledReason?: string | null;
  rating?: number | null;
  actualDuration?: number | null;
  requestorNotes?: string | null;
  latitude?: string | null;
  longitude?: string | null;
  /** The teammate who acted with their own sign-in (our addition); none for key pairs. */
  actorUserId?: number | null;
};

export const invalidMove = (from: string, to: string) =>
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
    live: { jobRequestId: row!.jobRequestId, jobId: row!.id },
    data: async () => ({
      job: await serializeOneJob(tx, row!, null, now),
      previous_state: job.state,
    }),
    now,
  });
  return row!;
}

export async function lockRequest(
  tx: DbOrTx,
  companyId: number,
  id: number,
): Promise<JobRequestRow> {
  const [r] = await tx
    .select()
    .from(jobRequests)
    .where(and(eq(jobRequests.id, id), eq(jobRequests.companyId, companyId)))
    .for("update");
  if (!r) throw notFound("Job request");
  return r;
}
