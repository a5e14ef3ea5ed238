import { and, count, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { jobRequests, jobs, multiDayJobRequests } from "@/lib/db/schema";
import { BLANK } from "@/lib/schemas/common";
import { SLOT_HOLDING_STATES } from "@/lib/schemas/job";
import { cancelSeriesBodySchema, multiDayBodySchema } from "@/lib/schemas/multi-day";
import type { Caller } from "../caller";
import { type FieldErrors, mergeFieldErrors, notFound, validationError } from "../errors";
import { formatTimestamp } from "../format";
import { parseBody, parseOr422 } from "../handler";
import { cancelJobsOf } from "./job-actions";
import { insertJobRequest } from "./job-requests";
import { emitRequestStateChanged } from "./request-state";
import { dayLabel, daysOf, hasBegun, lockDays, lockSeries, type SeriesRow } from "./series-days";
import { localTimePlusDays } from "./start-time";

const STEP_DAYS = { daily: 1, weekly: 7 } as const;

/**
 * The reference's object (id, repeat_type, repeat_number, same_workers, created_at, updated_at),
 * then ours: the days' ids in day order, and a summary of each day.
 */
export async function serializeSeries(db: DbOrTx, row: SeriesRow) {
  const days = await daysOf(db, row.id);
  const filled = days.length
    ? await db
        .select({ id: jobs.jobRequestId, n: count() })
        .from(jobs)
        .where(
          and(
            inArray(
              jobs.jobRequestId,
              days.map((d) => d.id),
            ),
            inArray(jobs.state, [...SLOT_HOLDING_STATES]),
          ),
        )
        .groupBy(jobs.jobRequestId)
    : [];
  return {
    id: row.id,
    repeat_type: row.repeatType,
    repeat_number: row.repeatNumber,
    same_workers: row.sameWorkers,
    created_at: formatTimestamp(row.createdAt)!,
    updated_at: formatTimestamp(row.updatedAt)!,
    // Ours.
    company_id: row.companyId,
    job_request_ids: days.map((d) => d.id),
    job_requests: days.map((d) => ({
      id: d.id,
      request_name: d.name,
      start_time: formatTimestamp(d.startTime),
      timezone: d.timezone,
      state: d.state,
      slots: d.slots,
      filled: Number(filled.find((f) => f.id === d.id)?.n ?? 0),
    })),
  };
}
export type SeriesJson = Awaited<ReturnType<typeof serializeSeries>>;

async function findSeries(db: DbOrTx, companyId: number, id: number): Promise<SeriesRow> {
  const [row] = await db
    .select()
    .from(multiDayJobRequests)
    .where(and(eq(multiDayJobRequests.id, id), eq(multiDayJobRequests.companyId, companyId)));
  if (!row) throw notFound("Multi-day job request");
  return row;
}

/** GET /multi_day_job_requests/:id. */
export async function getSeries(db: Db, caller: Caller, id: number) {
  return {
    multi_day_job_request: await serializeSeries(db, await findSeries(db, caller.companyId, id)),
  };
}

/**
 * POST /multi_day_job_requests. Bare (the reference): the umbrella, which postings then join
 * with `multi_day_job_request_id`. With `job_request` (ours): the umbrella and its
 * `repeat_number` postings, day 1 at the given start and each next one a day (or a week)
 * later at the same local time, in one transaction; any refusal writes nothing.
 */
export async function createSeries(
  db: Db,
  caller: Caller,
  raw: Record<string, unknown>,
  jobRequest: unknown,
  now: Date,
) {
  const parsed = parseBody(multiDayBodySchema, raw);
  const body = parsed.fields;
  const extra: FieldErrors = {};
  if (body.repeat_type === undefined && !parsed.errors.repeat_type) extra.repeat_type = [BLANK];
  const withPostings = jobRequest !== undefined && jobRequest !== null;
  if (withPostings && (typeof jobRequest !== "object" || Array.isArray(jobRequest))) {
    extra.job_request = ["must be an object: the body of POST /job_requests"];
  }
  if (withPostings && body.repeat_number === undefined && !parsed.errors.repeat_number) {
    extra.repeat_number = [BLANK];
  }
  const jr = (withPostings ? jobRequest : {}) as Record<string, unknown>;
  if (
    withPostings &&
    !extra.job_request &&
    (jr.start_time === undefined || jr.start_time === null || jr.start_time === "")
  ) {
    extra.start_time = ["is required to repeat a posting"];
  }
  const errors = mergeFieldErrors(parsed.errors, extra);
  if (Object.keys(errors).length > 0) throw validationError(errors);
  return db.transaction(async (tx) => {
    const [series] = await tx
      .insert(multiDayJobRequests)
      .values({
        companyId: caller.companyId,
        repeatType: body.repeat_type!,
        repeatNumber: body.repeat_number ?? 1,
        sameWorkers: body.same_workers ?? false,
        actorUserId: caller.person?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (withPostings) {
      const joins = { multiDay: true, multiDayJobRequestId: series!.id };
      const first = await insertJobRequest(tx, caller, jr, now, joins);
      const step = STEP_DAYS[series!.repeatType as keyof typeof STEP_DAYS];
      for (let k = 1; k < series!.repeatNumber; k++) {
        const start = localTimePlusDays(first.startTime!, first.timezone, k * step);
        await insertJobRequest(
          tx,
          caller,
          { ...jr, start_time: start, timezone: first.timezone },
          now,
          joins,
        );
      }
    }
    return { multi_day_job_request: await serializeSeries(tx, series!) };
  });
}

/** PATCH /multi_day_job_requests/:id: the repeat rules; the days are each job request's own. */
export async function updateSeries(
  db: Db,
  caller: Caller,
  id: number,
  raw: Record<string, unknown>,
  now: Date,
) {
  const parsed = parseBody(multiDayBodySchema, raw);
  return db.transaction(async (tx) => {
    const series = await lockSeries(tx, caller.companyId, id);
    if (Object.keys(parsed.errors).length > 0) throw validationError(parsed.errors);
    const b = parsed.fields;
    const [row] = await tx
      .update(multiDayJobRequests)
      .set({
        ...(b.repeat_type !== undefined ? { repeatType: b.repeat_type } : {}),
        ...(b.repeat_number !== undefined ? { repeatNumber: b.repeat_number } : {}),
        ...(b.same_workers !== undefined ? { sameWorkers: b.same_workers } : {}),
        updatedAt: now,
      })
      .where(eq(multiDayJobRequests.id, series.id))
      .returning();
    return { multi_day_job_request: await serializeSeries(tx, row!) };
  });
}

/**
 * POST /multi_day_job_requests/:id/cancel (ours): "this day and the following". Cancels the
 * day named by `from_job_request_id` (the first remaining day when absent) and every later day
 * that has not begun, each as PATCH /job_requests/:id `state: cancelled` does (its jobs
 * cancelled, the same transitions and webhooks), in one transaction.
 */
export async function cancelSeries(
  db: Db,
  caller: Caller,
  id: number,
  raw: Record<string, unknown>,
  now: Date,
) {
  const body = parseOr422(cancelSeriesBodySchema, raw);
  return db.transaction(async (tx) => {
    const series = await lockSeries(tx, caller.companyId, id);
    const days = await lockDays(tx, series.id);
    const fromIndex =
      body.from_job_request_id === undefined
        ? days.findIndex((d) => !hasBegun(d, now))
        : days.findIndex((d) => d.id === body.from_job_request_id);
    if (fromIndex < 0) {
      throw validationError({
        from_job_request_id: [
          body.from_job_request_id === undefined
            ? "every day of this series has begun or ended"
            : "is not a day of this series",
        ],
      });
    }
    const from = days[fromIndex]!;
    if (hasBegun(from, now)) {
      const how = ["completed", "approved", "cancelled"].includes(from.state)
        ? `is ${from.state}`
        : "has started";
      throw validationError({
        from_job_request_id: [
          `${dayLabel(days, from)} ${how}: only days not yet begun are cancelled`,
        ],
      });
    }
    const actorUserId = caller.person?.id ?? null;
    const cancelled: number[] = [];
    for (const day of days.slice(fromIndex)) {
      if (hasBegun(day, now)) continue;
      const [row] = await tx
        .update(jobRequests)
        .set({ state: "cancelled", updatedAt: now })
        .where(eq(jobRequests.id, day.id))
        .returning();
      await cancelJobsOf(tx, row!, now, actorUserId);
      await emitRequestStateChanged(tx, row!, day.state, now, actorUserId);
      cancelled.push(day.id);
    }
    const [row] = await tx
      .update(multiDayJobRequests)
      .set({ updatedAt: now })
      .where(eq(multiDayJobRequests.id, series.id))
      .returning();
    return {
      multi_day_job_request: await serializeSeries(tx, row!),
      cancelled_job_request_ids: cancelled,
    };
  });
}
