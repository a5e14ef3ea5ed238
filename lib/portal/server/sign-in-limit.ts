import "server-only";
import { createHash } from "node:crypto";
import { env } from "@/lib/env";
import { clientAddressOf } from "@/lib/net/trusted-headers";

/**
 * Guessing keys or passwords through the portal is limited before the upstream is asked: failed sign-ins
 * per browser address and per account (API key or e-mail address), counted in a store the composition root hands in (this
 * app's: the shared `rate_limits` table, lib/server/sign-in-store.ts, so the limit holds
 * whichever instance behind the load balancer answers; the portal itself needs no database and
 * works the same against the real service). Every attempt takes a slot in one atomic step; a
 * successful one (or one the upstream failed to answer) gives its slots back, so only refused
 * keys count.
 */
export type RateLimitStore = {
  hit(
    key: string,
    limit: number,
    windowSeconds: number,
    now: Date,
  ): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  refund(key: string, windowSeconds: number, now: Date): Promise<void>;
};

type SignInGate =
  | { allowed: true; release: () => Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

export async function enterSignIn(
  req: Request,
  /** The account tried: the API key, or a person's address ("email:<address>"). */
  account: string | null,
  store: RateLimitStore,
): Promise<SignInGate> {
  const e = env();
  const now = new Date();
  const window = e.PORTAL_SIGNIN_WINDOW_SECONDS;
  const keys: [string, number][] = [];
  // Set by our own server from the socket (or a trusted proxy); never the client's say-so.
  const address = clientAddressOf(req);
  if (address) keys.push([`portal:signin:addr:${address}`, e.PORTAL_SIGNIN_LIMIT_PER_ADDRESS]);
  // Counted as the key is used: the sign-in trims it (authenticateBodySchema) before it goes
  // upstream, so " pk_…" and "pk_… " must not each get a fresh allowance.
  const key = account?.trim();
  if (key) keys.push([`portal:signin:key:${digest(key)}`, e.PORTAL_SIGNIN_LIMIT_PER_KEY]);

  const taken: string[] = [];
  let retryAfterSeconds = 0;
  for (const [key, limit] of keys) {
    const verdict = await store.hit(key, limit, window, now);
    taken.push(key);
    if (!verdict.allowed)
      retryAfterSeconds = Math.max(retryAfterSeconds, verdict.retryAfterSeconds);
  }
  if (retryAfterSeconds > 0) return { allowed: false, retryAfterSeconds };
  return {
    allowed: true,
    release: async () => {
      for (const key of taken) await store.refund(key, window, now);
    },
  };
}

/** The API key is not secret, but it need not sit in a table in clear either. */
function digest(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("hex").slice(0, 32);
}
