import { inArray, lt, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { RESEND_LIMIT } from "@/lib/api-v2/events/webhook-limits";
import type { Db } from "@/lib/db/client";
import { rateLimits, revokedSessions, tokens, twoFactorChallenges } from "@/lib/db/schema";
import { env } from "@/lib/env";

/** Rows deleted by one statement, and statements per table in one run: bounded work a minute. */
export const PURGE_BATCH = 1_000;
export const PURGE_BATCHES_PER_RUN = 10;

/**
 * An expired token is kept this long after its expiry, so a client still using it is told
 * `token_expired` (authenticate again) rather than `invalid_token`.
 */
export const EXPIRED_TOKEN_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** The longest rate-limit window in use: a row older than that counts nothing any more. */
function longestWindowSeconds(): number {
  const e = env();
  return Math.max(
    e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    e.PORTAL_SIGNIN_WINDOW_SECONDS,
    e.INVITATION_ACCEPT_WINDOW_SECONDS,
    RESEND_LIMIT.windowSeconds,
  );
}

export type Purged = {
  rateLimits: number;
  tokens: number;
  revokedSessions: number;
  twoFactorChallenges: number;
};

/**
 * Deletes what can never count again: rate-limit windows that ended, tokens expired for longer
 * than the grace, revoked-session ids whose cookies have expired, two-factor challenges past
 * their five minutes. Each table in batches of
 * PURGE_BATCH rows (an index finds them oldest first), at most PURGE_BATCHES_PER_RUN batches a
 * run, so one run's work is bounded however much has piled up; the next run takes the rest.
 * Every instance may run it at once: a row deleted twice is deleted once.
 */
export async function purgeExpired(db: Db, now: Date): Promise<Purged> {
  const windowCutoff = new Date(now.getTime() - longestWindowSeconds() * 1000);
  const tokenCutoff = new Date(now.getTime() - EXPIRED_TOKEN_GRACE_MS);
  return {
    rateLimits: await purge(
      db,
      rateLimits,
      rateLimits.key,
      lt(rateLimits.windowStart, windowCutoff),
    ),
    tokens: await purge(db, tokens, tokens.id, lt(tokens.expiresAt, tokenCutoff)),
    revokedSessions: await purge(
      db,
      revokedSessions,
      revokedSessions.sid,
      lt(revokedSessions.expiresAt, now),
    ),
    // A sign-in's second-factor challenge is dead five minutes on, used or not.
    twoFactorChallenges: await purge(
      db,
      twoFactorChallenges,
      twoFactorChallenges.id,
      lt(twoFactorChallenges.expiresAt, now),
    ),
  };
}

/** Deletes the rows of `table` that `where` picks, PURGE_BATCH at a time, up to the run's bound. */
async function purge(db: Db, table: PgTable, key: AnyPgColumn, where: SQL): Promise<number> {
  let total = 0;
  for (let i = 0; i < PURGE_BATCHES_PER_RUN; i++) {
    const picked = db.select({ key }).from(table).where(where).limit(PURGE_BATCH);
    const n = (await db.delete(table).where(inArray(key, picked)).returning({ key })).length;
    total += n;
    if (n < PURGE_BATCH) break;
  }
  return total;
}
