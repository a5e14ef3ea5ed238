import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { refundRateLimit } from "@/lib/db/rate-limit";
import { twoFactorChallenges, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "../../errors";
import { hashToken } from "../../hash-token";
import { consumeRateLimit } from "../../rate-limit";
import { unseal } from "../../secret-box";
import { consumeSignInAddressLimit } from "../address-limit";
import { accountLimitKey, issuePersonToken } from "../authenticate-person";
import { CHALLENGE_MAX_FAILURES } from "./challenge-start";
import { hashRecoveryCode, totpStepOf } from "./totp";

class WrongCode extends Error {}

const wrongCode = () =>
  new ApiError(
    "invalid_two_factor_code",
    "The code is not valid, or the sign-in has expired; try again or sign in again",
  );

/**
 * POST /authenticate `{challenge, code}` (our addition): the second half of a sign-in. The code
 * is a TOTP code (one step either side of now, each step accepted once per person: a replayed
 * code is refused) or a recovery code (removed in the statement that accepts it). A wrong code
 * counts against the account's sign-in limit and the challenge's five; the challenge is used up
 * in the transaction that issues the token.
 */
export async function answerTwoFactor(
  db: Db,
  input: { challenge: string; code: string },
  meta: { clientAddress: string | null; now: Date },
): Promise<{ token: string; expires_at: string }> {
  const e = env();
  const { now } = meta;
  await consumeSignInAddressLimit(db, meta.clientAddress, meta.now);
  const hash = hashToken(input.challenge);
  const [found] = await db
    .select({
      id: twoFactorChallenges.id,
      userId: twoFactorChallenges.userId,
      email: users.email,
      secret: users.totpSecret,
    })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(
      and(
        eq(twoFactorChallenges.challengeHash, hash),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, now),
        lt(twoFactorChallenges.failures, CHALLENGE_MAX_FAILURES),
      ),
    )
    .limit(1);
  if (!found) throw wrongCode();
  const accountKey = accountLimitKey("signin", found.email);
  const window = e.PASSWORD_SIGNIN_WINDOW_SECONDS;
  await consumeRateLimit(db, accountKey, e.PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT, window, now);

  const plain = found.secret ? unseal(found.secret) : null;
  const step = plain === null ? null : totpStepOf(plain, input.code.trim(), now);
  const accepted = await db
    .transaction(async (tx) => {
      const [live] = await tx
        .update(twoFactorChallenges)
        .set({ usedAt: now })
        .where(and(eq(twoFactorChallenges.id, found.id), isNull(twoFactorChallenges.usedAt)))
        .returning({ id: twoFactorChallenges.id });
      if (!live) return false;
      const recovery = hashRecoveryCode(input.code);
      const [ok] =
        step !== null
          ? await tx
              .update(users)
              .set({ totpLastStep: step })
              .where(
                sql`${users.id} = ${found.userId} and ${users.totpEnabledAt} is not null and coalesce(${users.totpLastStep}, -1) < ${step}`,
              )
              .returning({ id: users.id })
          : await tx
              .update(users)
              .set({
                totpRecoveryHashes: sql`array_remove(${users.totpRecoveryHashes}, ${recovery})`,
              })
              .where(
                sql`${users.id} = ${found.userId} and ${users.totpEnabledAt} is not null and ${recovery} = any(${users.totpRecoveryHashes})`,
              )
              .returning({ id: users.id });
      // A wrong code undoes the challenge's use: it may be tried again, up to its limit.
      if (!ok) throw new WrongCode();
      return true;
    })
    .catch((err: unknown) => {
      if (err instanceof WrongCode) return false;
      throw err;
    });
  if (!accepted) {
    await db
      .update(twoFactorChallenges)
      .set({ failures: sql`${twoFactorChallenges.failures} + 1` })
      .where(eq(twoFactorChallenges.id, found.id));
    throw wrongCode();
  }
  const issued = await issuePersonToken(db, found.userId, now);
  if (!issued) throw wrongCode();
  await refundRateLimit(db, accountKey, window, now);
  return issued;
}
