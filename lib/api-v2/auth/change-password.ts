import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { refundRateLimit } from "@/lib/db/rate-limit";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Caller } from "../caller";
import { validationError } from "../errors";
import { hashPassword, verifyPasswordOrDecoy } from "../invitations/password";
import { consumeRateLimit } from "../rate-limit";
import { accountLimitKey } from "./authenticate-person";
import { endPersonSessions } from "./end-sessions";

/**
 * PATCH /me/password (our addition): a person changes their own password, proving the current
 * one. Checking it is a password guess like a sign-in, so it counts against the same per-account
 * limit (a success gives its attempt back). The new hash and the end of every other session of
 * theirs commit together; the session that made the change stays signed in.
 */
export async function changePassword(
  db: Db,
  caller: Caller,
  input: { current_password: string; password: string },
  now: Date,
): Promise<void> {
  if (!caller.person) {
    // A key pair's token belongs to an integration, which has no password of its own.
    throw validationError({
      base: ["only a person signed in with e-mail and password has a password to change"],
    });
  }
  const e = env();
  const [me] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.person.id));
  const key = accountLimitKey("signin", me?.email ?? "");
  const window = e.PASSWORD_SIGNIN_WINDOW_SECONDS;
  await consumeRateLimit(db, key, e.PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT, window, now);
  if (!(await verifyPasswordOrDecoy(input.current_password, me?.passwordHash))) {
    throw validationError({ current_password: ["is not correct"] });
  }
  await refundRateLimit(db, key, window, now);
  const passwordHash = await hashPassword(input.password);
  const personId = caller.person.id;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, personId));
    await endPersonSessions(tx, personId, now, caller.grantId);
  });
}
