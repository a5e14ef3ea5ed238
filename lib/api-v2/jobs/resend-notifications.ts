import { and, eq, inArray, notExists, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { jobRequests, jobs, users } from "@/lib/db/schema";
import type { Caller } from "../caller";
import { ApiError, notFound, validationError } from "../errors";
import { formatTimestamp } from "../format";
import { rankCandidates, requiredBadgesOf } from "./candidates";
import { findJobRequest } from "./job-requests";
import { mailOffers, NOTIFY_TOP } from "./notify-candidates";

/** At most one resend per job request in this many seconds (shared by every instance). */
export const RESEND_INTERVAL_SECONDS = 600;

/** Job states that mean the worker has already taken the job (so is not told again). */
const TAKEN = ["pending", "filled", "in_progress", "paused", "completed", "approved"];

/** The states a request's notifications may be resent in: workers can still take it. */
export const RESENDABLE_STATES = ["posted", "unassigned"] as const;

/**
 * POST /job_requests/:id/resend_notifications. As the reference describes it: the preferred
 * workers who have not accepted are told again first; then (only for a posted request: an
 * unassigned one is invisible to everyone else) the pool is re-ranked and its top
 * ${NOTIFY_TOP} are told, minus anyone just told. Every mail is queued in the outbox in the
 * same transaction as the stamp that enforces the limit, so a failed resend neither mails nor
 * uses up the limit, and two concurrent resends cannot both pass: the stamp is one conditional
 * UPDATE (the row lock orders them; the second sees the first's stamp).
 */
export async function resendNotifications(
  db: Db,
  caller: Caller,
  id: number,
  body: { push_all_notifications_asap?: boolean },
  now: Date,
) {
  await findJobRequest(db, caller.companyId, id);
  const windowStart = new Date(now.getTime() - RESEND_INTERVAL_SECONDS * 1000);
  return db.transaction(async (tx) => {
    const [r] = await tx
      .update(jobRequests)
      .set({
        notificationsResentAt: now,
        ...(body.push_all_notifications_asap !== undefined && {
          pushAllNotificationsAsap: body.push_all_notifications_asap,
          updatedAt: now,
        }),
      })
      .where(
        and(
          eq(jobRequests.id, id),
          eq(jobRequests.companyId, caller.companyId),
          inArray(jobRequests.state, [...RESENDABLE_STATES]),
          or(
            sql`${jobRequests.notificationsResentAt} is null`,
            sql`${jobRequests.notificationsResentAt} <= ${windowStart.toISOString()}`,
          ),
        ),
      )
      .returning();
    if (!r) await refuse(tx, caller.companyId, id, now);
    const row = r!;
    const preferred =
      row.preferredCandidateIds.length === 0
        ? []
        : await tx
            .select()
            .from(users)
            .where(
              and(
                inArray(users.id, row.preferredCandidateIds),
                eq(users.companyId, row.companyId),
                eq(users.type, "Worker"),
                or(
                  eq(users.suspended, false),
                  sql`${users.suspendedUntil} <= ${now.toISOString()}`,
                ),
                notExists(
                  tx
                    .select({ one: sql`1` })
                    .from(jobs)
                    .where(
                      and(
                        eq(jobs.jobRequestId, row.id),
                        eq(jobs.userId, users.id),
                        inArray(jobs.state, TAKEN),
                      ),
                    ),
                ),
              ),
            )
            .orderBy(users.id);
    let ranked: Awaited<ReturnType<typeof rankCandidates>>["rows"] = [];
    if (row.state === "posted") {
      const required = await requiredBadgesOf(tx, row.id);
      const told = new Set(preferred.map((u) => u.id));
      ranked = (
        await rankCandidates(
          tx,
          row,
          required.map((b) => b.badgeId),
          { offset: 0, per: NOTIFY_TOP + told.size },
          now,
        )
      ).rows
        .filter((c) => !told.has(c.user.id))
        .slice(0, NOTIFY_TOP);
    }
    const actor = caller.person?.id ?? null;
    await mailOffers(
      tx,
      row,
      [
        ...preferred.map((user) => ({ user, distanceM: null })),
        ...ranked.map((c) => ({ user: c.user, distanceM: c.distanceM })),
      ],
      now,
      actor,
    );
    return {
      job_request_id: row.id,
      state: row.state,
      push_all_notifications_asap: row.pushAllNotificationsAsap,
      notified: [
        ...preferred.map((u) => ({ user_id: u.id, preferred: true, rank: null })),
        ...ranked.map((c, i) => ({ user_id: c.user.id, preferred: c.preferred, rank: i + 1 })),
      ],
      notifications_resent_at: formatTimestamp(now),
      next_resend_at: formatTimestamp(new Date(now.getTime() + RESEND_INTERVAL_SECONDS * 1000)),
    };
  });
}

/** Why the stamp did not take: gone meanwhile (404), the wrong state (422), or too soon (429). */
async function refuse(
  tx: Parameters<typeof findJobRequest>[0],
  companyId: number,
  id: number,
  now: Date,
): Promise<never> {
  const [cur] = await tx
    .select({ state: jobRequests.state, at: jobRequests.notificationsResentAt })
    .from(jobRequests)
    .where(and(eq(jobRequests.id, id), eq(jobRequests.companyId, companyId)));
  if (!cur) throw notFound("Job request");
  if (!(RESENDABLE_STATES as readonly string[]).includes(cur.state)) {
    throw validationError({
      state: [
        `is ${cur.state}: notifications are resent only for a posted or unassigned job request`,
      ],
    });
  }
  const wait = Math.max(
    1,
    Math.ceil(
      ((cur.at?.getTime() ?? now.getTime()) + RESEND_INTERVAL_SECONDS * 1000 - now.getTime()) /
        1000,
    ),
  );
  throw new ApiError(
    "rate_limited",
    `Notifications for this job request were resent less than ${RESEND_INTERVAL_SECONDS / 60} minutes ago; try again in ${wait} seconds`,
    undefined,
    { "Retry-After": String(wait) },
  );
}
