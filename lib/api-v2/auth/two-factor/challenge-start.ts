import type { Db } from "@/lib/db/client";
import { twoFactorChallenges } from "@/lib/db/schema";
import { ApiError } from "../../errors";
import { formatSecondsZ } from "../../format";
import { hashToken, randomToken } from "../../hash-token";

/** A challenge lives five minutes and dies after five wrong codes. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_FAILURES = 5;

/**
 * The password was right and the person has two-factor on: instead of a token, a one-use
 * challenge (only its hash is stored) to send back with a code. Returned as the 401 to throw.
 */
export async function twoFactorChallenge(db: Db, userId: number, now: Date): Promise<ApiError> {
  const challenge = randomToken();
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + CHALLENGE_TTL_MS);
  await db
    .insert(twoFactorChallenges)
    .values({ challengeHash: hashToken(challenge), userId, expiresAt });
  return new ApiError(
    "two_factor_required",
    "Enter the code from your authenticator app (or a recovery code)",
    undefined,
    undefined,
    { challenge, challenge_expires_at: formatSecondsZ(expiresAt) },
  );
}
