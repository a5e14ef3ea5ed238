import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { companies, invitations, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ApiError, validationError } from "../errors";
import { formatTimestamp } from "../format";
import { hashToken } from "../hash-token";
import { consumeRateLimit } from "../rate-limit";
import { recordUserChange } from "../users/history";
import { hashPassword } from "./password";

export { verifyPassword } from "./password";

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
      type: users.type,
      role: users.role,
      companyName: companies.name,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    // A password reset link (our addition) is no invitation, even to the page that accepts them.
    .where(and(eq(invitations.tokenHash, hashToken(token)), eq(invitations.purpose, "invitation")))
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
    // Ours: a worker or a teammate (and the role they will hold), so the page can word itself.
    type: row.type,
    role: row.role,
  };
}

/** What the accept page shows before the worker types anything. */
export async function inspectInvitation(db: Db, token: string, now: Date) {
  const row = await findInvitation(db, token);
  if (!row) throw unknownLink();
  return describeInvitation(row, now);
}

/** 422 on `token` for a used or expired invitation: said before any password is hashed. */
function refuseUnlessValid(row: Found, now: Date): void {
  const state = stateOf(row, now);
  if (state === "valid") return;
  throw validationError({
    token: [
      state === "used"
        ? "has already been used: this invitation was accepted before, so you can sign in to the app"
        : "has expired: ask the employer to send a new invitation",
    ],
  });
}

/**
 * Accepts the invitation once and sets the worker's password. The cheap checks come first and
 * the password is hashed (scrypt, ~100 ms of CPU) only for a live invitation within its limits:
 * the client address's rate limit, then the lookup (404 unknown, 422 used or expired), then the
 * invitation's own rate limit. The conditional UPDATE (unused and unexpired) still decides, so
 * two clicks racing each other cannot both succeed.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  password: string,
  meta: { clientAddress: string | null; now: Date },
) {
  const { now } = meta;
  const e = env();
  const window = e.INVITATION_ACCEPT_WINDOW_SECONDS;
  if (meta.clientAddress) {
    await consumeRateLimit(
      db,
      `invite:addr:${meta.clientAddress}`,
      e.INVITATION_ACCEPT_LIMIT_PER_ADDRESS,
      window,
      now,
    );
  }
  const found = await findInvitation(db, token);
  if (!found) throw unknownLink();
  refuseUnlessValid(found, now);
  await consumeRateLimit(
    db,
    `invite:accept:${found.id}`,
    e.INVITATION_ACCEPT_LIMIT_PER_INVITATION,
    window,
    now,
  );
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(invitations)
      .set({ usedAt: now })
      .where(
        and(
          eq(invitations.id, found.id),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, now),
        ),
      )
      .returning({ userId: invitations.userId });
    if (!used) {
      // Another accept won the race (or the link expired meanwhile): say which.
      const row = await findInvitation(tx as unknown as Db, token);
      if (!row) throw unknownLink();
      refuseUnlessValid(row, now);
      throw unknownLink();
    }
    const [accepted] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, used.userId))
      .returning({ type: users.type, companyId: users.companyId });
    // A worker accepts as the worker; a teammate accepts in their own name.
    const teammate = accepted?.type === "Employer";
    await recordUserChange(tx, {
      userId: used.userId,
      kind: "invitation_accepted",
      caller: null,
      actor: teammate ? "employer" : "worker",
      ...(teammate ? { actorUserId: used.userId, companyId: accepted.companyId } : {}),
      now,
      changes: {},
      badgesAdded: [],
      badgesRemoved: [],
    });
    const row = await findInvitation(tx as unknown as Db, token);
    return { accepted: true as const, ...describeInvitation(row!, now) };
  });
}
