import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { hitRateLimit } from "@/lib/db/rate-limit";
import { companies, invitations, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { validationError } from "../errors";
import { enqueueMail } from "../events/emit";
import { renderPasswordResetMail } from "../events/password-reset-mail";
import { hashToken, randomToken } from "../hash-token";
import { hashPassword } from "../invitations/password";
import { consumeRateLimit } from "../rate-limit";
import { accountLimitKey } from "./authenticate-person";
import { endPersonSessions } from "./end-sessions";

/** A reset link lives an hour: long enough to find the mail, short enough to go stale. */
export const RESET_TTL_MS = 3_600_000;

/** What every request for a reset link is told, whoever the address belongs to. */
export const RESET_REQUESTED = {
  message:
    "If that address belongs to a teammate who can sign in, a link to choose a new password is on its way. It works once, for an hour.",
};

type Meta = { clientAddress: string | null; now: Date };

async function addressLimit(db: Db, kind: string, meta: Meta) {
  if (!meta.clientAddress) return;
  const e = env();
  await consumeRateLimit(
    db,
    `reset:${kind}:addr:${meta.clientAddress}`,
    e.PASSWORD_RESET_LIMIT_PER_ADDRESS,
    e.PASSWORD_RESET_WINDOW_SECONDS,
    meta.now,
  );
}

/**
 * POST /password_resets (our addition): mails a one-use link to a teammate who can sign in (an
 * active employer user with a password). The caller learns nothing: whoever the address is, the
 * answer is the same 202. Over the address's limit, 429 (that says nothing about the account);
 * over the account's, no further mail, and still 202. Asking again replaces the earlier link.
 */
export async function requestPasswordReset(db: Db, rawEmail: string, meta: Meta): Promise<void> {
  const { now } = meta;
  const e = env();
  await addressLimit(db, "request", meta);
  const email = rawEmail.trim().toLowerCase();
  const account = await hitRateLimit(
    db,
    accountLimitKey("reset", email),
    e.PASSWORD_RESET_LIMIT_PER_ACCOUNT,
    e.PASSWORD_RESET_WINDOW_SECONDS,
    now,
  );
  if (!account.allowed) return;
  const [person] = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(sql`lower(${users.email})`, email),
        eq(users.type, "Employer"),
        eq(users.suspended, false),
        sql`${users.passwordHash} like 'scrypt$%'`,
      ),
    )
    .limit(1);
  if (!person) return;
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS);
  await db.transaction(async (tx) => {
    await expireLiveResetLinks(tx, person.id, now);
    await tx.insert(invitations).values({
      userId: person.id,
      companyId: person.companyId,
      email: person.email,
      purpose: "password_reset",
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
    await enqueueMail(tx, {
      companyId: person.companyId,
      event: "user.password_reset",
      now,
      mail: renderPasswordResetMail({ ...person, token, expiresAt }),
    });
  });
}

async function expireLiveResetLinks(tx: DbOrTx, userId: number, now: Date) {
  await tx
    .update(invitations)
    .set({ expiresAt: now })
    .where(
      and(
        eq(invitations.userId, userId),
        eq(invitations.purpose, "password_reset"),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
      ),
    );
}

const UNKNOWN = "is not valid: ask for a new password reset link";

async function findResetLink(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      userId: invitations.userId,
      expiresAt: invitations.expiresAt,
      usedAt: invitations.usedAt,
      suspended: users.suspended,
      type: users.type,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    // An invitation's link is not a reset link, whatever it was sent for.
    .where(
      and(eq(invitations.tokenHash, hashToken(token)), eq(invitations.purpose, "password_reset")),
    )
    .limit(1);
  return row ?? null;
}

/** 422 on `token` for an unknown, used or expired link (or a deactivated person's): before any hash. */
function refuseUnlessLive(row: Awaited<ReturnType<typeof findResetLink>>, now: Date): void {
  if (!row || row.suspended || row.type !== "Employer") throw validationError({ token: [UNKNOWN] });
  if (row.usedAt) {
    throw validationError({
      token: ["has already been used: ask for a new password reset link if you need one"],
    });
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw validationError({ token: ["has expired: ask for a new password reset link"] });
  }
}

/**
 * POST /password_resets/confirm (our addition): the link works once. The cheap checks first (the
 * address's limit, the lookup), then the new password is hashed, then one transaction: the
 * conditional UPDATE (unused, unexpired) decides between two racing confirmations, the password
 * is set and every session of the person ends.
 */
export async function confirmPasswordReset(
  db: Db,
  input: { token: string; password: string },
  meta: Meta,
): Promise<void> {
  const { now } = meta;
  await addressLimit(db, "confirm", meta);
  const found = await findResetLink(db, input.token);
  refuseUnlessLive(found, now);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(invitations.id, found!.id),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning({ userId: invitations.userId });
    if (!used) {
      // Another confirmation won the race (or the link expired meanwhile): say which.
      refuseUnlessLive(await findResetLink(tx, input.token), now);
      throw validationError({ token: [UNKNOWN] });
    }
    await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, used.userId), eq(users.suspended, false)));
    await expireLiveResetLinks(tx, used.userId, now);
    await endPersonSessions(tx, used.userId, now);
  });
}
