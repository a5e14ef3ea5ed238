import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { companies, invitations, users } from "@/lib/db/schema";
import { ApiError, validationError } from "../errors";
import { formatTimestamp } from "../format";
import { hashToken } from "../hash-token";
import { recordUserChange } from "../users/history";

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** scrypt, self-describing: `scrypt$N$r$p$salt$hash`. */
async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, 32, PARAMS);
  return [
    "scrypt",
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString("base64url"),
    hash.toString("base64url"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return timingSafeEqual(expected, actual);
}

const unknownLink = () =>
  new ApiError(
    "not_found",
    "This invitation link is not valid. Ask the employer to invite you again.",
  );

async function findInvitation(db: Db, token: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      userId: invitations.userId,
      expiresAt: invitations.expiresAt,
      usedAt: invitations.usedAt,
      firstName: users.firstName,
      email: users.email,
      companyName: companies.name,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .where(eq(invitations.tokenHash, hashToken(token)))
    .limit(1);
  return row ?? null;
}

type Found = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

function stateOf(row: Found, now: Date): "valid" | "used" | "expired" {
  if (row.usedAt) return "used";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return "valid";
}

function describeInvitation(row: Found, now: Date) {
  return {
    state: stateOf(row, now),
    first_name: row.firstName,
    company_name: row.companyName,
    email: row.email,
    expires_at: formatTimestamp(row.expiresAt)!,
    used_at: formatTimestamp(row.usedAt),
  };
}

/** What the accept page shows before the worker types anything. */
export async function inspectInvitation(db: Db, token: string, now: Date) {
  const row = await findInvitation(db, token);
  if (!row) throw unknownLink();
  return describeInvitation(row, now);
}

/**
 * Accepts the invitation once: the conditional UPDATE (unused and unexpired) decides, so two
 * clicks racing each other cannot both succeed. Sets the worker's password.
 */
export async function acceptInvitation(db: Db, token: string, password: string, now: Date) {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(invitations.tokenHash, hashToken(token)),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning({ userId: invitations.userId });
    if (!used) {
      const row = await findInvitation(tx as unknown as Db, token);
      if (!row) throw unknownLink();
      const state = stateOf(row, now);
      throw validationError({
        token: [
          state === "used"
            ? "has already been used: this invitation was accepted before, so you can sign in to the app"
            : "has expired: ask the employer to send a new invitation",
        ],
      });
    }
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    await recordUserChange(tx, {
      userId: used.userId,
      kind: "invitation_accepted",
      caller: null,
      actor: "worker",
      now,
      changes: {},
      badgesAdded: [],
      badgesRemoved: [],
    });
    const row = await findInvitation(tx as unknown as Db, token);
    return { accepted: true as const, ...describeInvitation(row!, now) };
  });
}
