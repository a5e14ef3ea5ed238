import { sql } from "drizzle-orm";
import { metrics } from "@/lib/metrics";
import type { DbOrTx } from "./client";

type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** node-postgres returns { rows }, PGlite returns { rows } too; keep the access in one place. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}

function windowOf(now: Date, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  return { start, end: start.getTime() + windowMs };
}

/**
 * Fixed-window counter kept in the database, so a limit holds across every app instance on one
 * PostgreSQL database. Counting is one atomic upsert: two instances can never both see the
 * last free slot (no read-then-write in JavaScript).
 */
export async function hitRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<RateLimitVerdict> {
  const { start, end } = windowOf(now, windowSeconds);
  const rows = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${start.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  const count = Number(rowsOf<{ count: number }>(rows)[0]?.count ?? 0);
  if (count <= limit) return { allowed: true };
  metrics()
    .rateLimited.labels({ limit: key.split(":").slice(0, 2).join(":") })
    .inc();
  return {
    allowed: false,
    retryAfterSeconds: Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
  };
}

/**
 * Gives back one attempt of the current window: for limits that should count failures only
 * (a successful sign-in is not an attack). Also one statement.
 */
export async function refundRateLimit(
  db: DbOrTx,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<void> {
  const { start } = windowOf(now, windowSeconds);
  await db.execute(sql`
    update rate_limits set count = greatest(count - 1, 0)
    where key = ${key} and window_start = ${start.toISOString()}`);
}
