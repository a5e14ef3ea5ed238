import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { companies, jobRequestCounts, jobRequests } from "@/lib/db/schema";
import { BLANK } from "@/lib/schemas/common";
import {
  type JobRequestState,
  jobRequestBodySchema,
  type ListJobRequestsQuery,
} from "@/lib/schemas/job";
import type { Caller } from "../caller";
import { type FieldErrors, notFound } from "../errors";
import { paging } from "../format";
import { parseBody } from "../handler";
import { withTemplate } from "../job-request-templates/from-template";
import { noticeJob } from "../messages/live-notify";
import { cancelJobsOf } from "./job-actions";
import { type Insert, prepareWrite, valuesOf, writeBadges } from "./job-request-body";
import { notifyTopCandidates } from "./notify-candidates";
import { emitRequestStateChanged, syncRequestState } from "./request-state";
import {
  type JobRequestRow,
  serializeJobRequests,
  serializeOneJobRequest,
} from "./serialize-job-request";

/** The states a client may move a request between; the rest follow the jobs. */
const CLIENT_MOVES: Record<JobRequestState, readonly JobRequestState[]> = {
  draft: ["unassigned", "posted", "cancelled"],
  unassigned: ["posted", "cancelled", "draft"],
  posted: ["unassigned", "cancelled"],
  unfilled: ["posted", "cancelled"],
  filled: ["cancelled"],
  in_progress: ["cancelled"],
  completed: [],
  approved: [],
  cancelled: [],
};
const FINAL: readonly JobRequestState[] = ["completed", "approved", "cancelled"];

/**
 * The list's query keys that the trigger-kept counts answer (migration 0018: per company and
 * state). Any other filter, present or added later, is counted from the rows.
 */
const COUNTED_KEYS: ReadonlySet<string> = new Set(["page", "per", "sort", "state", "company_id"]);

/** The list's `total`: the kept counts' sum when the filters allow, else count(*). */
function totalOf(db: Db, caller: Caller, q: ListJobRequestsQuery, where: SQL | undefined) {
  const kept =
    (q.company_id === undefined || q.company_id === caller.companyId) &&
    Object.entries(q).every(([k, v]) => v === undefined || COUNTED_KEYS.has(k));
  if (!kept) return db.select({ n: count() }).from(jobRequests).where(where);
  return db
    .select({ n: sql<string>`coalesce(sum(${jobRequestCounts.requests}), 0)` })
    .from(jobRequestCounts)
    .where(
      and(
        eq(jobRequestCounts.companyId, caller.companyId),
        q.state?.length ? inArray(jobRequestCounts.state, q.state) : undefined,
      ),
    );
}

/** Job requests are visible to the company that created them, in either pool. */
export async function listJobRequests(db: Db, caller: Caller, q: ListJobRequestsQuery) {
  const conds: (SQL | undefined)[] = [
    eq(jobRequests.companyId, caller.companyId),
    q.state?.length ? inArray(jobRequests.state, q.state) : undefined,
    // Another company's id finds nothing (never another company's requests).
    q.company_id !== undefined ? eq(jobRequests.companyId, q.company_id) : undefined,
    q.multi_day_job_request_id !== undefined
      ? eq(jobRequests.multiDayJobRequestId, q.multi_day_job_request_id)
      : undefined,
    q.classification ? eq(jobRequests.classification, q.classification) : undefined,
    q.w2_hourly_rate !== undefined
      ? eq(jobRequests.w2HourlyRate, q.w2_hourly_rate.toFixed(2))
      : undefined,
    q.agent_code === undefined
      ? undefined
      : q.agent_code === "Null"
        ? or(isNull(jobRequests.agentCode), eq(jobRequests.agentCode, ""))
        : eq(jobRequests.agentCode, q.agent_code),
    q.category ? eq(jobRequests.category, q.category) : undefined,
    q.employer_id !== undefined ? eq(jobRequests.employerId, q.employer_id) : undefined,
    q.zip ? eq(jobRequests.zip, q.zip) : undefined,
    q.updated_after ? gt(jobRequests.updatedAt, q.updated_after) : undefined,
    q.updated_before ? lt(jobRequests.updatedAt, q.updated_before) : undefined,
    // Half-open, so consecutive windows (weeks, months) never show a request twice.
    q.start_after ? gte(jobRequests.startTime, q.start_after) : undefined,
    q.start_before ? lt(jobRequests.startTime, q.start_before) : undefined,
  ];
  const where = and(...conds);
  const { limit, offset } = paging(q.page, q.per);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(jobRequests)
      .where(where)
      .orderBy(
        ...(q.sort === "start_time"
          ? [sql`${jobRequests.startTime} asc nulls last`, asc(jobRequests.id)]
          : [desc(jobRequests.updatedAt), desc(jobRequests.id)]),
      )
      .limit(limit)
      .offset(offset),
    totalOf(db, caller, q, where),
  ]);
  return {
    job_requests: await serializeJobRequests(db, rows),
    page: q.page,
    per: q.per,
    total: Number(totals[0]?.n ?? 0),
  };
}

export async function findJobRequest(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<JobRequestRow> {
  const [row] = await db
    .select()
    .from(jobRequests)
    .where(and(eq(jobRequests.id, id), eq(jobRequests.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound("Job request");
  return row;
}

export async function getJobRequest(db: Db, caller: Caller, id: number) {
  return {
    job_request: await serializeOneJobRequest(db, await findJobRequest(db, caller.companyId, id)),
  };
}

/** POST /job_requests (with `job_request_template_id`: from that template, see withTemplate). */
export async function createJobRequest(
  db: Db,
  caller: Caller,
  raw: Record<string, unknown>,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const body = await withTemplate(tx, caller, raw);
    return {
      job_request: await serializeOneJobRequest(tx, await insertJobRequest(tx, caller, body, now)),
    };
  });
}

/**
 * One posting, in the caller's transaction: every check (one 422 with every failing field),
 * the row, its badges, and the top candidates' notices when it is posted.
 */
export async function insertJobRequest(
  tx: DbOrTx,
  caller: Caller,
  raw: Record<string, unknown>,
  now: Date,
  /** Columns the caller sets on top of the body (a series' day: its series). */
  extraValues: Partial<Insert> = {},
): Promise<JobRequestRow> {
  const parsed = parseBody(jobRequestBodySchema, raw);
  const body = parsed.fields;
  const stateErrors: FieldErrors = {};
  if (body.state === undefined && !parsed.errors.state) stateErrors.state = [BLANK];
  if (body.state === "cancelled") {
    stateErrors.state = ["must be draft, unassigned or posted when the request is created"];
  }
  if (body.state === "draft" && body.request_name === undefined && !parsed.errors.request_name) {
    stateErrors.request_name = [BLANK];
  }
  const merged: Insert = {
    companyId: caller.companyId,
    name: "",
    state: "draft",
    createdAt: now,
    updatedAt: now,
    // A person who posts without naming a requestor is the requestor.
    ...(caller.person && raw.employer_id === undefined ? { employerId: caller.person.id } : {}),
    ...valuesOf(body),
    ...extraValues,
  };
  const {
    startTime,
    badges: plan,
    description,
  } = await prepareWrite(tx, caller, parsed, merged, null, stateErrors);
  const [row] = await tx
    .insert(jobRequests)
    .values({
      ...merged,
      ...(description !== undefined ? { description } : {}),
      startTime: startTime ?? null,
      postedAt: merged.state === "posted" ? now : null,
    })
    .returning();
  await writeBadges(tx, row!.id, plan, now);
  if (row!.state === "posted") await notifyTopCandidates(tx, row!, now, caller.person?.id ?? null);
  return row!;
}

/** PATCH /job_requests/:id: a partial update; `state: cancelled` cancels it and its jobs. */
export async function updateJobRequest(
  db: Db,
  caller: Caller,
  id: number,
  raw: Record<string, unknown>,
  now: Date,
) {
  const parsed = parseBody(jobRequestBodySchema, raw);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(jobRequests)
      .where(and(eq(jobRequests.id, id), eq(jobRequests.companyId, caller.companyId)))
      .for("update");
    if (!existing) throw notFound("Job request");
    const body = parsed.fields;
    const from = existing.state as JobRequestState;
    const stateErrors: FieldErrors = {};
    const to = body.state;
    if (
      FINAL.includes(from) &&
      Object.keys(raw).length > 0 &&
      !(to === from && Object.keys(body).length === 1)
    ) {
      stateErrors.state = [`is ${from}: the job request can no longer be changed`];
    } else if (to !== undefined && to !== from && !CLIENT_MOVES[from].includes(to)) {
      stateErrors.state = [
        `cannot move from ${from} to ${to}` +
          (CLIENT_MOVES[from].length ? ` (from ${from}: ${CLIENT_MOVES[from].join(", ")})` : ""),
      ];
    }
    const merged: Insert = { ...existing, ...valuesOf(body) };
    const {
      startTime,
      badges: plan,
      description,
    } = await prepareWrite(tx, caller, parsed, merged, existing, stateErrors);
    const becomesPosted = merged.state === "posted" && from !== "posted";
    const [row] = await tx
      .update(jobRequests)
      .set({
        ...valuesOf(body),
        ...(description !== undefined ? { description } : {}),
        ...(startTime !== undefined ? { startTime } : {}),
        ...(becomesPosted ? { postedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(jobRequests.id, id))
      .returning();
    await writeBadges(tx, id, plan, now);
    let current = row!;
    if (current.state === "cancelled" && from !== "cancelled")
      await cancelJobsOf(tx, current, now, caller.person?.id ?? null);
    const actorUserId = caller.person?.id ?? null;
    if (current.state !== from) await emitRequestStateChanged(tx, current, from, now, actorUserId);
    // Slots changed, or a request re-opened: the jobs decide whether it is filled.
    if (!FINAL.includes(current.state as JobRequestState)) {
      current = await syncRequestState(tx, current, now, actorUserId);
    }
    if (becomesPosted && current.state === "posted")
      await notifyTopCandidates(tx, current, now, actorUserId);
    // Any change shows on an open job page (a change of state already queued the same notice;
    // PostgreSQL delivers identical ones of a transaction once).
    await noticeJob(tx, { companyId: current.companyId, jobRequestId: current.id });
    return { job_request: await serializeOneJobRequest(tx, current) };
  });
}

/** The company's job categories (our addition: the portal's category list). */
export async function jobCategories(db: Db, caller: Caller) {
  const [c] = await db
    .select({ list: companies.jobCategories })
    .from(companies)
    .where(eq(companies.id, caller.companyId));
  return { categories: c?.list ?? [] };
}
