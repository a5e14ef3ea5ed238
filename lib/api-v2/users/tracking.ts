import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { jobs, jobTransitions, users } from "@/lib/db/schema";
import type { Caller } from "../caller";
import { notFound } from "../errors";
import { paging } from "../format";
import { serializeTransition } from "../jobs/serialize-job";
import { findVisibleUser } from "./visibility";

/**
 * GET /users/:id/tracking: the worker's time-and-place trail on the company's jobs, newest first
 * — every transition of their jobs for this company (when, which move, where they were, who
 * moved it), with the job request it belongs to. A worker the caller may not see, an employer
 * user and an unknown id are all 404; another company's jobs of the same worker never appear.
 * Served by the jobs (company, user) index, then each job's transitions index.
 */
export async function trackUser(
  db: Db,
  caller: Caller,
  id: number,
  q: { page: number; per: number },
  now: Date,
) {
  if (!(await findVisibleUser(db, caller, now, id))) throw notFound("User");
  const where = and(eq(jobs.companyId, caller.companyId), eq(jobs.userId, id));
  const { limit, offset } = paging(q.page, q.per);
  const actor = sql<
    string | null
  >`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;
  const [rows, totals] = await Promise.all([
    db
      .select({
        ...getTableColumns(jobTransitions),
        actorName: actor,
        jobRequestId: jobs.jobRequestId,
      })
      .from(jobTransitions)
      .innerJoin(jobs, eq(jobs.id, jobTransitions.jobId))
      .leftJoin(users, eq(users.id, jobTransitions.actorUserId))
      .where(where)
      .orderBy(desc(jobTransitions.createdAt), desc(jobTransitions.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(jobTransitions)
      .innerJoin(jobs, eq(jobs.id, jobTransitions.jobId))
      .where(where),
  ]);
  return {
    tracking: rows.map((r) => ({ ...serializeTransition(r), job_request_id: r.jobRequestId })),
    page: q.page,
    per: q.per,
    total: Number(totals[0]?.n ?? 0),
    user_id: id,
  };
}
