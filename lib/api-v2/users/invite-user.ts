import type { Db } from "@/lib/db/client";
import { invitations, userBadges, users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import {
  coordinatePairErrors,
  type InviteUserBody,
  USER_WRITABLE_FIELDS,
} from "@/lib/schemas/user";
import type { Caller } from "../caller";
import { mergeFieldErrors, validationError } from "../errors";
import { emitEvent, enqueueMail } from "../events/emit";
import { renderInvitationMail } from "../events/invitation-mail";
import type { Parsed } from "../handler";
import { hashToken, randomToken } from "../hash-token";
import { badgeRefs, diffUsers, recordUserChange } from "./history";
import { sealPersonalColumns, withoutPersonalValues } from "./personal-data";
import { serializeUser, type UserBadgeRow, type UserRow } from "./serialize-user";
import { takenFields } from "./uniqueness";
import { planBadgeChanges } from "./user-badges";
import { columnOf } from "./user-columns";

type Invited = {
  user: ReturnType<typeof serializeUser>;
  row: UserRow;
  /** The single-use link token; only its hash is stored. Delivered by the mail outbox. */
  invitationToken: string;
};

/**
 * Creates the worker and its invitation in one transaction: a committed invite always has its
 * invitation row, a refused one leaves nothing behind.
 */
export async function inviteUser(
  db: Db,
  caller: Caller,
  now: Date,
  parsed: Parsed<InviteUserBody>,
): Promise<Invited> {
  const invitationToken = randomToken();
  return await db.transaction(async (tx) => {
    const f = parsed.fields;
    const { plan, fieldErrors: badgeErrors } = await planBadgeChanges(tx, caller.companyId, [], f);
    const taken = await takenFields(tx, {
      email: f.email,
      phone: f.phone,
      externalId: f.external_id ?? null,
      companyId: caller.companyId,
    });
    const errors = mergeFieldErrors(
      parsed.errors,
      coordinatePairErrors(f, Object.keys(parsed.errors)),
      taken,
      badgeErrors,
    );
    if (Object.keys(errors).length > 0 || !parsed.data) throw validationError(errors);
    const body = parsed.data;
    const values: Partial<UserRow> = {};
    for (const field of USER_WRITABLE_FIELDS) {
      const v = body[field];
      if (v !== undefined) (values as Record<string, unknown>)[columnOf(field)] = v;
    }

    const expiresAt = new Date(now.getTime() + env().INVITE_TTL_DAYS * 86_400_000);
    const [row] = await tx
      .insert(users)
      .values({
        ...(sealPersonalColumns(values) as Omit<
          typeof users.$inferInsert,
          "companyId" | "createdAt" | "updatedAt"
        >),
        firstName: body.first_name,
        lastName: body.last_name,
        email: body.email,
        phone: body.phone,
        type: "Worker",
        companyId: caller.companyId,
        invitationExpiresAt: expiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const user = row!;
    await tx.insert(invitations).values({
      userId: user.id,
      companyId: caller.companyId,
      email: user.email,
      tokenHash: hashToken(invitationToken),
      createdAt: now,
      expiresAt,
    });
    let badges: UserBadgeRow[] = [];
    if (plan.addBadgeIds.length > 0) {
      badges = await tx
        .insert(userBadges)
        .values(plan.addBadgeIds.map((badgeId) => ({ userId: user.id, badgeId, createdAt: now })))
        .returning();
    }
    const json = serializeUser(user, badges, caller);
    // The mail, the webhook deliveries and the history entry commit with the worker, or not at all.
    await enqueueMail(tx, {
      companyId: caller.companyId,
      actorUserId: caller.person?.id ?? null,
      event: "user.invited",
      now,
      mail: renderInvitationMail({
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        companyName: caller.companyName,
        token: invitationToken,
        expiresAt,
      }),
    });
    await emitEvent(tx, {
      companyId: caller.companyId,
      actorUserId: caller.person?.id ?? null,
      event: "user.invited",
      // No viewer: the worker's SSN and date of birth stay out of webhook payloads.
      data: { user: serializeUser(user, badges, null) },
      now,
    });
    await recordUserChange(tx, {
      userId: user.id,
      kind: "invited",
      caller,
      actor: caller.operator ? "operator" : "api_key",
      now,
      changes: withoutPersonalValues(diffUsers(null, json)),
      badgesAdded: await badgeRefs(tx, plan.addBadgeIds),
      badgesRemoved: [],
    });
    return { user: json, row: user, invitationToken };
  });
}
