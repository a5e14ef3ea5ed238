import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { RANK_POINT, users } from "@/lib/db/schema";
import type { QualifiedWorkersQuery } from "@/lib/schemas/job-request-template";
import type { Caller } from "../caller";
import { qualified } from "./candidates";

const M_PER_MILE = 1609.344;

/**
 * GET /job_requests/qualified_workers (ours): how many of the company's workers the ranking
 * would offer a posting at this point with these badges, within `distance` miles: the same
 * rule as the ranking (in the pool, not suspended, holding every badge; a posting not yet made
 * has no bans and no hires), measured from the same point (RANK_POINT, the one the ranking's
 * GiST index holds). One count in the database: the index's box scan, then the exact distance.
 */
export async function countQualifiedWorkers(
  db: DbOrTx,
  caller: Caller,
  q: QualifiedWorkersQuery,
  now: Date,
) {
  const lat = Number(q.latitude);
  const lon = Number(q.longitude);
  const meters = q.distance * M_PER_MILE;
  // No posting yet: id 0 matches no job, so "not already on it" holds for everyone.
  const rule = qualified(
    {
      id: 0,
      companyId: caller.companyId,
      latitude: String(lat),
      longitude: String(lon),
      preferredCandidateIds: [],
      banList: [],
    },
    [...new Set(q.badge_ids ?? [])],
    now,
  );
  const point = sql`ll_to_earth(${lat}::float8, ${lon}::float8)`;
  const result = await db.execute(sql`
    select count(*)::int as n from ${users} u
    where ${rule}
      and (${RANK_POINT}) <@ earth_box(${point}, ${meters}::float8)
      and earth_distance(${RANK_POINT}, ${point}) <= ${meters}::float8`);
  const rows = ((result as { rows?: unknown[] }).rows ?? result) as { n: number | string }[];
  return { count: Number(rows[0]?.n ?? 0), distance: q.distance };
}
