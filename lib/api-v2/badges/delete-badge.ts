import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { badges, jobRequestBadges, userBadges, userChanges, users } from "@/lib/db/schema";
import type { Caller } from "../caller";
import { validationError } from "../errors";
import { emitEvents } from "../events/emit";
import { isForeignKeyViolation, pgErrorOf } from "../pg-error";
import type { BadgeRef } from "../users/history-redaction";
import { userUpdatedPayloads } from "../users/user-updated-payload";
import { findBadge } from "./badges";

/** Attempts before a delete that keeps losing races to new holders gives up (422). */
const ATTEMPTS = 3;
const DEADLOCK = "40P01";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Job requests that require the badge keep it: their postings are not changed behind them. */
const REQUIRED_BY_JOB_REQUESTS = "job_request_badges_badge_id_badges_id_fk";

/**
 * The 422 for a badge that something still refers to, counted as it stands now: the workers who
 * hold it (unless the caller asked to take it from them) and the job requests that require it.
 */
async function stillInUse(db: Db, id: number, opts: { countWorkers: boolean }) {
  const [[held], [required]] = await Promise.all([
    db.select({ n: count() }).from(userBadges).where(eq(userBadges.badgeId, id)),
    db.select({ n: count() }).from(jobRequestBadges).where(eq(jobRequestBadges.badgeId, id)),
  ]);
  const workers = opts.countWorkers ? Number(held?.n ?? 0) : 0;
  const requests = Number(required?.n ?? 0);
  const reasons = [
    ...(workers > 0
      ? [`is still assigned to ${plural(workers, "worker")}; remove it from them first`]
      : []),
    ...(requests > 0
      ? [`is required by ${plural(requests, "job request")}; remove it from them first`]
      : []),
  ];
  return validationError({
    badge: reasons.length > 0 ? reasons : ["is in use by a change under way; try again"],
  });
}

/**
 * DELETE /badges/:id. By default (the contract) a badge still held by workers stays: the foreign
 * key (ON DELETE RESTRICT) decides, also against a worker given it a moment ago. A badge that
 * job requests require stays in every case (422 naming them).
 * `removeFromWorkers` (our addition): the badge is taken from every worker who holds it and
 * deleted, all in one transaction. Each of them changes as a PATCH removing it would change
 * them: a new version (so an open editor's If-Match fails instead of writing over it), a new
 * `updated_at` (so `updated_after` syncs see them), a history entry, written set-wise, and a
 * `user.updated` webhook each, queued in batches in the same transaction.
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
      const countWorkers = !opts.removeFromWorkers;
      if (isForeignKeyViolation(info) && info.constraint === REQUIRED_BY_JOB_REQUESTS)
        throw await stillInUse(db, id, { countWorkers });
      if (!opts.removeFromWorkers) {
        if (isForeignKeyViolation(info)) throw await stillInUse(db, id, { countWorkers });
        throw err;
      }
      // A worker given the badge while the transaction ran (the foreign key refused the
      // delete), or a deadlock PostgreSQL broke: the next attempt takes it from them too.
      if (info?.code !== DEADLOCK && !isForeignKeyViolation(info)) throw err;
      if (attempt >= ATTEMPTS) throw await stillInUse(db, id, { countWorkers: true });
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
    const removed: BadgeRef[] = [{ badge_id: String(id), name: badge.name }];
    const apiKeyId = caller.operator || !caller.apiKeyId ? null : caller.apiKeyId;
    // As recordUserChange writes it: a teammate signed in with their own password is named.
    const actor = caller.operator ? "operator" : caller.person ? "employer" : "api_key";
    const actorUserId = caller.person?.id ?? null;
    const result = await tx.execute(sql`
      with gone as (
        delete from ${userBadges} where ${userBadges.badgeId} = ${id} returning user_id
      ), bumped as (
        update ${users} set updated_at = ${at}, version = ${users.version} + 1
        from gone where ${users.id} = gone.user_id returning ${users.id} as id
      )
      insert into ${userChanges} (user_id, kind, api_key_id, company_id, actor, actor_user_id, occurred_at, badges_removed)
      select id, 'updated', ${apiKeyId}, ${caller.companyId}, ${actor}, ${actorUserId}, ${at}, ${JSON.stringify(removed)}::jsonb
      from bumped
      returning user_id`);
    const holders = (
      (result as { rows?: { user_id: number }[] }).rows ??
      (result as unknown as { user_id: number }[])
    )
      .map((r) => Number(r.user_id))
      .sort((x, y) => x - y);
    // Each worker's subscribers hear of it as of a PATCH that removed the badge.
    await emitEvents(tx, {
      companyId: caller.companyId,
      event: "user.updated",
      keys: holders,
      data: (batch) => userUpdatedPayloads(tx, batch, removed),
      now,
      actorUserId,
    });
    // A worker given the badge since the delete above still holds it: the foreign key refuses,
    // the transaction rolls back, and the caller tries again.
    await tx.delete(badges).where(eq(badges.id, id));
  });
}
