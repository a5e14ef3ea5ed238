import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { apiKeys, badges, companies, userChanges, users } from "@/lib/db/schema";
import { can } from "@/lib/schemas/permissions";
import { USER_FIELDS, type UserFieldSpec } from "@/lib/schemas/user-fields";
import { type Caller, principalOf } from "../caller";
import { findEmployer } from "../employers/find-employer";
import { notFound } from "../errors";
import { formatTimestamp } from "../format";
import {
  type BadgeRef,
  type FieldChange,
  historyVisibleTo,
  readsWholeHistory,
  redactHistory,
} from "./history-redaction";
import { maskSsn } from "./personal-data";
import type { UserBadgeRow, UserJson } from "./serialize-user";
import { findVisibleUser } from "./visibility";

export type UserChangeKind = (typeof userChanges.kind.enumValues)[number];

const historyOf = (field: string): UserFieldSpec["history"] =>
  (USER_FIELDS as Record<string, UserFieldSpec>)[field]?.history;

/** Field by field, in API names and API formats: what differs between two user objects. */
export function diffUsers(before: UserJson | null, after: UserJson): Record<string, FieldChange> {
  const out: Record<string, FieldChange> = {};
  for (const [field, to] of Object.entries(after)) {
    const rule = historyOf(field);
    if (rule === "untracked") continue;
    const from = before ? (before as Record<string, unknown>)[field] : null;
    if (before === null && to === null) continue;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    // Values personal enough to keep out of the history: only "it changed".
    out[field] = rule === "masked" ? { from: maskSsn(from), to: maskSsn(to) } : { from, to };
  }
  return out;
}

export async function badgeRefs(tx: DbOrTx, badgeIds: number[]): Promise<BadgeRef[]> {
  if (badgeIds.length === 0) return [];
  const rows = await tx
    .select({ id: badges.id, name: badges.name })
    .from(badges)
    .where(inArray(badges.id, badgeIds));
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return badgeIds.map((id) => ({ badge_id: String(id), name: names.get(id) ?? `#${id}` }));
}

/** Badge ids removed by a plan, from the worker's user-badge rows. */
export function removedBadgeIds(current: UserBadgeRow[], removeIds: number[]): number[] {
  const gone = new Set(removeIds);
  return current.filter((b) => gone.has(b.id)).map((b) => b.badgeId);
}

export async function recordUserChange(
  tx: DbOrTx,
  entry: {
    userId: number;
    kind: UserChangeKind;
    caller: Caller | null;
    /** "employer": a teammate acting for themself without a caller (accepting their invitation). */
    actor: "api_key" | "worker" | "operator" | "employer";
    /** The teammate acting for themself, and their company; by default the caller's. */
    actorUserId?: number;
    companyId?: number;
    now: Date;
    changes: Record<string, FieldChange>;
    badgesAdded: BadgeRef[];
    badgesRemoved: BadgeRef[];
  },
): Promise<void> {
  await tx.insert(userChanges).values({
    userId: entry.userId,
    kind: entry.kind,
    apiKeyId: entry.caller?.operator || !entry.caller?.apiKeyId ? null : entry.caller.apiKeyId,
    companyId: entry.companyId ?? entry.caller?.companyId ?? null,
    // A person signed in with their own password is named: who did it, not which key.
    actor: entry.caller?.person && entry.actor === "api_key" ? "employer" : entry.actor,
    actorUserId: entry.actorUserId ?? entry.caller?.person?.id ?? null,
    occurredAt: entry.now,
    changes: entry.changes,
    badgesAdded: entry.badgesAdded,
    badgesRemoved: entry.badgesRemoved,
  });
}

/**
 * GET /users/:id/history: newest first; whoever may read the worker may read its history, the
 * private pool that owns the worker whole, anyone else without values or other companies'
 * badges (history-redaction).
 */
export async function userHistory(
  db: Db,
  caller: Caller,
  now: Date,
  id: number,
  paging: { page: number; per: number },
) {
  // A teammate's history is the team's to read (team.read), like the teammate itself.
  const user =
    (await findVisibleUser(db, caller, now, id)) ??
    (can(principalOf(caller), "team.read") ? await findEmployer(db, caller, id) : null);
  if (!user) throw notFound("User");
  const whole = readsWholeHistory(caller, user.companyId);
  const where = and(eq(userChanges.userId, id), whole ? undefined : historyVisibleTo(caller));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: userChanges.id,
        kind: userChanges.kind,
        actor: userChanges.actor,
        occurredAt: userChanges.occurredAt,
        changes: userChanges.changes,
        badgesAdded: userChanges.badgesAdded,
        badgesRemoved: userChanges.badgesRemoved,
        apiKey: apiKeys.publicKey,
        companyId: userChanges.companyId,
        companyName: companies.name,
        actorUserId: userChanges.actorUserId,
        actorFirstName: users.firstName,
        actorLastName: users.lastName,
      })
      .from(userChanges)
      .leftJoin(apiKeys, eq(apiKeys.id, userChanges.apiKeyId))
      // The person's name as it is now (a renamed teammate reads under the new name).
      .leftJoin(users, eq(users.id, userChanges.actorUserId))
      .leftJoin(companies, eq(companies.id, userChanges.companyId))
      .where(where)
      .orderBy(desc(userChanges.id))
      .limit(paging.per)
      .offset((paging.page - 1) * paging.per),
    db.select({ n: count() }).from(userChanges).where(where),
  ]);
  const typed = rows.map((r) => ({
    ...r,
    changes: r.changes as Record<string, FieldChange>,
    badgesAdded: r.badgesAdded as BadgeRef[],
    badgesRemoved: r.badgesRemoved as BadgeRef[],
  }));
  const shown = whole ? typed : await redactHistory(db, caller, typed);
  // A public-pool caller reads workers of other companies' pools: it learns that some API
  // client changed them, never that company's name or its API key (with the key alone anyone
  // could spend that company's /authenticate rate limit).
  const ours = (r: { companyId: number | null }) => r.companyId === caller.companyId;
  return {
    history: shown.map((r) => ({
      id: r.id,
      user_id: id,
      kind: r.kind,
      occurred_at: formatTimestamp(r.occurredAt)!,
      actor: {
        type: r.actor,
        api_key: ours(r) ? (r.apiKey ?? null) : null,
        company_id: ours(r) ? (r.companyId ?? null) : null,
        company_name: ours(r) ? (r.companyName ?? null) : null,
        // Ours: the teammate who made the change with their own sign-in.
        user:
          ours(r) && r.actorUserId !== null
            ? {
                id: r.actorUserId,
                name: `${r.actorFirstName ?? ""} ${r.actorLastName ?? ""}`.trim(),
              }
            : null,
      },
      changes: r.changes,
      badges_added: r.badgesAdded,
      badges_removed: r.badgesRemoved,
    })),
    page: paging.page,
    per: paging.per,
    total: total?.n ?? 0,
  };
}
