import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { jobRequests, jobs } from "@/lib/db/schema";
import { type JobRequestState, SLOT_HOLDING_STATES } from "@/lib/schemas/job";
import { emitEvent } from "../events/emit";
import { type JobRequestRow, serializeOneJobRequest } from "./serialize-job-request";

/**
 * "The state of a Job Request is determined by the states of the Jobs attached to it": from the
 * jobs that hold a slot, the request is in_progress once any has started, completed when all
 * are done, approved when all are approved, filled when every slot is taken, and open (posted,
 * or unassigned if it was) otherwise. Drafts and cancelled requests do not follow their jobs.
 */
export function deriveRequestState(
  current: JobRequestState,
  slots: number,
  held: Partial<Record<string, number>>,
): JobRequestState {
  if (current === "draft" || current === "cancelled") return current;
  const n = (s: string) => held[s] ?? 0;
  const total = SLOT_HOLDING_STATES.reduce((sum, s) => sum + n(s), 0);
  const open: JobRequestState =
    current === "unassigned" || current === "unfilled" ? current : "posted";
  if (total === 0) return open;
  if (n("approved") === total) return "approved";
  if (n("approved") + n("completed") === total) return "completed";
  if (n("filled") < total) return "in_progress";
  return total >= slots ? "filled" : open;
}

/**
 * Brings a request's stored state in line with its jobs, in the caller's transaction (the
 * request row is locked by it), and queues `job_request.state_changed` when it moved.
 */
export async function syncRequestState(
  tx: DbOrTx,
  request: JobRequestRow,
  now: Date,
  /** The teammate whose action moved it (ours): recorded on the queued deliveries. */
  actorUserId: number | null = null,
): Promise<JobRequestRow> {
  const counts = await tx
    .select({ state: jobs.state, n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.jobRequestId, request.id), inArray(jobs.state, [...SLOT_HOLDING_STATES])))
    .groupBy(jobs.state);
  const held = Object.fromEntries(counts.map((c) => [c.state, Number(c.n)]));
  const next = deriveRequestState(request.state as JobRequestState, request.slots, held);
  if (next === request.state) return request;
  const [row] = await tx
    .update(jobRequests)
    .set({ state: next, updatedAt: now })
    .where(eq(jobRequests.id, request.id))
    .returning();
  await emitRequestStateChanged(tx, row!, request.state, now, actorUserId);
  return row!;
}

export async function emitRequestStateChanged(
  tx: DbOrTx,
  row: JobRequestRow,
  previous: string,
  now: Date,
  actorUserId: number | null = null,
): Promise<void> {
  await emitEvent(tx, {
    companyId: row.companyId,
    actorUserId,
    event: "job_request.state_changed",
    live: { jobRequestId: row.id },
    data: async () => ({
      job_request: await serializeOneJobRequest(tx, row),
      previous_state: previous,
    }),
    now,
  });
}
