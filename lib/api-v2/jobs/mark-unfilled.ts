import { and, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { jobRequests, jobs } from "@/lib/db/schema";
import { SLOT_HOLDING_STATES } from "@/lib/schemas/job";
import { emitRequestStateChanged } from "./request-state";

/** At most this many requests per sweep: a backlog is worked off over a few sweeps. */
const BATCH = 500;

/**
 * "unfilled: the Job Request start time has passed but none of the slots was filled." Time
 * moves requests there, not a write, so the server sweeps (every minute) and the operator can
 * too. Rows are claimed with SKIP LOCKED, so several instances sweep side by side, each request
 * once, and a request being hired onto right now is left to the next sweep.
 */
export async function markUnfilled(db: Db, now: Date): Promise<{ unfilled: number[] }> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(jobRequests)
      .where(
        and(
          inArray(jobRequests.state, ["posted", "unassigned"]),
          lt(jobRequests.startTime, now),
          sql`not exists (select 1 from ${jobs} where ${jobs.jobRequestId} = ${jobRequests.id} and ${inArray(jobs.state, [...SLOT_HOLDING_STATES])})`,
        ),
      )
      .limit(BATCH)
      .for("update", { skipLocked: true });
    if (due.length === 0) return { unfilled: [] };
    const rows = await tx
      .update(jobRequests)
      .set({ state: "unfilled", updatedAt: now })
      .where(
        inArray(
          jobRequests.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
    for (const row of rows) {
      const before = due.find((d) => d.id === row.id)!;
      await emitRequestStateChanged(tx, row, before.state, now);
    }
    return { unfilled: rows.map((r) => r.id) };
  });
}
