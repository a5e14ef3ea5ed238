import type { DbOrTx } from "@/lib/db/client";
import { hitRateLimit } from "@/lib/db/rate-limit";
import { ApiError } from "./errors";

export { rowsOf } from "@/lib/db/rate-limit";

/** One attempt against a shared fixed-window limit; over it, 429 `rate_limited` with Retry-After. */
export async function consumeRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<void> {
  const verdict = await hitRateLimit(db, key, limit, windowSeconds, now);
  if (verdict.allowed) return;
  const retryAfter = verdict.retryAfterSeconds;
  throw new ApiError(
    "rate_limited",
    `Too many attempts; try again in ${retryAfter} seconds`,
    undefined,
    { "Retry-After": String(retryAfter) },
  );
}
