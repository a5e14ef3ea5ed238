import { asc, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { badges, jobRequestBadges, RANK_POINT, userBadges, users } from "@/lib/db/schema";
import type { Caller } from "../caller";
import { serializeUser, type UserRow } from "../users/serialize-user";

/**
 * Ranking workers for a job request (our addition to the interface), in the database:
 *
 * - qualified: in the company's pool, holding every required badge, not suspended (a past
 *   `suspended_until` ends a suspension), not banned from the request, not already on it;
 * - nearest first, measured from the work site to the worker's current location, else home,
 *   else (approximate) the centre of their ZIP (`zip_latitude/zip_longitude`, migration 0015);
 * - ties (the same distance, e.g. the same building) by real coordinates before a ZIP centre,
 *   then preferred candidates first, then rating (highest first, unrated last), then id;
 * - workers with neither location come after every located one, in the tie-break order.
 *
 * The located part walks the GiST index (company, point) nearest-first (cube's `<->`, a KNN
 * scan) and stops after offset + per + 1 qualified rows. Its last distance bounds a second,
 * box-limited index scan that collects every row within it, ties included, so the full order
 * (distance, then the tie-break) is exact across page boundaries. Nothing is loaded into
 * JavaScript beyond the page.
 */

export type RankSite = {
  id: number;
  companyId: number;
  latitude: string | null;
  longitude: string | null;
  preferredCandidateIds: number[];
  banList: number[];
};

export type CandidateRow = {
  user: UserRow;
  distanceM: number | null;
  source: "current" | "home" | "zip" | null;
  preferred: boolean;
};

const M_PER_MILE = 1609.344;

/** The conditions every candidate meets; `u` is the users row. Also counts qualified_workers. */
export function qualified(site: RankSite, required: number[], now: Date): SQL {
  const badgeRule =
    required.length === 0
      ? sql`true`
      : sql`(select count(*) from ${userBadges} ub where ub.user_id = u.id and ub.badge_id in (${sql.join(
          required.map((b) => sql`${b}`),
          sql`, `,
        )})) = ${required.length}`;
  const banned =
    site.banList.length === 0
      ? sql`true`
      : sql`u.id not in (${sql.join(
          site.banList.map((b) => sql`${b}`),
          sql`, `,
        )})`;
  return sql`u.company_id = ${site.companyId}
    and u.type = 'Worker'
    and (not u.suspended or (u.suspended_until is not null and u.suspended_until <= ${now.toISOString()}))
    and ${banned}
    and not exists (select 1 from jobs j where j.job_request_id = ${site.id} and j.user_id = u.id)
    and ${badgeRule}`;
}

const preferredExpr = (site: RankSite) =>
  site.preferredCandidateIds.length === 0
    ? sql`false`
    : sql`(u.id in (${sql.join(
        site.preferredCandidateIds.map((b) => sql`${b}`),
        sql`, `,
      )}))`;

const TIE_BREAK = sql`preferred desc, u.rating desc nulls last, u.id`;

/** Ranked from the ZIP's centre: neither current nor home coordinates. */
const APPROXIMATE = sql`(u.latitude is null and u.home_latitude is null)`;

type Raw = Record<string, unknown>;

function rowsOf(result: unknown): Raw[] {
  return ((result as { rows?: Raw[] }).rows ?? (result as Raw[])) as Raw[];
}

/** users.* in snake_case back to the drizzle row shape. */
const COLUMN_TO_KEY = Object.fromEntries(
  Object.entries(users).flatMap(([key, col]) =>
    col && typeof col === "object" && "name" in col && typeof col.name === "string"
      ? [[col.name, key]]
      : [],
  ),
) as Record<string, keyof UserRow>;

function userRowOf(raw: Raw): UserRow {
  const out: Record<string, unknown> = {};
  for (const [column, key] of Object.entries(COLUMN_TO_KEY)) {
    let v = raw[column];
    if (v !== null && v !== undefined) {
      const col = users[key as keyof typeof users] as { columnType?: string } | undefined;
      if (col?.columnType === "PgTimestamp" && !(v instanceof Date)) v = new Date(String(v));
      if (col?.columnType === "PgNumeric") v = String(v);
    }
    out[key] = v ?? null;
  }
  return out as UserRow;
}

/** The ordered qualified workers for one page, and whether more follow. */
export async function rankCandidates(
  db: DbOrTx,
  site: RankSite,
  required: number[],
  page: { offset: number; per: number },
  now: Date,
): Promise<{ rows: CandidateRow[]; hasMore: boolean }> {
  const want = page.offset + page.per + 1;
  const q = qualified(site, required, now);
  const pref = preferredExpr(site);
  const source = sql`case when u.latitude is not null then 'current' when u.home_latitude is not null then 'home' when u.zip_latitude is not null then 'zip' end`;
  const out: { raw: Raw; distance: number | null }[] = [];
  let located = 0;

  if (site.latitude !== null && site.longitude !== null) {
    const point = sql`ll_to_earth(${Number(site.latitude)}::float8, ${Number(site.longitude)}::float8)`;
    const result = await db.execute(sql`
      with nearest as materialized (
        select (${RANK_POINT} <-> ${point}) as chord
        from ${users} u
        where ${q} and (${RANK_POINT}) is not null
        order by ${RANK_POINT} <-> ${point}
        limit ${want}
      ), edge as materialized (select max(chord) as chord, count(*)::int as n from nearest)
      select u.*, edge.n as located_count, ${source} as rank_source, ${pref} as preferred,
        earth_distance(${RANK_POINT}, ${point}) as distance_m,
        (${RANK_POINT} <-> ${point}) as chord
      from ${users} u, edge
      where edge.chord is not null and ${q}
        and (${RANK_POINT}) <@ earth_box(${point}, sec_to_gc(edge.chord) + 0.01)
        and (${RANK_POINT} <-> ${point}) <= edge.chord
      order by chord, ${APPROXIMATE}, ${TIE_BREAK}
      offset ${page.offset} limit ${page.per + 1}`);
    const rows = rowsOf(result);
    located = rows.length > 0 ? Number(rows[0]!.located_count) : 0;
    if (rows.length === 0 && page.offset > 0) {
      // The page lies past the located workers: count them to know where the rest begins.
      const c = rowsOf(
        await db.execute(
          sql`select count(*)::int as n from ${users} u where ${q} and (${RANK_POINT}) is not null`,
        ),
      );
      located = Number(c[0]?.n ?? 0);
    }
    for (const r of rows) out.push({ raw: r, distance: Number(r.distance_m) });
    if (located >= want) {
      return finish(db, out, page.per);
    }
  }

  // Workers without coordinates (or every worker, when the site has none), after the located.
  const noSite = site.latitude === null || site.longitude === null;
  const skip = Math.max(0, page.offset - located);
  const take = page.per + 1 - out.length;
  if (take > 0) {
    const rest = rowsOf(
      await db.execute(sql`
        select u.*, ${source} as rank_source, ${pref} as preferred
        from ${users} u
        where ${q} ${noSite ? sql`` : sql`and (${RANK_POINT}) is null`}
        order by ${TIE_BREAK}
        offset ${skip} limit ${take}`),
    );
    for (const r of rest) out.push({ raw: r, distance: null });
  }
  return finish(db, out, page.per);
}

async function finish(
  _db: DbOrTx,
  out: { raw: Raw; distance: number | null }[],
  per: number,
): Promise<{ rows: CandidateRow[]; hasMore: boolean }> {
  return {
    hasMore: out.length > per,
    rows: out.slice(0, per).map(({ raw, distance }) => ({
      user: userRowOf(raw),
      distanceM: distance,
      source: (raw.rank_source as CandidateRow["source"]) ?? null,
      preferred: raw.preferred === true || raw.preferred === "t",
    })),
  };
}

/** The rows as the API returns them: each explains its place. */
export async function serializeCandidates(
  db: DbOrTx,
  rows: CandidateRow[],
  requiredBadges: { badgeId: number; name: string }[],
  offset: number,
  viewer: Caller,
) {
  const ids = rows.map((r) => r.user.id);
  const held =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(userBadges)
          .where(inArray(userBadges.userId, ids))
          .orderBy(asc(userBadges.id));
  return rows.map((r, i) => {
    const mine = held.filter((b) => b.userId === r.user.id);
    return {
      rank: offset + i + 1,
      distance_km: r.distanceM === null ? null : Math.round(r.distanceM) / 1000,
      distance_miles:
        r.distanceM === null ? null : Math.round((r.distanceM / M_PER_MILE) * 1000) / 1000,
      coordinates: r.source,
      approximate_location: r.source === "zip",
      zip_centre:
        r.source === "zip"
          ? { latitude: Number(r.user.zipLatitude), longitude: Number(r.user.zipLongitude) }
          : null,
      preferred: r.preferred,
      badges_matched: requiredBadges.map((b) => ({ badge_id: String(b.badgeId), name: b.name })),
      worker: serializeUser(r.user, mine, viewer),
    };
  });
}

/** The request's required badges (id and name), in the order they were added. */
export async function requiredBadgesOf(db: DbOrTx, jobRequestId: number) {
  return db
    .select({ badgeId: badges.id, name: badges.name })
    .from(jobRequestBadges)
    .innerJoin(badges, sql`${badges.id} = ${jobRequestBadges.badgeId}`)
    .where(sql`${jobRequestBadges.jobRequestId} = ${jobRequestId}`)
    .orderBy(asc(jobRequestBadges.id));
}
