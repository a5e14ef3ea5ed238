import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { jobs, users } from "@/lib/db/schema";
import { ACTIVE_JOB_STATES } from "@/lib/schemas/job";
import type { Caller } from "../caller";

const APPROVED_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Workers, as opposed to employer users (the team), who live in the same table. */
/**
 * A literal, not a parameter: the list's index holds workers only (users_company_updated_idx's
 * condition), and a prepared statement's generic plan can use a partial index only when the
 * query says the same condition in so many words.
 */
export const isWorker = sql`${users.type} = 'Worker'`;

/**
 * Which workers the caller may see, as a condition on `users` (employer users are the team's,
 * read through lib/api-v2/employers).
 * Private pool: the company's own pool. Public pool: workers with an active job for the
 * company at this moment (approved counts only within 24 hours of its approval).
 */
export function visibleUsers(caller: Caller, now: Date): SQL {
  if (caller.pool === "private") return and(isWorker, eq(users.companyId, caller.companyId))!;
  const cutoff = new Date(now.getTime() - APPROVED_WINDOW_MS);
  return sql`exists (select 1 from ${jobs} where ${and(
    eq(jobs.userId, users.id),
    eq(jobs.companyId, caller.companyId),
    sql`(${inArray(jobs.state, [...ACTIVE_JOB_STATES])} or (${jobs.state} = 'approved' and ${jobs.approvedAt} > ${cutoff.toISOString()}))`,
  )})`;
}

export async function findVisibleUser(
  db: DbOrTx,
  caller: Caller,
  now: Date,
  id: number,
  forUpdate = false,
) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), visibleUsers(caller, now)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update", { of: users }) : await query;
  return row ?? null;
}
