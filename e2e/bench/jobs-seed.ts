/**
 * The job half's benchmark data (jobs.ts), made in the database with generate_series: N workers
 * around eight cities with badges, optionally a history of past jobs, and postings to rank for.
 */
import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

export const CITIES = [
  [37.7749, -122.4194],
  [37.8044, -122.2712],
  [34.0522, -118.2437],
  [41.8781, -87.6298],
  [32.7767, -96.797],
  [29.7604, -95.3698],
  [33.749, -84.388],
  [40.7128, -74.006],
] as const;

export const rowsOf = (r: unknown) =>
  ((r as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];

/** N workers of one company around the eight cities; two common badges and eighteen rarer. */
export async function seed(db: Db, n: number, pastJobs = 0) {
  const [company] = rowsOf(
    await db.execute(sql`insert into companies (name) values ('Bench Jobs Co') returning id`),
  );
  const companyId = Number(company!.id);
  const now = new Date().toISOString();
  await db.execute(sql`insert into badges (company_id, name, description, created_at, updated_at)
    select ${companyId}, 'Bench badge ' || b, 'Benchmark badge', ${now}, ${now} from generate_series(1, 20) b`);
  const badgeIds = rowsOf(
    await db.execute(sql`select id from badges where company_id = ${companyId} order by id`),
  ).map((r) => Number(r.id));
  // Built after the rows, as a restore would: faster than keeping it up to date row by row. Its
  // definition is read from the database, so it is the migrations' (it once was a copy here,
  // which kept the pre-ZIP expression after 0015 and left the ranking without its index).
  const [rankIndex] = rowsOf(
    await db.execute(sql`select indexdef from pg_indexes
      where tablename = 'users' and indexname = 'users_company_rank_point_idx'`),
  );
  if (!rankIndex)
    throw new Error("users_company_rank_point_idx is missing: are the migrations applied?");
  await db.execute(sql`drop index users_company_rank_point_idx`);
  const lat = sql.raw(`(array[${CITIES.map((c) => c[0]).join(",")}])[1 + g % 8]`);
  const lng = sql.raw(`(array[${CITIES.map((c) => c[1]).join(",")}])[1 + g % 8]`);
  const CHUNK = 100_000;
  for (let start = 1; start <= n; start += CHUNK) {
    const end = Math.min(n, start + CHUNK - 1);
    await db.execute(sql`insert into users (company_id, first_name, last_name, email, phone,
        latitude, longitude, home_latitude, home_longitude, suspended, rating, created_at, updated_at)
      select ${companyId}, 'Bench', 'Worker ' || g, 'bench' || g || '@example.com', '+1' || (2000000000 + g)::text,
        case when g % 4 <> 0 then (${lat} + (random() - 0.5) * 0.6)::numeric(10,7) end,
        case when g % 4 <> 0 then (${lng} + (random() - 0.5) * 0.6)::numeric(10,7) end,
        case when g % 33 <> 0 then (${lat} + (random() - 0.5) * 0.6)::numeric(10,7) end,
        case when g % 33 <> 0 then (${lng} + (random() - 0.5) * 0.6)::numeric(10,7) end,
        g % 20 = 0, case when g % 3 = 0 then round((3 + random() * 2)::numeric, 2) end,
        ${now}, ${now}
      from generate_series(${start}::int, ${end}::int) g`);
    await db.execute(sql`insert into user_badges (user_id, badge_id, created_at)
      select u.id, b.id, ${now} from users u
      join badges b on b.company_id = ${companyId}
      where u.company_id = ${companyId} and u.id between
        (select min(id) from users where email = ${`bench${start}@example.com`}) and
        (select min(id) from users where email = ${`bench${end}@example.com`})
        and random() < case when b.id = ${badgeIds[0]!} then 0.4 when b.id = ${badgeIds[1]!} then 0.3 else 0.05 end`);
  }
  await db.execute(sql.raw(String(rankIndex.indexdef)));
  if (pastJobs > 0) await seedPastJobs(db, companyId, n, pastJobs);
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze user_badges`);
  return { companyId, badgeIds };
}

/**
 * `count` past jobs: approved, ten workers each on `count / 10` past postings (completed, spread
 * over the last two years around the eight cities, each starting when it was posted, 4 hours at
 * $20: the home page's weeks read them), in the database (generate_series).
 */
async function seedPastJobs(db: Db, companyId: number, workers: number, count: number) {
  const t0 = performance.now();
  const postings = Math.max(1, Math.ceil(count / 10));
  // Evenly over two years (1,051,200 minutes) at every size: minute g alone put 20,000 postings
  // into the last two weeks.
  const spread = sql.raw(`(g * ${Math.max(1, Math.floor(1_051_200 / postings))}) % 1051200`);
  const lat = sql.raw(`(array[${CITIES.map((c) => c[0]).join(",")}])[1 + g % 8]`);
  const lng = sql.raw(`(array[${CITIES.map((c) => c[1]).join(",")}])[1 + g % 8]`);
  const [first] = rowsOf(
    await db.execute(sql`with made as (
      insert into job_requests (company_id, name, state, slots, latitude, longitude, start_time, duration, wage, created_at, updated_at)
      select ${companyId}, 'Past posting ' || g, 'completed', 10, ${lat}, ${lng},
        now() - make_interval(mins => ${spread}), 240, 20,
        now() - make_interval(mins => ${spread}), now() - make_interval(mins => ${spread})
      from generate_series(1, ${postings}::int) g
      returning id)
    select min(id) as lo from made`),
  );
  const lo = Number(first!.lo);
  const [minUser] = rowsOf(
    await db.execute(sql`select min(id) as id from users where company_id = ${companyId}`),
  );
  const u0 = Number(minUser!.id);
  // Job g: posting lo + g / 10, worker u0 + (g * 7919) mod workers (distinct within a posting).
  const CHUNK = 250_000;
  for (let start = 0; start < count; start += CHUNK) {
    const end = Math.min(count, start + CHUNK) - 1;
    await db.execute(sql`insert into jobs (company_id, job_request_id, user_id, state, rating, created_at, updated_at)
      select ${companyId}, ${lo} + g / 10, ${u0} + ((g::bigint * 7919) % ${workers})::int, 'approved', 1 + g % 5,
        r.created_at, r.created_at
      from generate_series(${start}::int, ${end}::int) g
      join job_requests r on r.id = ${lo} + g / 10`);
  }
  await db.execute(sql`vacuum analyze job_requests`);
  await db.execute(sql`vacuum analyze jobs`);
  process.stdout.write(
    `[bench:jobs] ${count.toLocaleString("en-US")} past jobs on ${postings.toLocaleString("en-US")} postings in ${Math.round((performance.now() - t0) / 1000)} s\n`,
  );
}

export async function newRequest(
  db: Db,
  companyId: number,
  site: readonly [number, number],
  badges: number[],
) {
  const now = new Date().toISOString();
  const [row] = rowsOf(
    await db.execute(sql`insert into job_requests (company_id, name, state, slots, latitude, longitude, created_at, updated_at)
      values (${companyId}, 'Bench posting', 'posted', 1000, ${site[0]}, ${site[1]}, ${now}, ${now}) returning id`),
  );
  const id = Number(row!.id);
  for (const b of badges) {
    await db.execute(
      sql`insert into job_request_badges (job_request_id, badge_id, created_at) values (${id}, ${b}, ${now})`,
    );
  }
  return id;
}

const HOME_CATEGORIES = [
  "Fulfillment / Warehousing",
  "General Labor",
  "Event Staff",
  "Customer Service",
  "Delivery",
  "Merchandising",
  "Brand Representative",
  "Administrative",
];
const HOME_ZONES = [
  "America/Los_Angeles",
  "America/Los_Angeles",
  "America/Los_Angeles",
  "America/Chicago",
  "America/Chicago",
  "America/Chicago",
  "America/New_York",
  "America/New_York",
];

/**
 * The home page's data at scale (issue 28): `count` jobs, four per posting (`count / 4`
 * postings of 4 or 5 slots, so some stay open), starts spread over the past 8 weeks and the
 * next 2 at hours 6–17, in eight categories and the eight cities' zones. By where the shift
 * stands against now: ahead filled (some postings still posted), running in progress, ended
 * within two days completed (awaiting approval), older approved with a rating, one in eleven
 * postings' fourth worker a no-show. Workers `u0 + (g × 7919) mod workers`: distinct within a
 * posting. In the database (generate_series), in chunks; no transitions (the home page reads
 * none). Returns the milliseconds it took.
 */
export async function seedHomeJobs(
  db: Db,
  companyId: number,
  o: { workers: number; jobs: number; now: Date },
): Promise<{ ms: number; postings: number; jobs: number }> {
  const t0 = performance.now();
  const postings = Math.max(1, Math.floor(o.jobs / 4));
  const now = o.now.toISOString();
  const lat = sql.raw(`(array[${CITIES.map((c) => c[0]).join(",")}])[1 + g % 8]`);
  const lng = sql.raw(`(array[${CITIES.map((c) => c[1]).join(",")}])[1 + g % 8]`);
  const cats = sql.raw(`(array[${HOME_CATEGORIES.map((c) => `'${c}'`).join(",")}])[1 + g % 8]`);
  const zones = sql.raw(`(array[${HOME_ZONES.map((c) => `'${c}'`).join(",")}])[1 + g % 8]`);
  // Start: a day in [-56, +14), at 06:00–17:00 (UTC hours shifted by the zone's offset).
  const start = sql.raw(
    `(date_trunc('day', n) - interval '56 days' + make_interval(days => (g * 37) % 70,
      hours => 6 + g % 12 + (array[8,8,8,6,6,6,5,5])[1 + g % 8]))`,
  );
  const [made] = rowsOf(
    await db.execute(sql`with n as (select ${now}::timestamptz as n),
      made as (
        insert into job_requests (company_id, name, state, category, slots, start_time, duration,
          timezone, wage, classification, latitude, longitude, posted_at, created_at, updated_at)
        select ${companyId}, 'Home posting ' || g, s.state, ${cats}, s.slots, s.start, s.duration,
          ${zones}, (18 + g % 10)::numeric(10,2), '1099', ${lat}, ${lng},
          s.start - interval '7 days', s.start - interval '7 days', least(n, s.start + interval '2 days')
        from n, generate_series(1, ${postings}::int) g,
        lateral (select ${start} as start, 4 + (g % 3 = 0)::int as slots, 240 + (g % 5) * 60 as duration) s0,
        lateral (select s0.start, s0.slots, s0.duration, case
            when s0.start > n then case when s0.slots = 4 then 'filled' else 'posted' end
            when s0.start + make_interval(mins => s0.duration) > n then 'in_progress'
            when s0.start + make_interval(mins => s0.duration) > n - interval '2 days' then 'completed'
            else 'approved' end as state) s
        returning id)
      select min(id) as lo, max(id) as hi from made`),
  );
  const lo = Number(made!.lo);
  const [minUser] = rowsOf(
    await db.execute(sql`select min(id) as id from users where company_id = ${companyId}`),
  );
  const u0 = Number(minUser!.id);
  const CHUNK = 100_000;
  for (let first = 0; first < o.jobs; first += CHUNK) {
    const last = Math.min(o.jobs, first + CHUNK) - 1;
    await db.execute(sql`with n as (select ${now}::timestamptz as n)
      insert into jobs (company_id, job_request_id, user_id, state, confirmed_at, started_at,
        completed_at, finished_at, approved_at, rating, created_at, updated_at)
      select ${companyId}, r.id, ${u0} + ((g::bigint * 7919) % ${o.workers})::int, x.state,
        r.created_at + interval '1 hour',
        case when x.state in ('in_progress', 'completed', 'approved') then r.start_time end,
        case when x.state in ('completed', 'approved') then x.ends end,
        case when x.state in ('completed', 'approved') then x.ends end,
        case when x.state = 'approved' then x.ends + interval '20 hours' end,
        case when x.state = 'approved' then 3 + g % 3 end,
        r.created_at + interval '1 hour', least(n, r.updated_at)
      from n, generate_series(${first}::int, ${last}::int) g
      join job_requests r on r.id = ${lo} + g / 4,
      lateral (select r.start_time + make_interval(mins => r.duration) as ends,
        case when r.state = 'approved' and g % 4 = 3 and (g / 4) % 11 = 0 then 'no_show'
          when r.state = 'posted' then 'filled' else r.state end as state) x`);
  }
  await db.execute(sql`vacuum analyze job_requests`);
  await db.execute(sql`vacuum analyze jobs`);
  return { ms: Math.round(performance.now() - t0), postings, jobs: o.jobs };
}
