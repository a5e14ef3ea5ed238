import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { userBadges, users } from "@/lib/db/schema";
import { coordinatePairErrors, type UpdateUserBody } from "@/lib/schemas/user";
import type { Caller } from "../caller";
import { ApiError, mergeFieldErrors, notFound, validationError } from "../errors";
import { emitEvent } from "../events/emit";
import { formatDecimal } from "../format";
import type { Parsed } from "../handler";
import { etagOf } from "./etag";
import { badgeRefs, diffUsers, recordUserChange, removedBadgeIds } from "./history";
import {
  openPersonal,
  sealPersonalColumns,
  withoutEchoedMask,
  withoutPersonalValues,
} from "./personal-data";
import { serializeUser, type UserRow } from "./serialize-user";
import { takenFields } from "./uniqueness";
import { badgesByUser, planBadgeChanges } from "./user-badges";
import { changedColumns } from "./user-columns";
import { findVisibleUser } from "./visibility";

/** `If-Match: "u1-v3"`, a list of them, or `*`. */
function ifMatchAllows(header: string | null, etag: string): boolean {
  if (header === null) return true;
  const tags = header.split(",").map((t) => t.trim());
  return tags.includes("*") || tags.includes(etag);
}

/**
 * Partial update of a worker and its badges, all or nothing. The row is locked for the
 * transaction, so If-Match and the badge rules see what they write; the unique index on
 * (user, badge) still decides between concurrent requests.
 */
export async function updateUser(
  db: Db,
  caller: Caller,
  now: Date,
  id: number,
  parsed: Parsed<UpdateUserBody>,
  ifMatch: string | null,
) {
  return await db.transaction(async (tx) => {
    const current = await findVisibleUser(tx, caller, now, id, true);
    if (!current) throw notFound("User");
    if (!ifMatchAllows(ifMatch, etagOf(current))) {
      throw new ApiError(
        "precondition_failed",
        "The worker was changed by someone else since you loaded it; reload and apply your changes again",
      );
    }
    const currentBadges = (await badgesByUser(tx, [id])).get(id) ?? [];
    const f = withoutEchoedMask(parsed.fields, current);
    // Compared in clear: a sealed value differs from every other sealing of the same value.
    const changes = changedColumns(openPersonal(current), f);
    // The reference's suspended_at: when `suspended` last became true, cleared when it is lifted.
    if (changes.suspended !== undefined) changes.suspendedAt = changes.suspended ? now : null;
    const merged = { ...current, ...changes };
    const pairErrors = coordinatePairErrors(
      {
        latitude: formatDecimal(merged.latitude),
        longitude: formatDecimal(merged.longitude),
        home_latitude: formatDecimal(merged.homeLatitude),
        home_longitude: formatDecimal(merged.homeLongitude),
      },
      Object.keys(parsed.errors),
    );
    const taken = await takenFields(tx, {
      email: changes.email,
      phone: changes.phone,
      externalId: changes.externalId,
      companyId: current.companyId,
      excludeUserId: id,
    });
    const { plan, fieldErrors: badgeErrors } = await planBadgeChanges(
      tx,
      caller.companyId,
      currentBadges,
      f,
    );
    const errors = mergeFieldErrors(parsed.errors, pairErrors, taken, badgeErrors);
    if (Object.keys(errors).length > 0 || !parsed.data) throw validationError(errors);

    const badgesChanged = plan.removeIds.length > 0 || plan.addBadgeIds.length > 0;
    if (Object.keys(changes).length === 0 && !badgesChanged) {
      return {
        user: serializeUser(current, currentBadges, caller),
        etag: etagOf(current),
        changed: false,
      };
    }
    if (plan.removeIds.length > 0)
      await tx.delete(userBadges).where(inArray(userBadges.id, plan.removeIds));
    if (plan.addBadgeIds.length > 0) {
      await tx
        .insert(userBadges)
        .values(plan.addBadgeIds.map((badgeId) => ({ userId: id, badgeId, createdAt: now })));
    }
    const [row] = await tx
      .update(users)
      .set({ ...sealPersonalColumns(changes), updatedAt: now, version: current.version + 1 })
      .where(eq(users.id, id))
      .returning();
    const updated = row as UserRow;
    const badges = (await badgesByUser(tx, [id])).get(id) ?? [];
    const json = serializeUser(updated, badges, caller);
    const fieldChanges = withoutPersonalValues(
      diffUsers(serializeUser(current, currentBadges, caller), json),
    );
    const badgesAdded = await badgeRefs(tx, plan.addBadgeIds);
    const badgesRemoved = await badgeRefs(tx, removedBadgeIds(currentBadges, plan.removeIds));
    // History and webhook deliveries commit with the change itself, or not at all.
    await recordUserChange(tx, {
      userId: id,
      kind: "updated",
      caller,
      actor: "api_key",
      now,
      changes: fieldChanges,
      badgesAdded,
      badgesRemoved,
    });
    await emitEvent(tx, {
      companyId: current.companyId,
      actorUserId: caller.person?.id ?? null,
      event: "user.updated",
      data: {
        // No viewer: the worker's SSN and date of birth stay out of webhook payloads.
        user: serializeUser(updated, badges, null),
        changes: fieldChanges,
        badges_added: badgesAdded,
        badges_removed: badgesRemoved,
      },
      now,
    });
    return { user: json, etag: etagOf(updated), changed: true };
  });
}
