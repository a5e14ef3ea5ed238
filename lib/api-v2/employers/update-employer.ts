import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { tokens, users } from "@/lib/db/schema";
import type { UpdateEmployerBody } from "@/lib/schemas/employer";
import type { Caller } from "../caller";
import { ApiError, type FieldErrors, mergeFieldErrors, notFound, validationError } from "../errors";
import type { Parsed } from "../handler";
import { etagOf } from "../users/etag";
import { recordUserChange } from "../users/history";
import type { UserRow } from "../users/serialize-user";
import { takenFields } from "../users/uniqueness";
import { findEmployer, isEmployer } from "./find-employer";
import { diffEmployers, serializeEmployer } from "./serialize-employer";

export const LAST_ADMIN = "is the company's last active admin";

/** `If-Match: "u1-v3"`, a list of them, or `*`. */
function ifMatchAllows(header: string | null, etag: string): boolean {
  if (header === null) return true;
  const tags = header.split(",").map((t) => t.trim());
  return tags.includes("*") || tags.includes(etag);
}

/** The columns whose value the body really changes. */
function changesOf(current: UserRow, body: Partial<UpdateEmployerBody>, now: Date) {
  const out: Partial<UserRow> = {};
  if (body.first_name !== undefined && body.first_name !== current.firstName)
    out.firstName = body.first_name;
  if (body.last_name !== undefined && body.last_name !== current.lastName)
    out.lastName = body.last_name;
  if (body.email !== undefined && body.email !== current.email) out.email = body.email;
  if (body.phone !== undefined && body.phone !== current.phone) out.phone = body.phone;
  if (body.title !== undefined && body.title !== current.title) out.title = body.title;
  if (body.role !== undefined && body.role !== current.role) out.role = body.role;
  if (body.suspended !== undefined && body.suspended !== current.suspended) {
    out.suspended = body.suspended;
    out.suspendedAt = body.suspended ? now : null;
  }
  return out;
}

/**
 * The company's active admins, locked in id order for the rest of the transaction. Every change
 * of a role or of `suspended` takes these locks first, before its own row, so two admins
 * demoting each other at once are serialised (the second sees the first's change) and never
 * deadlock; the count after the locks is the truth the rule is decided on.
 */
async function lockActiveAdmins(tx: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        isEmployer,
        eq(users.role, "customer_admin"),
        eq(users.suspended, false),
      ),
    )
    .orderBy(asc(users.id))
    .for("update", { of: users });
  return rows.map((r) => r.id);
}

/** 422 on `role` / `suspended` when the change would leave the company without an active admin. */
function lastAdminErrors(
  current: UserRow,
  changes: Partial<UserRow>,
  activeAdmins: number[],
): FieldErrors {
  const isActiveAdmin = current.role === "customer_admin" && !current.suspended;
  if (!isActiveAdmin || activeAdmins.some((id) => id !== current.id)) return {};
  const errors: FieldErrors = {};
  if (changes.role !== undefined) errors.role = [LAST_ADMIN];
  if (changes.suspended === true) errors.suspended = [LAST_ADMIN];
  return errors;
}

/**
 * PATCH /users/:id for an employer user: partial, all or nothing, with If-Match like workers.
 * Deactivating someone ends their sessions at once: their live tokens are revoked in the same
 * transaction (and a suspended person's token is refused even before that, lib/api-v2/caller.ts).
 */
export async function updateEmployer(
  db: Db,
  caller: Caller,
  now: Date,
  id: number,
  parsed: Parsed<UpdateEmployerBody>,
  ifMatch: string | null,
) {
  return await db.transaction(async (tx) => {
    const f = parsed.fields;
    const touchesAdmins = f.role !== undefined || f.suspended !== undefined;
    const activeAdmins = touchesAdmins ? await lockActiveAdmins(tx, caller.companyId) : [];
    const current = await findEmployer(tx, caller, id, true);
    if (!current) throw notFound("User");
    if (!ifMatchAllows(ifMatch, etagOf(current))) {
      throw new ApiError(
        "precondition_failed",
        "The teammate was changed by someone else since you loaded them; reload and apply your changes again",
      );
    }
    const changes = changesOf(current, f, now);
    const errors = mergeFieldErrors(
      parsed.errors,
      await takenFields(tx, {
        email: changes.email,
        phone: changes.phone,
        companyId: current.companyId,
        excludeUserId: id,
      }),
      lastAdminErrors(current, changes, activeAdmins),
    );
    if (Object.keys(errors).length > 0 || !parsed.data) throw validationError(errors);
    if (Object.keys(changes).length === 0) {
      return { user: serializeEmployer(current, now), etag: etagOf(current) };
    }
    const [row] = await tx
      .update(users)
      .set({ ...changes, updatedAt: now, version: current.version + 1 })
      .where(eq(users.id, id))
      .returning();
    if (changes.suspended === true) {
      await tx
        .update(tokens)
        .set({ revokedAt: now })
        .where(and(eq(tokens.userId, id), isNull(tokens.revokedAt), gt(tokens.expiresAt, now)));
    }
    const json = serializeEmployer(row!, now);
    await recordUserChange(tx, {
      userId: id,
      kind: "updated",
      caller,
      actor: caller.operator ? "operator" : "api_key",
      now,
      changes: diffEmployers(serializeEmployer(current, now), json),
      badgesAdded: [],
      badgesRemoved: [],
    });
    return { user: json, etag: etagOf(row!) };
  });
}
