import { asc, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { BadgeRef } from "./history-redaction";
import { serializeUser } from "./serialize-user";
import { badgesByUser } from "./user-badges";

/**
 * `user.updated` payloads for workers who only lost badges (a badge deleted with
 * `remove_from_workers`): the same shape a PATCH sends, with no field changes. No viewer: the
 * workers' SSN and date of birth stay out of webhook payloads.
 */
export async function userUpdatedPayloads(
  tx: DbOrTx,
  ids: number[],
  badgesRemoved: BadgeRef[],
): Promise<unknown[]> {
  if (ids.length === 0) return [];
  const [rows, badges] = [
    await tx
      .select()
      .from(users)
      .where(sql`${users.id} = any(${sql.param(ids)}::int[])`)
      .orderBy(asc(users.id)),
    await badgesByUser(tx, ids),
  ];
  return rows.map((u) => ({
    user: serializeUser(u, badges.get(u.id) ?? [], null),
    changes: {},
    badges_added: [],
    badges_removed: badgesRemoved,
  }));
}
