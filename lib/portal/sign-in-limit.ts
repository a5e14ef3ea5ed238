import "server-only";
import { createHash } from "node:crypto";
import { CLIENT_IP_HEADER } from "@/lib/api-v2/request-meta";
import { getDb } from "@/lib/db/client";
import { hitRateLimit, refundRateLimit } from "@/lib/db/rate-limit";
import { env } from "@/lib/env";

/**
 * Guessing keys through the portal is limited before the upstream is asked: failed sign-ins
 * per browser address and per API key, in the shared `rate_limits` table, so the limit holds
 * whichever instance behind the load balancer answers. Every attempt takes a slot in one atomic
 * upsert; a successful one (or one the upstream failed to answer) gives its slots back, so only
 * refused keys count.
 */
export type SignInGate =
  | { allowed: true; release: () => Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

export async function enterSignIn(req: Request, apiKey: string | null): Promise<SignInGate> {
  const e = env();
  const db = await getDb();
  const now = new Date();
  const window = e.PORTAL_SIGNIN_WINDOW_SECONDS;
  const keys: [string, number][] = [];
  // Set by our own server from the socket (or a trusted proxy); never the client's say-so.
  const address = req.headers.get(CLIENT_IP_HEADER);
  if (address) keys.push([`portal:signin:addr:${address}`, e.PORTAL_SIGNIN_LIMIT_PER_ADDRESS]);
  if (apiKey) keys.push([`portal:signin:key:${digest(apiKey)}`, e.PORTAL_SIGNIN_LIMIT_PER_KEY]);

  const taken: string[] = [];
  let retryAfterSeconds = 0;
  for (const [key, limit] of keys) {
    const verdict = await hitRateLimit(db, key, limit, window, now);
    taken.push(key);
    if (!verdict.allowed)
      retryAfterSeconds = Math.max(retryAfterSeconds, verdict.retryAfterSeconds);
  }
  if (retryAfterSeconds > 0) return { allowed: false, retryAfterSeconds };
  return {
    allowed: true,
    release: async () => {
      for (const key of taken) await refundRateLimit(db, key, window, now);
    },
  };
}

/** The API key is not secret, but it need not sit in a table in clear either. */
function digest(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("hex").slice(0, 32);
}
