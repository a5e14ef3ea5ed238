import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import {
  badges,
  companies,
  jobRequestBadges,
  type jobRequests,
  jobs,
  multiDayJobRequests,
  users,
} from "@/lib/db/schema";
import { BLANK } from "@/lib/schemas/common";
import {
  type JobRequestBody,
  type JobRequestState,
  REQUIRED_TO_POST,
  SLOT_HOLDING_STATES,
} from "@/lib/schemas/job";
import type { Caller } from "../caller";
import { isRequestorOf, NOT_A_REQUESTOR } from "../employers/requestor";
import { type FieldErrors, mergeFieldErrors, validationError } from "../errors";
import type { Parsed } from "../handler";
import { isWorker } from "../users/visibility";
import type { JobRequestRow } from "./serialize-job-request";
import { inStorableYears, resolveStartTime } from "./start-time";

/**
 * A job request body, from what the client sent to what is written: its columns, the rules
 * that need the database and the request as it will be, the composed description and the
 * badge requirements. Shared by POST and PATCH.
 */

export type Insert = typeof jobRequests.$inferInsert;

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
  if (body.multi_day_job_request_id != null) {
    const [series] = await tx
      .select({ id: multiDayJobRequests.id })
      .from(multiDayJobRequests)
      .where(
        and(
          eq(multiDayJobRequests.id, body.multi_day_job_request_id),
          eq(multiDayJobRequests.companyId, caller.companyId),
        ),
      );
    if (!series) add("multi_day_job_request_id", "is not one of your multi-day job requests");
  }
  if (body.employer_id != null && !(await isRequestorOf(tx, caller, body.employer_id))) {
    add("employer_id", NOT_A_REQUESTOR);
  }
  for (const f of ["preferred_candidate_ids", "ban_list"] as const) {
    const ids = [...new Set(body[f] ?? [])];
    if (ids.length === 0) continue;
    const found = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.companyId, caller.companyId), isWorker));
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
export function valuesOf(body: Partial<JobRequestBody>): Partial<Insert> {
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
  // A request is multi-day exactly when it belongs to a series.
  if (body.multi_day_job_request_id !== undefined) {
    out.multiDay = body.multi_day_job_request_id !== null;
  }
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

export async function writeBadges(tx: DbOrTx, requestId: number, plan: BadgePlan, now: Date) {
  if (plan.removeIds.length > 0) {
    await tx.delete(jobRequestBadges).where(inArray(jobRequestBadges.id, plan.removeIds));
  }
  if (plan.add.length > 0) {
    await tx
      .insert(jobRequestBadges)
      .values(plan.add.map((badgeId) => ({ jobRequestId: requestId, badgeId, createdAt: now })));
  }
}

/**
 * Every check at once, the parse errors and the caller's own (`extra`) included: one 422 with
 * every failing field, or what the write needs.
 */
export async function prepareWrite(
  tx: DbOrTx,
  caller: Caller,
  parsed: Parsed<JobRequestBody>,
  merged: Insert,
  existing: JobRequestRow | null,
  extra: FieldErrors,
): Promise<{
  startTime: Date | null | undefined;
  badges: BadgePlan;
  description: string | undefined;
}> {
  const {
    errors,
    startTime,
    badges: plan,
  } = await check(tx, caller, parsed.fields, merged, existing, parsed.errors);
  const all = mergeFieldErrors(parsed.errors, extra, errors);
  if (Object.keys(all).length > 0) throw validationError(all);
  return { startTime, badges: plan, description: composedDescription(parsed.fields, merged) };
}
