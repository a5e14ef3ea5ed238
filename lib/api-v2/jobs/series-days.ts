import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { jobRequests, multiDayJobRequests } from "@/lib/db/schema";
import { notFound } from "../errors";
import type { JobRequestRow } from "./serialize-job-request";

export type SeriesRow = typeof multiDayJobRequests.$inferSelect;

/** A series' days, in day order: by start time (days without one last), then by id. */
export async function daysOf(tx: DbOrTx, seriesId: number): Promise<JobRequestRow[]> {
  return tx
    .select()
    .from(jobRequests)
    .where(eq(jobRequests.multiDayJobRequestId, seriesId))
    .orderBy(sql`${jobRequests.startTime} asc nulls last`, asc(jobRequests.id));
}

/**
 * Locks a series (FOR NO KEY UPDATE: a posting joining it still may, its foreign key takes only
 * a key-share lock). Every writer that touches several days of a series takes this lock first,
 * so two of them never hold days in opposite orders.
 */
export async function lockSeries(tx: DbOrTx, companyId: number, id: number): Promise<SeriesRow> {
  const [row] = await tx
    .select()
    .from(multiDayJobRequests)
    .where(and(eq(multiDayJobRequests.id, id), eq(multiDayJobRequests.companyId, companyId)))
    .for("no key update");
  if (!row) throw notFound("Multi-day job request");
  return row;
}

/** Locks every day of a series, in id order (the other writers lock one day at a time). */
export async function lockDays(tx: DbOrTx, seriesId: number): Promise<JobRequestRow[]> {
  const rows = await tx
    .select()
    .from(jobRequests)
    .where(eq(jobRequests.multiDayJobRequestId, seriesId))
    .orderBy(asc(jobRequests.id))
    .for("update");
  return rows.sort(
    (a, b) =>
      (a.startTime?.getTime() ?? Number.POSITIVE_INFINITY) -
        (b.startTime?.getTime() ?? Number.POSITIVE_INFINITY) || a.id - b.id,
  );
}

/** "Day 3 (Fri Dec 4)": a day's place in its series and its date in the site's zone. */
export function dayLabel(days: readonly JobRequestRow[], day: JobRequestRow): string {
  const n = days.findIndex((d) => d.id === day.id) + 1;
  if (!day.startTime) return `Day ${n}`;
  const date = new Intl.DateTimeFormat("en-US", {
    timeZone: day.timezone,
    weekday: "short",
    month: "short",
    day: "numeric",
  })
    .format(day.startTime)
    .replace(",", "");
  return `Day ${n} (${date})`;
}

/** Started or over: a day that a series-wide write leaves alone. */
export function hasBegun(day: JobRequestRow, now: Date): boolean {
  if (["in_progress", "completed", "approved", "cancelled"].includes(day.state)) return true;
  return day.startTime !== null && day.startTime.getTime() <= now.getTime();
}
