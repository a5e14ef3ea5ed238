import type { DbOrTx } from "@/lib/db/client";
import { env } from "@/lib/env";
import { consumeRateLimit } from "../rate-limit";

/**
 * The sign-in limit per client address, one counter for every way of signing in (a key pair, an
 * e-mail and password, a two-factor code): an attacker cannot get a fresh allowance by switching
 * kinds. Without a known address (a direct call in tests) there is nothing to count.
 */
export async function consumeSignInAddressLimit(
  db: DbOrTx,
  clientAddress: string | null,
  now: Date,
): Promise<void> {
  if (!clientAddress) return;
  const e = env();
  await consumeRateLimit(
    db,
    `auth:addr:${clientAddress}`,
    e.AUTH_RATE_LIMIT_PER_ADDRESS,
    e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    now,
  );
}
