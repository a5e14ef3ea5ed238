import { type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import {
  FILLED_JOB_STATES,
  HOME_LIMITS,
  type Home,
  type HomeAwaiting,
  type HomeQuery,
  type HomeShift,
} from "@/lib/schemas/home";
import { can } from "@/lib/schemas/permissions";
import { type Caller, principalOf } from "../caller";
import { unreadCounts } from "../messages/read-state";

/**
 * GET /home (ours): every section of the home page, each an aggregate or a bounded list
 * computed in the database (docs/home.md has the definitions). Indexes: migration 0016.
 */

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] =>
  ((result as { rows?: Raw[] }).rows ?? (result as Raw[])) as Raw[];

/** ISO 8601 in UTC, formatted by the database so both engines answer the same text. */
const iso = (x: SQL) => sql`to_char(${x} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"')`;

const FILLED = sql.raw(FILLED_JOB_STATES.map((s) => `'${s}'`).join(", "));

/** The requests the view covers: the company's, or the signed-in person's postings. */
const scope = (companyId: number, personId: number | null) =>
  personId === null
    ? sql`jr.company_id = ${companyId}`
    : sql`jr.company_id = ${companyId} and jr.employer_id = ${personId}`;

const shiftColumns = sql`jr.id, jr.name, jr.state, jr.category, ${iso(sql`jr.start_time`)} as start_time,
  jr.duration, jr.timezone, jr.venue, jr.city, jr.slots,
  (select count(*)::int from jobs j where j.job_request_id = jr.id and j.state in (${FILLED})) as filled`;

function toShift(r: Raw): HomeShift {
  return {
    id: Number(r.id),
    name: String(r.name),
    state: String(r.state),
    category: (r.category as string | null) ?? null,
    start_time: String(r.start_time),
    duration: r.duration === null ? null : Number(r.duration),
    timezone: String(r.timezone),
    venue: (r.venue as string | null) ?? null,
    city: (r.city as string | null) ?? null,
    slots: Number(r.slots),
    filled: Number(r.filled),
  };
}

const totalOf = (rows: Raw[]) => (rows[0] ? Number(rows[0].total) : 0);

export async function getHome(db: Db, caller: Caller, q: HomeQuery, now: Date): Promise<Home> {
  const personId = q.view === "mine" && caller.person ? caller.person.id : null;
  const view = personId === null ? "company" : "mine";
  const where = scope(caller.companyId, personId);
  const tz = q.time_zone;
  const limit = HOME_LIMITS.list;
  const at = sql`${now.toISOString()}::timestamptz`;
  // Local midnight today and local Monday 00:00 of this week, as wall-clock timestamps in tz.
  const localDay = sql`date_trunc('day', ${at} at time zone ${tz})`;
  const localWeek = sql`date_trunc('week', ${at} at time zone ${tz})`;

  // The page of 50 first, its fill counted for those rows only; the total from the index alone.
  const upcomingRange = sql`${where}
      and jr.start_time >= (${localDay}) at time zone ${tz}
      and jr.start_time < (${localDay} + interval '8 days') at time zone ${tz}
      and jr.state not in ('draft', 'cancelled')`;
  const upcoming = db.execute(sql`
    with page as (
      select jr.* from job_requests jr where ${upcomingRange} order by jr.start_time, jr.id limit ${limit}
    )
    select ${shiftColumns}, (select count(*)::int from job_requests jr where ${upcomingRange}) as total
    from page jr
    order by jr.start_time, jr.id`);

  const atRisk = db.execute(sql`
    select *, count(*) over ()::int as total from (
      select ${shiftColumns}, jr.start_time as starts
      from job_requests jr
      where ${where}
        and jr.start_time >= ${at} and jr.start_time < ${at} + interval '24 hours'
        and jr.state in ('unassigned', 'posted', 'filled', 'in_progress')
    ) x
    where x.filled < x.slots
    order by x.starts, x.id
    limit ${limit}`);

  // Completed jobs: the page through jobs_company_completed_idx, then its names; the total
  // from the same partial index (joined to the postings only for "mine").
  const awaitingTotal =
    personId === null
      ? sql`(select count(*)::int from jobs j where j.company_id = ${caller.companyId} and j.state = 'completed')`
      : sql`(select count(*)::int from jobs j join job_requests jr on jr.id = j.job_request_id
          where j.company_id = ${caller.companyId} and j.state = 'completed' and ${where})`;
  const awaiting = db.execute(sql`
    with page as (
      select j.id, j.job_request_id, j.user_id, j.completed_at
      from jobs j join job_requests jr on jr.id = j.job_request_id
      where j.company_id = ${caller.companyId} and j.state = 'completed' and ${where}
      order by j.completed_at nulls last, j.id
      limit ${limit}
    )
    select p.id, p.job_request_id, jr.name as job_request_name, p.user_id,
      u.first_name || ' ' || u.last_name as worker_name,
      ${iso(sql`jr.start_time`)} as start_time, jr.timezone, ${iso(sql`p.completed_at`)} as completed_at,
      ${awaitingTotal} as total
    from page p
    join job_requests jr on jr.id = p.job_request_id
    join users u on u.id = p.user_id
    order by p.completed_at nulls last, p.id`);

  // Weeks and categories from home_rollups (migration 0017: kept by triggers, one row per
  // company, quarter hour of start, requestor and category), so a week costs its buckets, not
  // its postings and their jobs. Local weeks are whole runs of quarter-hour buckets.
  const rollups =
    personId === null
      ? sql`h.company_id = ${caller.companyId}`
      : sql`h.company_id = ${caller.companyId} and h.employer_id = ${personId}`;
  // Each rollup row of the window counted once, in the local week its bucket falls in
  // (date_trunc on the local time: the same Monday as the series). The window's bounds are
  // constants, so the planner's estimate is the index range's real size. A join of the weeks to
  // the rows by range was estimated from generate_series' guess of 1,000 weeks: at 1,000,000
  // postings on PostgreSQL that crossed jit_above_cost, and JIT took 6 of the query's 9 ms.
  const weeksBack = sql.raw(String(HOME_LIMITS.weeks - 1));
  const weeklySql = sql`
    with weeks as (
      select lw at time zone ${tz} as week_start
      from generate_series(${localWeek} - interval '${weeksBack} weeks', ${localWeek}, interval '1 week') as lw
    ), r as (
      select date_trunc('week', h.bucket at time zone ${tz}) at time zone ${tz} as week_start,
        sum(h.posted_slots) as posted_slots, sum(h.filled_slots) as filled_slots,
        sum(h.filled_jobs) as filled_jobs, sum(h.wage_minutes) as wage_minutes,
        sum(h.filled_minutes) as filled_minutes, sum(h.filled_jobs + h.no_shows) as jobs,
        sum(h.no_shows) as no_shows
      from home_rollups h
      where ${rollups}
        and h.bucket >= (${localWeek} - interval '${weeksBack} weeks') at time zone ${tz}
        and h.bucket < (${localWeek} + interval '1 week') at time zone ${tz}
      group by 1
    )
    select ${iso(sql`w.week_start`)} as week_start,
      coalesce(r.posted_slots, 0)::int as posted_slots,
      coalesce(r.filled_slots, 0)::int as filled_slots,
      coalesce(r.filled_jobs, 0)::int as filled_jobs,
      round(coalesce(r.wage_minutes, 0) / 60.0, 2)::text as spend,
      round(coalesce(r.filled_minutes, 0) / 60.0, 2)::float8 as hours,
      coalesce(r.jobs, 0)::int as jobs,
      coalesce(r.no_shows, 0)::int as no_shows
    from weeks w
    left join r on r.week_start = w.week_start
    order by w.week_start`;

  const categoriesSql = sql`
    with bounds as (
      select ${localWeek} at time zone ${tz} as this_week,
        (${localWeek} - interval '${sql.raw(String(HOME_LIMITS.categoryWeeks))} weeks') at time zone ${tz} as first_week,
        (${localWeek} + interval '1 week') at time zone ${tz} as week_end
    )
    select h.category,
      round(coalesce(sum(h.filled_minutes) filter (where h.bucket >= b.this_week), 0) / 60.0, 2)::float8 as this_week,
      round(coalesce(sum(h.filled_minutes) filter (where h.bucket < b.this_week), 0) / 60.0, 2)::float8 as previous_weeks
    from bounds b
    join home_rollups h on ${rollups} and h.bucket >= b.first_week and h.bucket < b.week_end
    group by 1
    having sum(h.filled_jobs) > 0
    order by 2 desc, 3 desc, 1
    limit 20`;
  const aggregates = Promise.all([db.execute(weeklySql), db.execute(categoriesSql)]);

  // Invitations not accepted (no password yet): still valid, or expired. Company-wide in both
  // views: the pool and the team are the company's. Partial index users_company_pending_idx.
  const invitations = db.execute(sql`
    select ${iso(sql`(${localDay}) at time zone ${tz}`)} as today_start,
      count(*) filter (where type = 'Worker' and invitation_expires_at > ${at})::int as workers_invited,
      count(*) filter (where type = 'Worker' and invitation_expires_at <= ${at})::int as workers_expired,
      count(*) filter (where type = 'Employer' and invitation_expires_at > ${at})::int as team_invited,
      count(*) filter (where type = 'Employer' and invitation_expires_at <= ${at})::int as team_expired
    from users
    where company_id = ${caller.companyId} and password_hash is null and invitation_expires_at is not null`);

  // Read state is the company's (any teammate's read clears it), so it is company-wide too.
  const unread = can(principalOf(caller), "messages.read")
    ? unreadCounts(db, caller, {}).then((u) => u.total)
    : Promise.resolve(null);

  // One after another on PGlite (one connection); side by side on a PostgreSQL pool.
  const [up, risk, wait, [weeks, cats], inv, unreadTotal] = await Promise.all([
    upcoming,
    atRisk,
    awaiting,
    aggregates,
    invitations,
    unread,
  ]);
  const upRows = rowsOf(up);
  const weekRows = rowsOf(weeks);
  const invRow = rowsOf(inv)[0] ?? {};
  const totals = (r: Raw | undefined) => ({
    week_start: String(r?.week_start ?? ""),
    spend: String(r?.spend ?? "0.00"),
    hours: Number(r?.hours ?? 0),
    filled_slots: Number(r?.filled_jobs ?? 0),
  });

  return {
    view,
    time_zone: tz,
    generated_at: now.toISOString().replace("Z", "+00:00"),
    today_start: String(invRow.today_start),
    upcoming: { total: totalOf(upRows), job_requests: upRows.map(toShift) },
    at_risk: { total: totalOf(rowsOf(risk)), job_requests: rowsOf(risk).map(toShift) },
    awaiting_approval: {
      total: totalOf(rowsOf(wait)),
      jobs: rowsOf(wait).map(
        (r): HomeAwaiting => ({
          id: Number(r.id),
          job_request_id: Number(r.job_request_id),
          job_request_name: String(r.job_request_name),
          user_id: Number(r.user_id),
          worker_name: String(r.worker_name),
          start_time: (r.start_time as string | null) ?? null,
          timezone: String(r.timezone),
          completed_at: (r.completed_at as string | null) ?? null,
        }),
      ),
    },
    unread_messages: unreadTotal,
    invitations: {
      workers: {
        invited: Number(invRow.workers_invited ?? 0),
        expired: Number(invRow.workers_expired ?? 0),
      },
      teammates: {
        invited: Number(invRow.team_invited ?? 0),
        expired: Number(invRow.team_expired ?? 0),
      },
    },
    this_week: totals(weekRows[weekRows.length - 1]),
    last_week: totals(weekRows[weekRows.length - 2]),
    charts: {
      fill_rate: weekRows.map((r) => ({
        week_start: String(r.week_start),
        posted_slots: Number(r.posted_slots),
        filled_slots: Number(r.filled_slots),
      })),
      hours_by_category: rowsOf(cats).map((r) => ({
        category: String(r.category),
        this_week: Number(r.this_week),
        previous_weeks: Number(r.previous_weeks),
      })),
      no_shows: weekRows.map((r) => ({
        week_start: String(r.week_start),
        jobs: Number(r.jobs),
        no_shows: Number(r.no_shows),
      })),
    },
  };
}
