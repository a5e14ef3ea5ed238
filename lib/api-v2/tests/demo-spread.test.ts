import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { jobRequests } from "@/lib/db/schema";
import { seedDemo } from "../demo/seed-demo";
import { canTransition } from "../jobs/job-state-machine";
import { syncRequestState } from "../jobs/request-state";
import { describeApi } from "./harness";

const DAY = 86_400_000;
const rows = (r: unknown) =>
  ((r as { rows?: Record<string, unknown>[] }).rows ?? []) as Record<string, unknown>[];
const HOLDING = sql.raw(`('filled','in_progress','paused','completed','approved')`);

/**
 * The demo makes the home page true (issue 28): eight past weeks of postings with filled slots,
 * no-shows and approved, rated work in several categories; spend this week and last; shifts in
 * the next seven days, some full and some not; postings at risk; completed jobs awaiting
 * approval. Asked of the database as the home page's aggregates would ask it.
 */
describeApi("the demo's eight weeks and two ahead", (api) => {
  it("spreads postings and jobs so every section of the home page has something true", async () => {
    const db = api.database.db;
    const now = new Date();
    const seeded = await seedDemo(db, { now, workerCount: 300, environment: "test" });
    const c = seeded!.company_id;
    const iso = (ms: number) => new Date(ms).toISOString();

    // Each of the last eight seven-day windows: postings, filled slots, a fill rate of 50–100 %.
    const weeks = rows(
      await db.execute(sql`select w, count(distinct r.id)::int as postings, sum(r.slots)::int as slots,
          (select count(*)::int from jobs j join job_requests r2 on r2.id = j.job_request_id
            where r2.company_id = ${c} and j.state in ${HOLDING}
              and r2.start_time >= ${iso(now.getTime())}::timestamptz - make_interval(days => 7 * (w + 1))
              and r2.start_time < ${iso(now.getTime())}::timestamptz - make_interval(days => 7 * w)) as filled
        from generate_series(0, 7) w
        join job_requests r on r.company_id = ${c} and r.state <> 'draft'
          and r.start_time >= ${iso(now.getTime())}::timestamptz - make_interval(days => 7 * (w + 1))
          and r.start_time < ${iso(now.getTime())}::timestamptz - make_interval(days => 7 * w)
        group by w order by w`),
    ).map((r) => ({
      w: Number(r.w),
      postings: Number(r.postings),
      slots: Number(r.slots),
      filled: Number(r.filled),
    }));
    expect(weeks.map((w) => w.w)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    for (const w of weeks) {
      expect(w.postings, `week ${w.w}`).toBeGreaterThanOrEqual(5);
      expect(w.filled, `week ${w.w}`).toBeGreaterThan(0);
      expect(w.filled / w.slots, `week ${w.w}`).toBeGreaterThanOrEqual(0.5);
      expect(w.filled / w.slots, `week ${w.w}`).toBeLessThanOrEqual(1);
    }
    // The rate varies from week to week.
    const rates = weeks.map((w) => Math.round((100 * w.filled) / w.slots));
    expect(Math.max(...rates) - Math.min(...rates)).toBeGreaterThanOrEqual(10);

    const [past] = rows(
      await db.execute(sql`select
          count(*) filter (where j.state = 'no_show')::int as no_shows,
          count(*) filter (where j.state = 'approved' and j.rating between 1 and 5)::int as rated,
          count(*) filter (where j.state = 'completed')::int as awaiting,
          count(distinct r.category) filter (where j.state in ('completed', 'approved'))::int as categories
        from jobs j join job_requests r on r.id = j.job_request_id
        where j.company_id = ${c} and r.start_time >= ${iso(now.getTime() - 56 * DAY)}::timestamptz`),
    );
    expect(Number(past!.no_shows)).toBeGreaterThanOrEqual(5);
    expect(Number(past!.rated)).toBeGreaterThanOrEqual(50);
    expect(Number(past!.awaiting)).toBeGreaterThanOrEqual(3);
    expect(Number(past!.categories)).toBeGreaterThanOrEqual(4);

    // Spend (filled slots × wage × duration) this week and last, in seven-day windows.
    const spend = rows(
      await db.execute(sql`select w, coalesce(sum(r.wage * r.duration / 60.0), 0)::float8 as spend
        from generate_series(0, 1) w
        left join job_requests r on r.company_id = ${c}
          and r.start_time >= ${iso(now.getTime())}::timestamptz - make_interval(days => 7 * (w + 1))
          and r.start_time < ${iso(now.getTime())}::timestamptz - make_interval(days => 7 * w)
        left join jobs j on j.job_request_id = r.id and j.state in ${HOLDING}
        where j.id is not null group by w order by w`),
    );
    expect(spend.map((s) => Number(s.w))).toEqual([0, 1]);
    for (const s of spend) expect(Number(s.spend)).toBeGreaterThan(500);

    // The next seven days: shifts, some filled to the last slot and some with open slots.
    const ahead = rows(
      await db.execute(sql`select r.id, r.slots, r.start_time,
          (select count(*)::int from jobs j where j.job_request_id = r.id and j.state in ${HOLDING}) as held
        from job_requests r where r.company_id = ${c} and r.state not in ('draft', 'cancelled')
          and r.start_time > ${iso(now.getTime())}::timestamptz
          and r.start_time < ${iso(now.getTime() + 7 * DAY)}::timestamptz`),
    ).map((r) => ({
      slots: Number(r.slots),
      held: Number(r.held),
      start: new Date(String(r.start_time)),
    }));
    expect(ahead.length).toBeGreaterThanOrEqual(10);
    expect(ahead.filter((r) => r.held === r.slots).length).toBeGreaterThanOrEqual(2);
    expect(ahead.filter((r) => r.held < r.slots).length).toBeGreaterThanOrEqual(2);
    // At risk: starting within 24 hours with open slots.
    const atRisk = ahead.filter(
      (r) => r.held < r.slots && r.start.getTime() - now.getTime() <= DAY,
    );
    expect(atRisk.length).toBeGreaterThanOrEqual(2);

    // Every posting's stored state is what its jobs say, and every job's transitions are a
    // path of the state machine that ends in its state.
    const all = await db.select().from(jobRequests).where(eq(jobRequests.companyId, c));
    expect(all.length).toBeGreaterThanOrEqual(150);
    for (const r of all) {
      expect((await syncRequestState(db, r, now)).state, `${r.name} ${r.id}`).toBe(r.state);
    }
    const paths = rows(
      await db.execute(sql`select j.id, j.state, array_agg(t.name order by t.id) as names,
          array_agg(coalesce(t.from_state, '') order by t.id) as froms
        from jobs j join job_transitions t on t.job_id = j.id
        where j.company_id = ${c} group by j.id, j.state`),
    );
    for (const p of paths) {
      const names = p.names as string[];
      const froms = p.froms as string[];
      expect(names.at(-1), `job ${p.id}`).toBe(p.state);
      for (let i = 1; i < names.length; i++) {
        expect(froms[i]).toBe(names[i - 1]);
        expect(
          canTransition(names[i - 1] as never, names[i] as never, "requestor") ||
            canTransition(names[i - 1] as never, names[i] as never, "worker"),
          `job ${p.id}: ${names.join(" → ")}`,
        ).toBe(true);
      }
    }
  });
});
