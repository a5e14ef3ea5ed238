import type { Db } from "@/lib/db/client";
import { invitations } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { InviteEmployerBody } from "@/lib/schemas/employer";
import { ROLE_LABELS, type Role } from "@/lib/schemas/permissions";
import type { Caller } from "../caller";
import { mergeFieldErrors, validationError } from "../errors";
import { enqueueMail } from "../events/emit";
import { renderInvitationMail } from "../events/invitation-mail";
import type { Parsed } from "../handler";
import { hashToken, randomToken } from "../hash-token";
import { recordUserChange } from "../users/history";
import { takenFields } from "../users/uniqueness";
import { insertEmployer } from "./insert-employer";
import { diffEmployers, serializeEmployer } from "./serialize-employer";

/** What a teammate's invitation mail says about who sent it and what they will be. */
export const teammateMailOf = (caller: Caller, role: Role) => ({
  roleLabel: ROLE_LABELS[role],
  invitedBy: caller.person?.name || null,
});

/**
 * POST /users/invite with `type: "Employer"` (our addition): a teammate without a password and
 * a one-use link by e-mail, through the workers' invitation machinery; accepting it
 * (POST /invitations/accept) sets their password. The user, the invitation, the mail and the
 * history entry commit together, or not at all.
 */
export async function inviteEmployer(
  db: Db,
  caller: Caller,
  now: Date,
  parsed: Parsed<InviteEmployerBody>,
) {
  const token = randomToken();
  return await db.transaction(async (tx) => {
    const f = parsed.fields;
    const errors = mergeFieldErrors(
      parsed.errors,
      await takenFields(tx, { email: f.email, phone: f.phone, companyId: caller.companyId }),
    );
    if (Object.keys(errors).length > 0 || !parsed.data) throw validationError(errors);
    const body = parsed.data;
    const expiresAt = new Date(now.getTime() + env().INVITE_TTL_DAYS * 86_400_000);
    const user = await insertEmployer(
      tx,
      { id: caller.companyId, name: caller.companyName },
      body,
      { invitationExpiresAt: expiresAt, now },
    );
    await tx.insert(invitations).values({
      userId: user.id,
      companyId: caller.companyId,
      email: user.email,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
    });
    await enqueueMail(tx, {
      companyId: caller.companyId,
      event: "user.invited",
      now,
      mail: renderInvitationMail({
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        companyName: caller.companyName,
        token,
        expiresAt,
        teammate: teammateMailOf(caller, body.role),
      }),
    });
    const json = serializeEmployer(user, now);
    await recordUserChange(tx, {
      userId: user.id,
      kind: "invited",
      caller,
      actor: caller.operator ? "operator" : "api_key",
      now,
      changes: diffEmployers(null, json),
      badgesAdded: [],
      badgesRemoved: [],
    });
    return { user: json, row: user, invitationToken: token };
  });
}
