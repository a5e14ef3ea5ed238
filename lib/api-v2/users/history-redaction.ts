import { inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { badges, userChanges } from "@/lib/db/schema";
import type { Caller } from "../caller";

export type FieldChange = { from: unknown; to: unknown };
export type BadgeRef = { badge_id: string; name: string };
type Entry = {
  changes: Record<string, FieldChange>;
  badgesAdded: BadgeRef[];
  badgesRemoved: BadgeRef[];
};

/** Only the private pool that owns the worker reads its history whole. */
export const readsWholeHistory = (caller: Caller, workerCompanyId: number): boolean =>
  caller.pool === "private" && caller.companyId === workerCompanyId;

/**
 * A worker's history as a caller other than its owning private pool may read it: a public-pool
 * key (of another company while the worker has a job there, or of the owner itself). It learns
 * which fields changed, never their values (the old names, addresses and pay details of a
 * worker of another pool): `from` and `to` are null. And it sees only its own company's
 * badges: another company's badge names and ids say how that company grades its workers.
 */
export async function redactHistory<T extends Entry>(
  db: DbOrTx,
  caller: Caller,
  entries: T[],
): Promise<T[]> {
  const ids = [
    ...new Set(
      entries.flatMap((e) => [...e.badgesAdded, ...e.badgesRemoved].map((b) => Number(b.badge_id))),
    ),
  ].filter((id) => Number.isSafeInteger(id));
  const ours = new Set<string>();
  if (ids.length > 0) {
    const rows = await db
      .select({ id: badges.id, companyId: badges.companyId })
      .from(badges)
      .where(inArray(badges.id, ids));
    // A badge deleted since is nobody's any more: hidden, as its company cannot be known.
    for (const r of rows) if (r.companyId === caller.companyId) ours.add(String(r.id));
  }
  const visible = (refs: BadgeRef[]) => refs.filter((b) => ours.has(b.badge_id));
  return entries.map((e) => ({
    ...e,
    changes: Object.fromEntries(
      Object.keys(e.changes).map((field) => [field, { from: null, to: null }]),
    ),
    badgesAdded: visible(e.badgesAdded),
    badgesRemoved: visible(e.badgesRemoved),
  }));
}

/**
 * The entries such a caller is shown, as a condition on `user_changes`: an update left with
 * nothing it may see (only another company's badges changed) is no entry for it, as an update
 * that changes nothing is none for anyone. Decided in the query, so pages and totals agree.
 */
export function historyVisibleTo(caller: Caller): SQL {
  // Who revealed a worker's SSN is the owning company's business alone.
  return sql`(${userChanges.kind} <> 'personal_data_revealed' and (${userChanges.kind} <> 'updated' or ${userChanges.changes} <> '{}'::jsonb or exists (
    select 1 from jsonb_array_elements(${userChanges.badgesAdded} || ${userChanges.badgesRemoved}) as ref(value)
    join ${badges} on ${badges.id}::text = ref.value ->> 'badge_id'
    where ${badges.companyId} = ${caller.companyId})))`;
}
