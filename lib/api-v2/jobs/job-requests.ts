import { and, count, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { badges, companies, jobRequestBadges, jobRequests, jobs, users } from "@/lib/db/schema";
import { BLANK } from "@/lib/schemas/common";
import {
  type JobRequestBody,
  type JobRequestState,
  jobRequestBodySchema,
  type ListJobRequestsQuery,
  REQUIRED_TO_POST,
  SLOT_HOLDING_STATES,
} from "@/lib/schemas/job";
import type { Caller } from "../caller";
import { type FieldErrors, mergeFieldErrors, notFound, validationError } from "../errors";
import { paging } from "../format";
import { parseBody } from "../handler";
import { cancelJobsOf } from "./job-actions";
import { notifyTopCandidates } from "./notify-candidates";
import { emitRequestStateChanged, syncRequestState } from "./request-state";
import {
  type JobRequestRow,
  serializeJobRequests,
  serializeOneJobRequest,
} from "./serialize-job-request";
import { inStorableYears, resolveStartTime } from "./start-time";

type Insert = typeof jobRequests.$inferInsert;

/** Body field → column; the body's other keys are handled on their own. */
const COLUMN: Partial<Record<keyof JobRequestBody, keyof Insert>> = {
  request_name: "name",
  category: "category",
  description: "description",
  description_tasks: "descriptionTasks",
  description_company: "descriptionCompany",
  description_travel: "descriptionTravel",
  description_skills: "descriptionSkills",
  description_contact: "descriptionContact",
  description_arrival: "descriptionArrival",
  slots: "slots",
  duration: "duration",
  timezone: "timezone",
  classification: "classification",
  venue: "venue",
  address: "address",
  city: "city",
  address_state: "addressState",
  zip: "zip",
  country: "country",
  latitude: "latitude",
  longitude: "longitude",
  employer_id: "employerId",
  preferred_candidate_ids: "preferredCandidateIds",
  ban_list: "banList",
  notification_distance: "notificationDistance",
  open_request: "openRequest",
  multi_day: "multiDay",
  multi_day_job_request_id: "multiDayJobRequestId",
  push_all_notifications_asap: "pushAllNotificationsAsap",
  use_pending_state: "usePendingState",
  can: "can",
  agent_code: "agentCode",
  organizational_path: "organizationalPath",
  flag_color: "flagColor",
};

const DESCRIPTION_PARTS = [
  ["description_tasks", "Tasks"],
  ["description_skills", "Skills"],
  ["description_arrival", "Arrival"],
  ["description_travel", "Travel"],
  ["description_contact", "Contact"],
  ["description_company", "About the company"],
] as const;

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
    q.zip ? eq(jobRequests.zip, q.zip) : undefined,
    q.updated_after ? gt(jobRequests.updatedAt, q.updated_after) : undefined,
    q.updated_before ? lt(jobRequests.updatedAt, q.updated_before) : undefined,
  ];
  const where = and(...conds);
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

type BadgePlan = { add: number[]; removeIds: number[] };

/** Checks that need the database and the request as it will be; every field at once. */
async function check(
  tx: DbOrTx,
  caller: Caller,
  body: Partial<JobRequestBody>,
  merged: Insert,
  existing: JobRequestRow | null,
  parseErrors: FieldErrors,
): Promise<{ errors: FieldErrors; startTime: Date | null | undefined; badges: BadgePlan }> {
  const errors: FieldErrors = {};
  const bad = new Set(Object.keys(parseErrors));
  const add = (f: string, m: string) => {
    if (!bad.has(f)) errors[f] = [...(errors[f] ?? []), m];
  };
  const state = merged.state as JobRequestState;

  // What a request must have once it is more than a draft (the reference's required fields).
  if (state !== "draft" && state !== "cancelled") {
    const required: Record<(typeof REQUIRED_TO_POST)[number], unknown> = {
      request_name: merged.name,
      category: merged.category,
      address: merged.address,
      city: merged.city,
      zip: merged.zip,
      slots: merged.slots,
    };
    for (const f of REQUIRED_TO_POST) if (required[f] == null || required[f] === "") add(f, BLANK);
    if (!merged.description && !merged.descriptionTasks) {
      add("description", "can't be blank unless description_tasks is given");
    }
  }
  if (merged.classification === "w2" && merged.w2HourlyRate == null) {
    add("w2_hourly_rate", "is required with W2 classification");
  }
  if ((merged.latitude == null) !== (merged.longitude == null)) {
    if (merged.latitude == null) add("latitude", "must be set together with longitude");
    else add("longitude", "must be set together with latitude");
  }
  if (body.category != null) {
    const [c] = await tx
      .select({ list: companies.jobCategories })
      .from(companies)
      .where(eq(companies.id, caller.companyId));
    if (!c?.list.includes(body.category)) {
      add("category", `must be one of your company's categories: ${(c?.list ?? []).join(", ")}`);
    }
  }
  let startTime: Date | null | undefined;
  if (body.start_time !== undefined || (body.timezone !== undefined && existing?.startTime)) {
    if (body.start_time === null || body.start_time === "") startTime = null;
    else if (body.start_time !== undefined) {
      startTime = resolveStartTime(body.start_time, merged.timezone ?? "UTC");
      if (startTime === null) add("start_time", "is not a valid time");
      else if (!inStorableYears(startTime)) {
        add("start_time", "must be between the years 1 and 9999");
      }
    }
  }
  if (existing) {
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(
        and(eq(jobs.jobRequestId, existing.id), inArray(jobs.state, [...SLOT_HOLDING_STATES])),
      );
    if (body.slots !== undefined && body.slots < Number(held?.n ?? 0)) {
      add("slots", `cannot be fewer than the ${held?.n} workers already hired`);
    }
  }
  for (const f of ["preferred_candidate_ids", "ban_list"] as const) {
    const ids = [...new Set(body[f] ?? [])];
    if (ids.length === 0) continue;
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.companyId, caller.companyId)));
    const missing = ids.filter((i) => !found.some((r) => r.id === i));
    if (missing.length > 0) add(f, `not workers in your pool: ${missing.join(", ")}`);
  }
  const plan = await planBadges(tx, caller.companyId, existing?.id ?? null, body, add);
  return { errors, startTime, badges: plan };
}

async function planBadges(
  tx: DbOrTx,
  companyId: number,
  requestId: number | null,
  body: Partial<JobRequestBody>,
  add: (f: string, m: string) => void,
): Promise<BadgePlan> {
  const items = body.badge_requirements_attributes ?? [];
  const plan: BadgePlan = { add: [], removeIds: [] };
  if (items.length === 0) return plan;
  const current = requestId
    ? await tx
        .select({ id: jobRequestBadges.id, badgeId: jobRequestBadges.badgeId })
        .from(jobRequestBadges)
        .where(eq(jobRequestBadges.jobRequestId, requestId))
    : [];
  const wanted = items.filter((i) => !i._destroy && i.badge_id).map((i) => i.badge_id!);
  const known = wanted.length
    ? await tx
        .select({ id: badges.id })
        .from(badges)
        .where(and(inArray(badges.id, wanted), eq(badges.companyId, companyId)))
    : [];
  for (const item of items) {
    if (item._destroy) {
      const row = current.find((c) =>
        item.id ? c.id === item.id : item.badge_id ? c.badgeId === item.badge_id : false,
      );
      if (!row)
        add(
          "badge_requirements",
          `${item.id ?? item.badge_id} is not required by this job request`,
        );
      else plan.removeIds.push(row.id);
      continue;
    }
    if (!item.badge_id) {
      add("badge_requirements", "each entry needs a badge_id");
      continue;
    }
    if (!known.some((k) => k.id === item.badge_id)) {
      add("badge_requirements", `badge ${item.badge_id} does not exist`);
    } else if (
      plan.add.includes(item.badge_id) ||
      current.some((c) => c.badgeId === item.badge_id)
    ) {
      add("badge_requirements", `badge ${item.badge_id} is already required`);
    } else plan.add.push(item.badge_id);
  }
  return plan;
}

/** Values to write from a parsed body, in column terms. */
function valuesOf(body: Partial<JobRequestBody>): Partial<Insert> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN)) {
    const v = body[field as keyof JobRequestBody];
    if (v !== undefined) out[column as string] = v;
  }
  if (body.wage !== undefined) out.wage = body.wage === null ? null : body.wage.toFixed(2);
  if (body.w2_hourly_rate !== undefined) {
    out.w2HourlyRate = body.w2_hourly_rate === null ? null : body.w2_hourly_rate.toFixed(2);
  }
  if (body.state !== undefined) out.state = body.state;
  return out as Partial<Insert>;
}

/** "If the description_ fields are specified, description is populated with them." */
function composedDescription(body: Partial<JobRequestBody>, merged: Insert): string | undefined {
  if (body.description !== undefined) return undefined;
  const touched = DESCRIPTION_PARTS.some(([f]) => body[f] !== undefined);
  if (!touched) return undefined;
  const parts = DESCRIPTION_PARTS.map(([f, label]) => {
    const column = COLUMN[f]!;
    const v = merged[column] as string | null | undefined;
    return v ? `${label}: ${v}` : null;
  }).filter(Boolean);
  return parts.length ? parts.join("\n\n") : undefined;
}

async function writeBadges(tx: DbOrTx, requestId: number, plan: BadgePlan, now: Date) {
  if (plan.removeIds.length > 0) {
    await tx.delete(jobRequestBadges).where(inArray(jobRequestBadges.id, plan.removeIds));
  }
  if (plan.add.length > 0) {
    await tx
      .insert(jobRequestBadges)
      .values(plan.add.map((badgeId) => ({ jobRequestId: requestId, badgeId, createdAt: now })));
  }
}

/** POST /job_requests. */
export async function createJobRequest(
  db: Db,
  caller: Caller,
  raw: Record<string, unknown>,
  now: Date,
) {
  const parsed = parseBody(jobRequestBodySchema, raw);
  return db.transaction(async (tx) => {
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
      ...valuesOf(body),
    };
    const {
      errors,
      startTime,
      badges: plan,
    } = await check(tx, caller, body, merged, null, parsed.errors);
    const all = mergeFieldErrors(parsed.errors, stateErrors, errors);
    if (Object.keys(all).length > 0) throw validationError(all);
    const description = composedDescription(body, merged);
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
    if (row!.state === "posted") await notifyTopCandidates(tx, row!, now);
    return { job_request: await serializeOneJobRequest(tx, row!) };
  });
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
      errors,
      startTime,
      badges: plan,
    } = await check(tx, caller, body, merged, existing, parsed.errors);
    const all = mergeFieldErrors(parsed.errors, stateErrors, errors);
    if (Object.keys(all).length > 0) throw validationError(all);
    const description = composedDescription(body, merged);
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
    if (current.state === "cancelled" && from !== "cancelled") await cancelJobsOf(tx, current, now);
    if (current.state !== from) await emitRequestStateChanged(tx, current, from, now);
    // Slots changed, or a request re-opened: the jobs decide whether it is filled.
    if (!FINAL.includes(current.state as JobRequestState)) {
      current = await syncRequestState(tx, current, now);
    }
    if (becomesPosted && current.state === "posted") await notifyTopCandidates(tx, current, now);
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
