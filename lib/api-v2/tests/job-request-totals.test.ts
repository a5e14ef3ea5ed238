/**
 * job_request_counts (migration 0018): the job request list's `total` from counts kept by
 * triggers, sharded by the database backend that wrote them. After postings made through the
 * API (many at once), moved between states, cancelled, inserted and deleted in bulk, and after a
 * fold, every total the list answers equals a recount from job_requests, on both engines (and
 * behind the pooler); a filter the counts do not cover is counted from the rows; and two
 * transactions moving postings at once never wait on each other's counts.
 */
import { type SQL, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { env } from "@/lib/env";
import { JOB_REQUEST_STATES } from "@/lib/schemas/job";
import { foldJobRequestCounts } from "@/lib/server/fold-counts";
import { call, describeApi, type Tenant } from "./harness";

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] =>
  ((result as { rows?: Raw[] }).rows ?? (result as Raw[])) as Raw[];

let n = 0;
const posting = (over: Record<string, unknown> = {}) => ({
  request_name: `Counted shift ${++n}`,
  category: "General Labor",
  state: "posted",
  description_tasks: "Stack boxes",
  slots: 2,
  address: "1 Count Way",
  city: "Oakland",
  zip: "94607",
  latitude: "37.8",
  longitude: "-122.27",
  ...over,
});

describeApi("job request totals", (api) => {
  let a: Tenant;
  let b: Tenant;
  const db = () => api.database.db;
  const exec = async (q: SQL) => rowsOf(await db().execute(q));

  const total = async (t: Tenant, query: Record<string, string | number> = {}) => {
    const res = await call("GET", "/api_v2/job_requests", {
      token: t.privateToken,
      query: { per: 1, ...query },
    });
    expect(res.status, res.text).toBe(200);
    return res.body.total as number;
  };
  /** The company's postings per state, counted from the table. */
  const recount = async (t: Tenant) =>
    Object.fromEntries(
      (
        await exec(sql`select state, count(*)::int as n from job_requests
          where company_id = ${t.companyId} group by state`)
      ).map((r) => [String(r.state), Number(r.n)]),
    ) as Record<string, number>;
  /** Every total the counts answer (the whole list and each state, one and two at once) agrees. */
  const agrees = async (t: Tenant, step: string) => {
    const counted = await recount(t);
    const all = Object.values(counted).reduce((s, x) => s + x, 0);
    expect(await total(t), `${step}: all`).toBe(all);
    for (const state of JOB_REQUEST_STATES) {
      expect(await total(t, { state }), `${step}: ${state}`).toBe(counted[state] ?? 0);
    }
    expect(await total(t, { state: "posted,cancelled" }), `${step}: two states`).toBe(
      (counted.posted ?? 0) + (counted.cancelled ?? 0),
    );
    // And the kept rows sum to the same, state by state.
    const kept = Object.fromEntries(
      (
        await exec(sql`select state, sum(requests)::int as n from job_request_counts
          where company_id = ${t.companyId} group by state having sum(requests) <> 0`)
      ).map((r) => [String(r.state), Number(r.n)]),
    );
    expect(kept, `${step}: kept rows`).toEqual(counted);
  };
  const create = async (t: Tenant, over: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api_v2/job_requests", {
      token: t.privateToken,
      json: posting(over),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.job_request.id as number;
  };
  const move = async (t: Tenant, id: number, state: string) => {
    const res = await call("PATCH", `/api_v2/job_requests/${id}`, {
      token: t.privateToken,
      json: { state },
    });
    expect(res.status, res.text).toBe(200);
  };

  beforeAll(async () => {
    a = await api.tenant("Totals Co");
    b = await api.tenant("Other Totals Co");
  });

  it("answers what counting would after postings are made, moved, cancelled, bulk-inserted and deleted", async () => {
    await agrees(a, "none yet");
    // Twelve at once into A (drafts among them), three into B.
    const made = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => create(a, i % 4 === 0 ? { state: "draft" } : {})),
      ...Array.from({ length: 3 }, () => create(b)),
    ]);
    await agrees(a, "made");
    await agrees(b, "made");
    const [draft, first, second] = [made[0]!, made[1]!, made[2]!];
    await move(a, draft, "posted");
    await move(a, first, "unassigned");
    await move(a, second, "cancelled");
    await agrees(a, "moved");
    await agrees(b, "B untouched");

    // Bulk, as an operator might: 40 rows in one statement, a state change of many, a delete.
    await exec(sql`insert into job_requests (company_id, name, state, slots, created_at, updated_at)
      select ${a.companyId}, 'Bulk ' || g, case when g % 2 = 0 then 'posted' else 'draft' end, 1, now(), now()
      from generate_series(1, 40) g`);
    await agrees(a, "bulk insert");
    await exec(sql`update job_requests set state = 'cancelled'
      where company_id = ${a.companyId} and name like 'Bulk %' and state = 'draft'`);
    // A change that leaves every state as it was writes no count.
    await exec(
      sql`update job_requests set description = 'Touched' where company_id = ${a.companyId}`,
    );
    await agrees(a, "bulk update");
    await exec(
      sql`delete from job_requests where company_id = ${a.companyId} and name like 'Bulk %'`,
    );
    await agrees(a, "bulk delete");
    await agrees(b, "B still untouched");
  });

  it("counts filters the kept counts do not cover from the rows", async () => {
    await create(a, { category: "Delivery", zip: "94612" });
    await create(a, { category: "Delivery", state: "draft" });
    expect(await total(a, { category: "Delivery" })).toBe(2);
    expect(await total(a, { category: "Delivery", state: "draft" })).toBe(1);
    expect(await total(a, { zip: "94612" })).toBe(1);
    // Another company's id finds nothing, as before the counts.
    expect(await total(a, { company_id: b.companyId })).toBe(0);
    expect(await total(a, { company_id: a.companyId })).toBe(await total(a));
  });

  it("folds other backends' rows into one per company and state, keeping every sum", async () => {
    // Rows as connections that have since closed would have left them (backends 1 and 2).
    await exec(sql`insert into job_request_counts (company_id, state, backend, requests)
      values (${a.companyId}, 'posted', 1, 3), (${a.companyId}, 'posted', 2, -3),
             (${a.companyId}, 'cancelled', 1, 5), (${a.companyId}, 'cancelled', 2, -5)`);
    await agrees(a, "before the fold");
    const folded = await foldJobRequestCounts(db());
    expect(folded).toBeGreaterThanOrEqual(4);
    const left = await exec(sql`select count(*)::int as n from job_request_counts
      where company_id = ${a.companyId} and backend in (1, 2)`);
    expect(Number(left[0]!.n)).toBe(0);
    await agrees(a, "after the fold");
    // Nothing left to fold but this connection's own.
    await foldJobRequestCounts(db());
    await agrees(a, "folded twice");
  });

  it.skipIf(env().DB_UNDER_TEST !== "postgresql")(
    "two transactions moving postings at once never wait on each other's counts",
    async () => {
      const [one, two] = [await create(a), await create(a)];
      let release = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let moved = () => {};
      const firstMoved = new Promise<void>((r) => {
        moved = r;
      });
      // The first holds its move of `one` (posted -> cancelled) open...
      const first = db().transaction(async (tx) => {
        await tx.execute(sql`update job_requests set state = 'cancelled' where id = ${one}`);
        moved();
        await held;
      });
      await firstMoved;
      // ...while the second makes the same move on another posting, unwilling to wait for a lock.
      await db().transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '200ms'`);
        await tx.execute(sql`update job_requests set state = 'cancelled' where id = ${two}`);
      });
      release();
      await first;
      await agrees(a, "two at once");
    },
  );
});
