import "server-only";
import { getDb } from "@/lib/db/client";
import { hitRateLimit, refundRateLimit } from "@/lib/db/rate-limit";
import type { RateLimitStore } from "@/lib/portal/server/sign-in-limit";

/**
 * Where this app counts the portal's sign-in attempts: the `rate_limits` table every instance
 * shares (one atomic upsert per attempt). The composition of the two halves lives here, so the
 * portal (lib/portal) never imports our database.
 */
export const signInStore: RateLimitStore = {
  hit: async (key, limit, windowSeconds, now) =>
    hitRateLimit(await getDb(), key, limit, windowSeconds, now),
  refund: async (key, windowSeconds, now) =>
    refundRateLimit(await getDb(), key, windowSeconds, now),
};
