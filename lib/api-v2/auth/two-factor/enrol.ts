import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { refundRateLimit } from "@/lib/db/rate-limit";
import { companies, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Caller, Person } from "../../caller";
import { validationError } from "../../errors";
import { verifyPasswordOrDecoy } from "../../invitations/password";
import { consumeRateLimit } from "../../rate-limit";
import { seal, unseal } from "../../secret-box";
import { accountLimitKey } from "../authenticate-person";
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpStepOf } from "./totp";

/** Two-factor belongs to a person: a key pair's token has no sign-in of its own to protect. */
function personOf(caller: Caller): Person {
  if (caller.person) return caller.person;
  throw validationError({
    base: ["only a person signed in with e-mail and password has two-factor sign-in"],
  });
}

const wrongCode = () =>
  validationError({ code: ["is not the current code of your authenticator app"] });

/** Each code (or password) a person tries counts against their sign-in's per-account limit. */
async function countAttempt(db: Db, email: string, now: Date) {
  const e = env();
  const key = accountLimitKey("signin", email);
  await consumeRateLimit(
    db,
    key,
    e.PASSWORD_SIGNIN_LIMIT_PER_ACCOUNT,
    e.PASSWORD_SIGNIN_WINDOW_SECONDS,
    now,
  );
  return () => refundRateLimit(db, key, e.PASSWORD_SIGNIN_WINDOW_SECONDS, now);
}

/**
 * POST /me/two_factor (our addition): a new secret, kept sealed and unconfirmed until a code
 * from it comes back. Starting again replaces an unconfirmed secret; an enabled one must be
 * turned off first.
 */
export async function startTwoFactor(db: Db, caller: Caller) {
  const person = personOf(caller);
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, person.id));
  const fresh = newTotpSecret(me?.email ?? person.name);
  const [row] = await db
    .update(users)
    .set({ totpSecret: seal(fresh.secret), totpLastStep: null, totpRecoveryHashes: null })
    .where(and(eq(users.id, person.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (!row)
    throw validationError({ base: ["two-factor sign-in is already on; turn it off first"] });
  return fresh;
}

/** POST /me/two_factor/confirm (our addition): a right code turns it on; the recovery codes, once. */
export async function confirmTwoFactor(db: Db, caller: Caller, code: string, now: Date) {
  const person = personOf(caller);
  const [me] = await db
    .select({ email: users.email, secret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, person.id));
  if (!me?.secret || me.enabledAt) {
    throw validationError({ base: ["start two-factor sign-in first (POST /me/two_factor)"] });
  }
  const refund = await countAttempt(db, me.email, now);
  const plain = unseal(me.secret);
  const step = plain === null ? null : totpStepOf(plain, code, now);
  if (step === null) throw wrongCode();
  const codes = newRecoveryCodes();
  const [done] = await db
    .update(users)
    .set({
      totpEnabledAt: now,
      totpLastStep: step,
      totpRecoveryHashes: codes.map(hashRecoveryCode),
    })
    // The secret the code was checked against is still the one stored, still unconfirmed.
    .where(
      and(eq(users.id, person.id), isNull(users.totpEnabledAt), eq(users.totpSecret, me.secret)),
    )
    .returning({ id: users.id });
  if (!done) throw wrongCode();
  await refund();
  return { recovery_codes: codes };
}

/**
 * DELETE /me/two_factor (our addition): the person's password turns it off, unless their
 * company requires it (checked in the same statement that clears it).
 */
export async function disableTwoFactor(db: Db, caller: Caller, password: string, now: Date) {
  const person = personOf(caller);
  const [me] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, person.id));
  const refund = await countAttempt(db, me?.email ?? "", now);
  if (!(await verifyPasswordOrDecoy(password, me?.passwordHash))) {
    throw validationError({ password: ["is not correct"] });
  }
  await refund();
  const [row] = await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpRecoveryHashes: null })
    .where(
      and(
        eq(users.id, person.id),
        sql`not exists (select 1 from ${companies} where ${companies.id} = ${users.companyId} and ${companies.requireTwoFactor})`,
      ),
    )
    .returning({ id: users.id });
  if (!row) {
    throw validationError({
      base: ["your company requires two-factor sign-in: it cannot be turned off"],
    });
  }
}

/**
 * PATCH /me/company (our addition, team.write): whether every person must use two-factor. An
 * admin turning it on has it on themself first, or their own token would be the first gated.
 */
export async function setCompanyTwoFactor(db: Db, caller: Caller, required: boolean) {
  const person = caller.person;
  const selfReady = person
    ? sql`exists (select 1 from ${users} where ${users.id} = ${person.id} and ${users.totpEnabledAt} is not null)`
    : sql`true`;
  const [row] = await db
    .update(companies)
    .set({ requireTwoFactor: required })
    .where(and(eq(companies.id, caller.companyId), required ? selfReady : undefined))
    .returning({
      id: companies.id,
      name: companies.name,
      require_two_factor: companies.requireTwoFactor,
    });
  if (!row) {
    throw validationError({
      base: ["turn on two-factor sign-in for yourself first, then require it for everyone"],
    });
  }
  return row;
}
