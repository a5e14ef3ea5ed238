import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { badges, userBadges } from "@/lib/db/schema";
import { ApiError, type FieldErrors } from "../errors";
import type { UserBadgeRow } from "./serialize-user";

/** Badges of many users at once, in the order they were assigned. */
export async function badgesByUser(
  db: DbOrTx,
  userIds: number[],
): Promise<Map<number, UserBadgeRow[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(userBadges)
    // One array parameter, not one per id: a shorter statement to build, send and parse.
    .where(sql`${userBadges.userId} = any(${sql.param(userIds)}::int[])`)
    .orderBy(asc(userBadges.id));
  return grouped(rows);
}

function grouped(rows: UserBadgeRow[]): Map<number, UserBadgeRow[]> {
  const map = new Map<number, UserBadgeRow[]>();
  for (const r of rows) {
    const list = map.get(r.userId) ?? [];
    list.push(r);
    map.set(r.userId, list);
  }
  return map;
}

type BadgeChanges = {
  user_badges?: { badge_id: number }[];
  user_badges_attributes?: { id?: number; badge_id?: number; _destroy?: boolean }[];
};

type BadgePlan = { removeIds: number[]; addBadgeIds: number[] };

/** The message names this many badges at most (the fields list is bounded by ApiError). */
const NAMED_BADGES = 10;

export const duplicateBadge = (badgeIds: number[]) =>
  new ApiError(
    "duplicate_badge",
    badgeIds.length > 0
      ? `The worker cannot hold the same badge twice (badge ${badgeIds.slice(0, NAMED_BADGES).join(", ")}${badgeIds.length > NAMED_BADGES ? `, …and ${badgeIds.length - NAMED_BADGES} more` : ""})`
      : "The worker already holds this badge",
    {
      user_badges:
        badgeIds.length > 0
          ? badgeIds.map((id) => `badge ${id} is already assigned`)
          : ["is already assigned"],
    },
  );

/**
 * Turns the request's badge changes into rows to delete and badges to add. Rules: a badge
 * already on the worker, or named twice in one request, is 422 duplicate_badge and nothing of
 * the request is applied; unknown badges are 422 validation_failed.
 */
export async function planBadgeChanges(
  db: DbOrTx,
  companyId: number,
  current: UserBadgeRow[],
  changes: BadgeChanges,
): Promise<{ plan: BadgePlan; fieldErrors: FieldErrors }> {
  const fieldErrors: FieldErrors = {};
  const working = new Map(current.map((b) => [b.badgeId, b]));
  const currentById = new Map(current.map((b) => [b.id, b]));
  const removeIds = new Set<number>();
  // Badge ids to add, in request order (a Set keeps it, and finds in constant time: the lists
  // are bounded by MAX_BADGE_ENTRIES, and the work stays in proportion to them).
  const added = new Set<number>();
  const duplicates = new Set<number>();

  if (changes.user_badges) {
    const seen = new Set<number>();
    for (const { badge_id } of changes.user_badges) {
      if (seen.has(badge_id)) duplicates.add(badge_id);
      seen.add(badge_id);
    }
    for (const [badgeId, row] of working) {
      if (!seen.has(badgeId)) {
        removeIds.add(row.id);
        working.delete(badgeId);
      }
    }
    for (const badgeId of seen) if (!working.has(badgeId)) added.add(badgeId);
  }

  const attrs = changes.user_badges_attributes ?? [];
  // Removals first, so "remove X, add Y" in one request works in any order.
  attrs.forEach((a, i) => {
    if (!a._destroy) return;
    const byId = a.id !== undefined ? currentById.get(a.id) : undefined;
    if (a.id !== undefined && !byId) {
      fieldErrors[`user_badges_attributes[${i}].id`] = ["is not a badge of this worker"];
      return;
    }
    const badgeId = byId?.badgeId ?? a.badge_id!;
    const row = working.get(badgeId);
    if (row) {
      removeIds.add(row.id);
      working.delete(badgeId);
    }
    added.delete(badgeId);
  });
  for (const a of attrs) {
    if (a._destroy || a.badge_id === undefined) continue;
    if (working.has(a.badge_id) || added.has(a.badge_id)) duplicates.add(a.badge_id);
    else added.add(a.badge_id);
  }

  if (duplicates.size > 0) throw duplicateBadge([...duplicates]);

  const addBadgeIds = [...added];
  if (addBadgeIds.length > 0) {
    const known = await db
      .select({ id: badges.id })
      .from(badges)
      .where(and(eq(badges.companyId, companyId), inArray(badges.id, addBadgeIds)));
    const knownIds = new Set(known.map((k) => k.id));
    const unknown = addBadgeIds.filter((id) => !knownIds.has(id));
    if (unknown.length > 0)
      fieldErrors.user_badges = unknown.map((id) => `badge ${id} does not exist`);
  }
  return { plan: { removeIds: [...removeIds], addBadgeIds }, fieldErrors };
}
