import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { jobRequests, jobs } from "@/lib/db/schema";
import type { AssignJobBody } from "@/lib/schemas/job";
import { validationError } from "../errors";
import { hireOnto, hireRefusal, jobOf, type WorkerRow } from "./hire-rules";
import { syncRequestState } from "./request-state";
import type { JobRow } from "./serialize-job";
import type { JobRequestRow } from "./serialize-job-request";
import { dayLabel, hasBegun, lockDays, lockSeries, type SeriesRow } from "./series-days";

/** Jobs that keep a worker busy at their request's time. */
const BUSY_STATES = ["pending", "filled", "in_progress", "paused"];
const MINUTE = 60_000;

/**
 * The series of a request, locked, when the request belongs to one (a peek at the request,
 * then the series lock, then the request's own lock: the order every series writer takes).
 */
export async function lockSeriesOfRequest(
  tx: DbOrTx,
  companyId: number,
  requestId: number,
): Promise<SeriesRow | null> {
  const [peek] = await tx
    .select({ seriesId: jobRequests.multiDayJobRequestId })
    .from(jobRequests)
    .where(and(eq(jobRequests.id, requestId), eq(jobRequests.companyId, companyId)));
  if (!peek?.seriesId) return null;
  return lockSeries(tx, companyId, peek.seriesId);
}

/** [start, end) of a day in ms; a request without a duration occupies its first minute. */
const span = (r: Pick<JobRequestRow, "startTime" | "duration">): [number, number] | null =>
  r.startTime
    ? [r.startTime.getTime(), r.startTime.getTime() + Math.max(1, r.duration ?? 1) * MINUTE]
    : null;

/**
 * `same_workers`: "a Wonoloer must accept all days". Hiring onto one day hires onto every
 * remaining day of the series (not begun, not over; the day asked for always), in this
 * transaction: the series and all its days are locked, every day is checked, and the first
 * day that cannot take the worker refuses the whole hire, by name ("Day 3 (Fri Dec 4) is
 * full (2 of 2 filled)"). Days the worker already holds are left as they are.
 */
export async function hireForSeries(
  tx: DbOrTx,
  series: SeriesRow,
  target: JobRequestRow,
  worker: WorkerRow,
  body: AssignJobBody,
  actor: "requestor" | "worker",
  now: Date,
  actorUserId: number | null,
): Promise<JobRow> {
  const days = await lockDays(tx, series.id);
  const remaining = days.filter((d) => d.id === target.id || !hasBegun(d, now));
  const busy = await tx
    .select({
      requestId: jobRequests.id,
      name: jobRequests.name,
      startTime: jobRequests.startTime,
      duration: jobRequests.duration,
    })
    .from(jobs)
    .innerJoin(jobRequests, eq(jobRequests.id, jobs.jobRequestId))
    .where(
      and(
        eq(jobs.userId, worker.id),
        inArray(jobs.state, BUSY_STATES),
        sql`${jobRequests.multiDayJobRequestId} is distinct from ${series.id}`,
      ),
    );
  const plan: { day: JobRequestRow; existing: JobRow | null }[] = [];
  for (const day of remaining) {
    const existing = await jobOf(tx, day.id, worker.id);
    // Already on this day (hired before, or the day asked for is checked as usual below).
    if (day.id !== target.id && existing && BUSY_STATES.includes(existing.state)) continue;
    const refusal = await hireRefusal(tx, day, worker, existing, actor, now);
    const label = dayLabel(days, day);
    if (refusal) {
      throw validationError({
        [refusal.field]: [
          `${label} ${refusal.ofDay}; the series takes the same workers every day, so nobody was hired`,
        ],
      });
    }
    const mine = span(day);
    const clash = mine
      ? busy.find((b) => {
          const theirs = span(b);
          return theirs !== null && theirs[0] < mine[1] && mine[0] < theirs[1];
        })
      : undefined;
    if (clash) {
      throw validationError({
        worker_id: [
          `${label}: the worker is already hired at that time (job request ${clash.requestId}, ${clash.name}); nobody was hired`,
        ],
      });
    }
    plan.push({ day, existing });
  }
  let hired: JobRow | null = null;
  for (const { day, existing } of plan) {
    const job = await hireOnto(tx, day, worker, existing, body, actor, now, actorUserId);
    if (day.id === target.id) hired = job;
    await syncRequestState(tx, day, now, actorUserId);
  }
  return hired!;
}
