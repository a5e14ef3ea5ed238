import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rate-limit";

/**
 * Folds the job request counts that other database backends wrote into one row per company and
 * state (migration 0018's `fold_job_request_counts`): the counts are sharded by the backend that
 * wrote them, so connections that come and go would otherwise leave rows behind for the list's
 * sum to add up. Bounded (10,000 rows a call), never waits on a running transaction, one fold at
 * a time across instances. Returns the rows folded.
 */
export async function foldJobRequestCounts(db: Db): Promise<number> {
  const result = await db.execute(sql`select fold_job_request_counts() as folded`);
  return Number(rowsOf<{ folded: number }>(result)[0]?.folded ?? 0);
}
