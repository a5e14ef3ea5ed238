import { and, count, desc, eq, gt, inArray, lt, type SQL } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { jobRequests, jobs } from "@/lib/db/schema";
import type { ListJobsQuery } from "@/lib/schemas/job";
import type { Caller } from "../caller";
import { notFound } from "../errors";
import { paging } from "../format";
import { serializeJobs, serializeOneJob } from "./serialize-job";

/** Jobs are visible to the company that created them, in either pool; newest change first. */
export async function listJobs(db: Db, caller: Caller, q: ListJobsQuery, now: Date) {
  const byRequest = (c: SQL) =>
    inArray(jobs.jobRequestId, db.select({ id: jobRequests.id }).from(jobRequests).where(c));
  const conds: (SQL | undefined)[] = [
    eq(jobs.companyId, caller.companyId),
    q.state?.length ? inArray(jobs.state, q.state) : undefined,
    q.job_request_id !== undefined ? eq(jobs.jobRequestId, q.job_request_id) : undefined,
    q.worker_id !== undefined ? eq(jobs.userId, q.worker_id) : undefined,
    q.w2_pay_status ? eq(jobs.w2PayStatus, q.w2_pay_status) : undefined,
    // Classification and the W2 rate live on the request (a job inherits them).
    q.classification ? byRequest(eq(jobRequests.classification, q.classification)) : undefined,
    q.w2_hourly_rate !== undefined
      ? byRequest(eq(jobRequests.w2HourlyRate, q.w2_hourly_rate.toFixed(2)))
      : undefined,
    q.updated_after ? gt(jobs.updatedAt, q.updated_after) : undefined,
    q.updated_before ? lt(jobs.updatedAt, q.updated_before) : undefined,
  ];
  const where = and(...conds);
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
    jobs: await serializeJobs(db, rows, caller, now),
    page: q.page,
    per: q.per,
    total: Number(totals[0]?.n ?? 0),
  };
}

export async function getJob(db: Db, caller: Caller, id: number, now: Date) {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.companyId, caller.companyId)))
    .limit(1);
  if (!row) throw notFound("Job");
  return { job: await serializeOneJob(db, row, caller, now) };
}
