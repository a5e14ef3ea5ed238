import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { ApiError } from "./errors";

/**
 * Fixed-window counter kept in the database, so the limit holds across every app instance on
 * one PostgreSQL database. The upsert is a single atomic statement: no read-then-write race.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const rows = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
      window_start = excluded.window_start
    returning count`);
  const count = Number(rowsOf<{ count: number }>(rows)[0]?.count ?? 0);
  if (count > limit) {
    const retryAfter = Math.max(
      1,
      Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
    );
    throw new ApiError(
      "rate_limited",
      `Too many attempts; try again in ${retryAfter} seconds`,
      undefined,
      { "Retry-After": String(retryAfter) },
    );
  }
}

/** node-postgres returns { rows }, PGlite returns { rows } too; keep the access in one place. */
export function rowsOf<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
