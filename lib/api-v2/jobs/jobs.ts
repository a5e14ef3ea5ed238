import {
  and,
  count,
  desc,
  eq,
  gt,
  type InferSelectModel,
  inArray,
  lt,
  type SQL,
} from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { jobRequests, jobs } from "@/lib/db/schema";
import type { JobRequestState, JobState } from "@/lib/schemas/job";
import type { Caller } from "../caller";
import { notFound } from "../errors";
import { formatTimestamp, paging } from "../format";

type JobRow = InferSelectModel<typeof jobs>;
type JobRequestRow = InferSelectModel<typeof jobRequests>;

export function serializeJob(j: JobRow) {
  return {
    id: j.id,
    job_request_id: j.jobRequestId,
    user_id: j.userId,
    state: j.state,
    approved_at: formatTimestamp(j.approvedAt),
    created_at: formatTimestamp(j.createdAt)!,
    updated_at: formatTimestamp(j.updatedAt)!,
  };
}

export function serializeJobRequest(r: JobRequestRow) {
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    created_at: formatTimestamp(r.createdAt)!,
    updated_at: formatTimestamp(r.updatedAt)!,
  };
}

type ListQuery<S> = {
  page: number;
  per: number;
  state?: S[];
  updated_after?: Date;
  updated_before?: Date;
};

/** Jobs and job requests are visible to the company that created them, in either pool. */
export async function listJobs(db: Db, caller: Caller, q: ListQuery<JobState>) {
  const where = and(eq(jobs.companyId, caller.companyId), ...timeAndState(jobs, q));
  const { limit, offset } = paging(q.page, q.per);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(desc(jobs.updatedAt), desc(jobs.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return {
    jobs: rows.map(serializeJob),
    page: q.page,
    per: q.per,
    total: Number(totals[0]?.n ?? 0),
  };
}

export async function listJobRequests(db: Db, caller: Caller, q: ListQuery<JobRequestState>) {
  const where = and(eq(jobRequests.companyId, caller.companyId), ...timeAndState(jobRequests, q));
  const { limit, offset } = paging(q.page, q.per);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(jobRequests)
      .where(where)
      .orderBy(desc(jobRequests.updatedAt), desc(jobRequests.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(jobRequests).where(where),
  ]);
  return {
    job_requests: rows.map(serializeJobRequest),
    page: q.page,
    per: q.per,
    total: Number(totals[0]?.n ?? 0),
  };
}

function timeAndState(
  t: typeof jobs | typeof jobRequests,
  q: ListQuery<string>,
): (SQL | undefined)[] {
  return [
    q.state?.length ? inArray(t.state, q.state) : undefined,
    q.updated_after ? gt(t.updatedAt, q.updated_after) : undefined,
    q.updated_before ? lt(t.updatedAt, q.updated_before) : undefined,
  ];
}

export async function getJob(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, caller.companyId)))
    .limit(1);
  if (!row) throw notFound("Job");
  return serializeJob(row);
}

export async function getJobRequest(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(jobRequests)
    .where(and(eq(jobRequests.id, id), eq(jobRequests.companyId, caller.companyId)))
    .limit(1);
  if (!row) throw notFound("Job request");
  return serializeJobRequest(row);
}
