import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

/**
 * Database-wide consistency after a crash, in SQL: what a half-applied transaction would leave
 * behind. Each check returns the offending rows (none is the pass).
 */
export async function consistencyProblems(db: Db): Promise<Record<string, unknown[]>> {
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: unknown[] }).rows;
  const out: Record<string, unknown[]> = {};

  // Workers: the demo's team (employer users) are seeded with their passwords, no invitation.
  out["users without their invitation row"] = await rows(sql`
    select u.id, u.email from users u
    where u.type = 'Worker' and not exists (select 1 from invitations i where i.user_id = u.id)`);

  // Workers invited through the API (the demo's seeded ones queue no mail).
  out["invited users without their queued mail"] = await rows(sql`
    select u.id, u.email from users u
    where exists (select 1 from user_changes c
                  where c.user_id = u.id and c.kind = 'invited' and c.actor = 'api_key')
      and not exists (select 1 from outbox o where o.channel = 'email' and o.target = u.email)`);
  out["mails queued twice"] = await rows(sql`
    select target, count(*)::int as n from outbox where channel = 'email'
    group by target having count(*) > 1`);
  out["mails for no user"] = await rows(sql`
    select o.id, o.target from outbox o
    where o.channel = 'email' and not exists (select 1 from users u where u.email = o.target)`);
  out["users without an 'invited' history entry"] = await rows(sql`
    select u.id from users u
    where u.type = 'Worker' and (select count(*) from user_changes c where c.user_id = u.id and c.kind = 'invited') <> 1`);
  out["user_badges referencing missing rows"] = await rows(sql`
    select ub.id from user_badges ub
    left join users u on u.id = ub.user_id
    left join badges b on b.id = ub.badge_id
    where u.id is null or b.id is null`);

  // Duplicates counted from the table itself, not through the unique index that forbids them.
  out["user_badges held twice"] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return (
      (await tx.execute(sql`
      select user_id, badge_id, count(*)::int as n from user_badges
      group by user_id, badge_id having count(*) > 1`)) as unknown as { rows: unknown[] }
    ).rows;
  });
  out["e-mails or phones held twice"] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_indexscan = off`);
    await tx.execute(sql`set local enable_indexonlyscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return (
      (await tx.execute(sql`
      select lower(email) as v, count(*)::int from users group by 1 having count(*) > 1
      union all
      select phone, count(*)::int from users where phone is not null group by 1 having count(*) > 1`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
  });

  // Replaying each worker's history must give its current badges and tracking code: a change
  // applied without its history entry (or the reverse) shows up here.
  const history = (await rows(sql`
    select c.user_id, c.changes, c.badges_added, c.badges_removed
    from user_changes c order by c.user_id, c.id`)) as {
    user_id: number;
    changes: Record<string, { to: unknown }>;
    badges_added: { badge_id: string }[];
    badges_removed: { badge_id: string }[];
  }[];
  const current = (await rows(sql`
    select u.id, u.tracking_code,
      coalesce((select array_agg(ub.badge_id::text order by ub.badge_id::text)
                from user_badges ub where ub.user_id = u.id), '{}') as badges
    from users u`)) as { id: number; tracking_code: string | null; badges: string[] }[];
  const replayed = new Map<number, { badges: Set<string>; tracking: unknown }>();
  for (const h of history) {
    const r = replayed.get(h.user_id) ?? { badges: new Set<string>(), tracking: null };
    for (const b of h.badges_added) r.badges.add(String(b.badge_id));
    for (const b of h.badges_removed) r.badges.delete(String(b.badge_id));
    if (h.changes.tracking_code) r.tracking = h.changes.tracking_code.to;
    replayed.set(h.user_id, r);
  }
  out["history that does not replay to the current state"] = current.filter((u) => {
    const r = replayed.get(u.id);
    const badges = [...(r?.badges ?? [])].sort();
    return (
      JSON.stringify(badges) !== JSON.stringify([...u.badges].sort()) ||
      (r?.tracking ?? null) !== u.tracking_code
    );
  });
  return out;
}

/** Row counts, for the printed figures. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const r = (await db.execute(sql`
    select (select count(*) from users)::int as users,
           (select count(*) from invitations)::int as invitations,
           (select count(*) from user_badges)::int as user_badges,
           (select count(*) from user_changes)::int as history,
           (select count(*) from outbox where channel = 'email')::int as mails`)) as unknown as {
    rows: Record<string, number>[];
  };
  return r.rows[0]!;
}
