/**
 * home_rollups (migration 0017): the home page's weekly figures, kept by triggers. After every
 * kind of change to postings and their jobs (many jobs in one statement, moves between states
 * that count and states that do not, a new start, requestor, category, slots, wage, a posting
 * cancelled and back, a requestor deleted, jobs and postings deleted, two writers on one
 * posting at once) the rows equal a recount from the tables themselves, on both engines.
 */
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { FILLED_JOB_STATES } from "@/lib/schemas/home";
import { describeApi, type Person, type Tenant } from "./harness";

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] =>
  ((result as { rows?: Raw[] }).rows ?? (result as Raw[])) as Raw[];

const FILLED = sql.raw(FILLED_JOB_STATES.map((s) => `'${s}'`).join(", "));
const NOW = new Date("2026-11-25T12:00:00.000Z");
const H = 3_600_000;

/** The figures as numbers, in one order, so the two sides compare exactly. */
const normalise = (rows: Raw[]) =>
  rows.map((r) => ({
    bucket: new Date(String(r.bucket)).toISOString(),
    employer_id: Number(r.employer_id),
    category: String(r.category),
    postings: Number(r.postings),
    posted_slots: Number(r.posted_slots),
    filled_slots: Number(r.filled_slots),
    filled_jobs: Number(r.filled_jobs),
    no_shows: Number(r.no_shows),
    filled_minutes: Number(r.filled_minutes),
    wage_minutes: Number(r.wage_minutes).toFixed(2),
  }));

describeApi("home rollups", (api) => {
  let t: Tenant;
  let boss: Person;
  let workers: number[] = [];
  const db = () => api.database.db;
  const exec = async (q: SQL) => rowsOf(await db().execute(q));

  const kept = () =>
    exec(sql`select bucket, employer_id, category, postings, posted_slots, filled_slots,
        filled_jobs, no_shows, filled_minutes, wage_minutes
      from home_rollups where company_id = ${t.companyId}
      order by bucket, employer_id, category`).then(normalise);

  /** The same figures counted from job_requests and jobs (the home page's former queries). */
  const recount = () =>
    exec(sql`select date_bin('15 minutes', jr.start_time, timestamptz '2000-01-01 00:00:00+00') as bucket,
        coalesce(jr.employer_id, 0) as employer_id, coalesce(jr.category, 'Uncategorized') as category,
        count(*) as postings, sum(jr.slots) as posted_slots, sum(least(c.filled, jr.slots)) as filled_slots,
        sum(c.filled) as filled_jobs, sum(c.no_shows) as no_shows,
        sum(c.filled * coalesce(jr.duration, 0)) as filled_minutes,
        sum(c.filled * coalesce(jr.wage, jr.w2_hourly_rate, 0) * coalesce(jr.duration, 0)) as wage_minutes
      from job_requests jr
      cross join lateral (
        select count(*) filter (where j.state in (${FILLED}))::int as filled,
          count(*) filter (where j.state = 'no_show')::int as no_shows
        from jobs j where j.job_request_id = jr.id
      ) c
      where jr.company_id = ${t.companyId} and jr.start_time is not null
        and jr.state not in ('draft', 'cancelled')
      group by 1, 2, 3
      order by 1, 2, 3`).then(normalise);

  const agrees = async (step: string) => {
    const [a, b] = [await kept(), await recount()];
    expect(a, step).toEqual(b);
  };

  const posting = async (values: {
    start: Date;
    slots?: number;
    state?: string;
    category?: string | null;
    employer?: number | null;
    wage?: string | null;
  }) => {
    const [r] = await exec(sql`insert into job_requests (company_id, employer_id, name, state,
        category, slots, start_time, duration, timezone, wage, created_at, updated_at)
      values (${t.companyId}, ${values.employer ?? null}, 'Rollup', ${values.state ?? "posted"},
        ${values.category === undefined ? "Warehouse" : values.category}, ${values.slots ?? 2},
        ${values.start.toISOString()}, 240, 'America/Chicago',
        ${values.wage === undefined ? "20.00" : values.wage}, ${NOW.toISOString()}, ${NOW.toISOString()})
      returning id`);
    return Number(r!.id);
  };
  /** Several jobs on one posting in one statement. */
  const hire = (requestId: number, states: string[], from = 0) =>
    exec(sql`insert into jobs (company_id, job_request_id, user_id, state, created_at, updated_at)
      select ${t.companyId}, ${requestId}, (${sql.raw(`array[${workers.join(",")}]`)})[${from} + g],
        (${sql.raw(`array[${states.map((s) => `'${s}'`).join(",")}]`)})[g], ${NOW.toISOString()}, ${NOW.toISOString()}
      from generate_series(1, ${states.length}) g`);

  beforeAll(async () => {
    t = await api.tenant("Rollups");
    boss = await api.person(t.companyId, "requestor", { firstName: "Rolla" });
    const made = await exec(sql`insert into users (company_id, first_name, last_name, email, phone,
        password_hash, created_at, updated_at)
      select ${t.companyId}, 'Roll', 'Worker ' || g, 'roll.' || g || '.' || ${t.companyId} || '.' || ${process.pid} || '@example.com',
        '+1908' || lpad(${t.companyId}::text, 3, '0') || lpad(g::text, 4, '0'), 'accepted', ${NOW.toISOString()}, ${NOW.toISOString()}
      from generate_series(1, 8) g returning id`);
    workers = made.map((r) => Number(r.id)).sort((x, y) => x - y);
  });

  it("equals a recount after every kind of change to postings and jobs", async () => {
    await agrees("empty");
    const a = await posting({ start: new Date(NOW.getTime() + 2 * H) });
    const b = await posting({ start: new Date(NOW.getTime() + 2 * H + 5 * 60_000), slots: 1 });
    const draft = await posting({ start: new Date(NOW.getTime() + 3 * H), state: "draft" });
    const bare = await posting({
      start: new Date(NOW.getTime() - 50 * H),
      category: null,
      wage: null,
      employer: boss.id,
    });
    await agrees("postings, one a draft");

    // Many jobs of one posting in one statement, more than its slots among them.
    await hire(a, ["filled", "filled", "pending", "no_show"]);
    await hire(b, ["filled", "in_progress"], 4);
    await hire(draft, ["filled"], 6);
    await hire(bare, ["completed", "approved"], 6);
    await agrees("jobs inserted");

    // Between states that count (nothing moves), to and from states that do not.
    await exec(
      sql`update jobs set state = 'in_progress' where job_request_id = ${a} and state = 'filled'`,
    );
    await exec(
      sql`update jobs set state = 'cancelled' where job_request_id = ${b} and state = 'in_progress'`,
    );
    await exec(sql`update jobs set state = case state when 'no_show' then 'filled' when 'pending' then 'no_show' else state end
      where job_request_id = ${a}`);
    await agrees("jobs moved");

    // The posting itself: a new start (another bucket), requestor, category, slots and wage.
    await exec(sql`update job_requests set start_time = start_time + interval '1 day', slots = 5
      where id = ${a}`);
    await exec(sql`update job_requests set employer_id = ${boss.id}, category = 'Events', wage = '31.50'
      where id = ${b}`);
    await exec(sql`update job_requests set state = 'filled' where id = ${b}`);
    await agrees("postings edited");

    // Cancelled and back; a draft published.
    await exec(sql`update job_requests set state = 'cancelled' where id = ${a}`);
    await agrees("cancelled");
    await exec(sql`update job_requests set state = 'posted' where id in (${a}, ${draft})`);
    await agrees("posted again");

    // The requestor deleted (the foreign key sets null): their postings stay, with no requestor.
    await exec(sql`update job_requests set employer_id = null where employer_id = ${boss.id}`);
    await agrees("requestor gone");

    // Jobs deleted, one moved to another posting, and a posting deleted after its jobs.
    await exec(sql`delete from jobs where job_request_id = ${a} and state = 'no_show'`);
    await exec(
      sql`update jobs set job_request_id = ${draft} where job_request_id = ${bare} and state = 'approved'`,
    );
    await agrees("jobs deleted and moved");
    await exec(sql`delete from jobs where job_request_id = ${b}`);
    await exec(sql`delete from job_requests where id = ${b}`);
    await agrees("posting deleted");
    expect((await kept()).every((r) => r.postings > 0)).toBe(true);
  });

  it("counts two writers on one posting's jobs at once as the table holds them", async () => {
    // One slot, two hires side by side (on PostgreSQL two connections; one after the other on
    // the embedded engine): filled slots stays at the one slot.
    const one = await posting({ start: new Date(NOW.getTime() + 30 * H), slots: 1 });
    await Promise.all(
      [0, 1].map((i) =>
        db().transaction(async (tx) => {
          await tx.execute(sql`insert into jobs (company_id, job_request_id, user_id, state, created_at, updated_at)
            values (${t.companyId}, ${one}, ${workers[i]!}, 'filled', ${NOW.toISOString()}, ${NOW.toISOString()})`);
          await tx.execute(sql`select pg_sleep(0.05)`);
        }),
      ),
    );
    await agrees("two hires at once");
    const row = (await kept()).find(
      (r) => r.bucket === new Date(NOW.getTime() + 30 * H).toISOString(),
    );
    expect(row).toMatchObject({ postings: 1, posted_slots: 1, filled_slots: 1, filled_jobs: 2 });
  });
});
