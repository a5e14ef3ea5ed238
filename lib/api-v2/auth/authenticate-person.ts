import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { refundRateLimit } from "@/lib/db/rate-limit";
import { tokens, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "../errors";
import { formatSecondsZ } from "../format";
import { hashToken, randomToken } from "../hash-token";
import { verifyPasswordOrDecoy } from "../invitations/password";
import { consumeRateLimit } from "../rate-limit";
import { consumeSignInAddressLimit } from "./address-limit";
import { twoFactorChallenge } from "./two-factor/challenge-start";

/** One answer for every way a sign-in fails: it must not tell which part was wrong. */
export const invalidPersonCredentials = () =>
  new ApiError("invalid_credentials", "The e-mail or password is not valid");

/** The per-account counter's key: the address as typed (lower-cased), never stored in clear. */
export const accountLimitKey = (kind: string, email: string) =>
  `${kind}:acct:${hashToken(email.trim().toLowerCase())}`;

/**
 * E-mail and password sign-in (our addition): a token bound to the person, with a key pair's
 * expiry and revocation. The cheap refusals come first (the client address's limit, shared with
 * key sign-in, and the account's), then one lookup, then exactly one password hash whatever was
 * found: an unknown e-mail, a worker's, an invited teammate's with no password yet and a
 * deactivated one are checked against a decoy, so each costs what a wrong password costs and
 * all get the same 401. The account's limit counts failures: a success gives its attempt back.
 */
export async function authenticatePerson(
  db: Db,
  creds: { email: string; password: string },
  meta: { clientAddress: string | null; now: Date },
): Promise<{ token: string; expires_at: string }> {
  const e = env();
  const { now } = meta;
  await consumeSignInAddressLimit(db, meta.clientAddress, meta.now);
  const accountKey = accountLimitKey("signin", creds.email);
  const window = e.PASSWORD_SIGNIN_WINDOW_SECONDS;
  await consumeRateLimit(db, accountKey, e.PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT, window, now);

  const [found] = await db
    .select({
      id: users.id,
      type: users.type,
      passwordHash: users.passwordHash,
      suspended: users.suspended,
      totpEnabledAt: users.totpEnabledAt,
    })
    .from(users)
    .where(eq(sql`lower(${users.email})`, creds.email))
    .limit(1);
  const eligible = found && found.type === "Employer" && !found.suspended ? found : null;
  const ok = await verifyPasswordOrDecoy(creds.password, eligible?.passwordHash);
  if (!eligible || !ok) throw invalidPersonCredentials();

  if (eligible.totpEnabledAt) {
    // The password was right: its attempt is given back; the code is counted on its own.
    await refundRateLimit(db, accountKey, window, now);
    throw await twoFactorChallenge(db, eligible.id, now);
  }
  const issued = await issuePersonToken(db, eligible.id, now);
  if (!issued) throw invalidPersonCredentials();
  await refundRateLimit(db, accountKey, window, now);
  return issued;
}

/**
 * A token for a person who has proven who they are, recording the sign-in; null when they were
 * deactivated meanwhile (the row lock and the re-check decide).
 */
export async function issuePersonToken(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ token: string; expires_at: string } | null> {
  const token = randomToken();
  // Whole seconds, so the stored expiry is exactly what clients parse from expires_at.
  const ttl = env().TOKEN_TTL_SECONDS * 1000;
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + ttl);
  return db.transaction(async (tx) => {
    const [live] = await tx
      .update(users)
      .set({ lastSignInAt: now })
      .where(sql`${users.id} = ${userId} and not ${users.suspended}`)
      .returning({ id: users.id });
    if (!live) return null;
    await tx
      .insert(tokens)
      .values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
    return { token, expires_at: formatSecondsZ(expiresAt) };
  });
}
