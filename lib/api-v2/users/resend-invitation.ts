import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { invitations, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { can } from "@/lib/schemas/permissions";
import { type Caller, principalOf, requirePermission } from "../caller";
import { findEmployer } from "../employers/find-employer";
import { teammateMailOf } from "../employers/invite-employer";
import { serializeEmployer } from "../employers/serialize-employer";
import { notFound, validationError } from "../errors";
import { enqueueMail } from "../events/emit";
import { renderInvitationMail } from "../events/invitation-mail";
import { hashToken, randomToken } from "../hash-token";
import { consumeRateLimit } from "../rate-limit";
import { etagOf } from "./etag";
import { hasPassword, serializeUser } from "./serialize-user";
import { badgesByUser } from "./user-badges";
import { findVisibleUser } from "./visibility";

/** Resends per worker and hour: enough for "it went to spam", too few to flood an inbox. */
export const RESENDS_PER_HOUR = 3;

/**
 * POST /users/:id/invitation (our addition): a new invitation link for a worker who has not
 * accepted yet, mailed as the first one was. The worker's earlier links stop working at this
 * moment, so only the newest mail's link can be used. One transaction with the worker's row
 * locked: two resends at once give two mails in order, never a half-written one, and the rate
 * limit (per worker) counts only resends that commit.
 */
export async function resendInvitation(db: Db, caller: Caller, now: Date, id: number) {
  const token = randomToken();
  return await db.transaction(async (tx) => {
    let current = await findVisibleUser(tx, caller, now, id, true);
    // A teammate (employer user) too, for whoever may see the team; resending needs team.write.
    const teammate =
      !current && can(principalOf(caller), "team.read")
        ? await findEmployer(tx, caller, id, true)
        : null;
    if (teammate) {
      requirePermission(caller, "team.write");
      current = teammate;
    }
    if (!current) throw notFound("User");
    if (hasPassword(current)) {
      throw validationError({
        invitation: [
          `has already been accepted: the ${teammate ? "teammate" : "worker"} has set a password`,
        ],
      });
    }
    await consumeRateLimit(tx, `invitation-resend:${id}`, RESENDS_PER_HOUR, 3600, now);
    const expiresAt = new Date(now.getTime() + env().INVITE_TTL_DAYS * 86_400_000);
    await tx
      .update(invitations)
      .set({ expiresAt: now })
      .where(
        and(eq(invitations.userId, id), isNull(invitations.usedAt), gt(invitations.expiresAt, now)),
      );
    await tx.insert(invitations).values({
      userId: id,
      companyId: current.companyId,
      email: current.email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
    // Not a change of the worker's data: updated_at, the version and the ETag stay as they are,
    // so an editor open on the worker can still save.
    const [row] = await tx
      .update(users)
      .set({ invitationExpiresAt: expiresAt })
      .where(eq(users.id, id))
      .returning();
    await enqueueMail(tx, {
      companyId: current.companyId,
      actorUserId: caller.person?.id ?? null,
      event: "user.invited",
      now,
      mail: renderInvitationMail({
        firstName: current.firstName,
        lastName: current.lastName,
        email: current.email,
        companyName: caller.companyName,
        token,
        expiresAt,
        ...(teammate?.role ? { teammate: teammateMailOf(caller, teammate.role) } : {}),
      }),
    });
    if (teammate) return { user: serializeEmployer(row!, now), etag: etagOf(row!) };
    const badges = (await badgesByUser(tx, [id])).get(id) ?? [];
    return { user: serializeUser(row!, badges, caller), etag: etagOf(row!) };
  });
}
