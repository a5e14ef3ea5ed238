import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { badges, userBadges, userChanges, users } from "@/lib/db/schema";
import type { Caller } from "../caller";
import { validationError } from "../errors";
import { isForeignKeyViolation, pgErrorOf } from "../pg-error";
import { findBadge } from "./badges";

/** Attempts before a delete that keeps losing races to new holders gives up (422). */
const ATTEMPTS = 3;
const DEADLOCK = "40P01";

async function stillHeld(db: Db, id: number) {
  const [held] = await db.select({ n: count() }).from(userBadges).where(eq(userBadges.badgeId, id));
  const n = Number(held?.n ?? 0);
  return validationError({
    badge: [`is still assigned to ${n} worker${n === 1 ? "" : "s"}; remove it from them first`],
  });
}

/**
 * DELETE /badges/:id. By default (the contract) a badge still held by workers stays: the foreign
 * key (ON DELETE RESTRICT) decides, also against a worker given it a moment ago.
 * `removeFromWorkers` (our addition): the badge is taken from every worker who holds it and
 * deleted, all in one transaction. Each of them changes as a PATCH removing it would change
 * them: a new version (so an open editor's If-Match fails instead of writing over it), a new
 * `updated_at` (so `updated_after` syncs see them) and a history entry, written set-wise.
 */
export async function deleteBadge(
  db: Db,
  caller: Caller,
  now: Date,
  id: number,
  opts: { removeFromWorkers?: boolean } = {},
): Promise<void> {
  await findBadge(db, caller, id);
  for (let attempt = 1; ; attempt++) {
    try {
      if (opts.removeFromWorkers) await deleteWithHolders(db, caller, now, id);
      else
        await db
          .delete(badges)
          .where(and(eq(badges.id, id), eq(badges.companyId, caller.companyId)));
      return;
    } catch (err) {
      const info = pgErrorOf(err);
      if (!opts.removeFromWorkers) {
        if (isForeignKeyViolation(info)) throw await stillHeld(db, id);
        throw err;
      }
      // A worker given the badge while the transaction ran (the foreign key refused the
      // delete), or a deadlock PostgreSQL broke: the next attempt takes it from them too.
      if (info?.code !== DEADLOCK && !isForeignKeyViolation(info)) throw err;
      if (attempt >= ATTEMPTS) throw await stillHeld(db, id);
    }
  }
}

async function deleteWithHolders(db: Db, caller: Caller, now: Date, id: number) {
  await db.transaction(async (tx) => {
    const badge = await findBadge(tx, caller, id);
    // The holders first, in id order: the order a PATCH of a worker takes its locks in (the
    // worker, then its badges), so the two do not wait on each other in a circle.
    await tx
      .select({ id: users.id })
      .from(users)
      .where(
        sql`${users.id} in (select ${userBadges.userId} from ${userBadges} where ${userBadges.badgeId} = ${id})`,
      )
      .orderBy(asc(users.id))
      .for("update");
    const at = now.toISOString();
    const removed = JSON.stringify([{ badge_id: String(id), name: badge.name }]);
    const apiKeyId = caller.operator ? null : caller.apiKeyId;
    const actor = caller.operator ? "operator" : "api_key";
    await tx.execute(sql`
      with gone as (
        delete from ${userBadges} where ${userBadges.badgeId} = ${id} returning user_id
      ), bumped as (
        update ${users} set updated_at = ${at}, version = ${users.version} + 1
        from gone where ${users.id} = gone.user_id returning ${users.id} as id
      )
      insert into ${userChanges} (user_id, kind, api_key_id, company_id, actor, occurred_at, badges_removed)
      select id, 'updated', ${apiKeyId}, ${caller.companyId}, ${actor}, ${at}, ${removed}::jsonb
      from bumped`);
    // A worker given the badge since the delete above still holds it: the foreign key refuses,
    // the transaction rolls back, and the caller tries again.
    await tx.delete(badges).where(eq(badges.id, id));
  });
}
