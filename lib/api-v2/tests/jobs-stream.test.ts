import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeAll, expect, it } from "vitest";
import { env, resetEnv } from "@/lib/env";
import { noticeJob } from "../messages/live-notify";
import { call, describeApi, type Tenant, workerBody } from "./harness";
import { openStream, type SseEvent, sleep } from "./messages-stream-support";

/** A posting far enough ahead that its days have not begun. */
const posting = (overrides: Record<string, unknown> = {}) => ({
  request_name: "Dock crew",
  category: "Fulfillment / Warehousing",
  state: "posted",
  description_tasks: "Load trucks",
  slots: 2,
  start_time: "2027-03-01 09:00",
  timezone: "America/Los_Angeles",
  duration: 480,
  address: "1 Golden Gate Park",
  city: "San Francisco",
  zip: "94117",
  ...overrides,
});

const jobEvents = (events: SseEvent[]) => events.filter((e) => e.event === "job");

/**
 * The live stream's `job` events (ours, issue 27): a hire, a job's move, a change of the
 * request (its cancellation too) and a series' cancellation reach the streams of the company
 * whose request it is, ids only, once committed; nothing reaches another company's, and a write
 * that was refused (rolled back) announces nothing.
 */
describeApi("live stream: job events", (api) => {
  let t: Tenant;
  let other: Tenant;

  beforeAll(async () => {
    t = await api.tenant("Live Jobs Co");
    other = await api.tenant("Other Live Jobs Co");
  });
  afterEach(() => {
    resetEnv({ API_ENVIRONMENT: undefined });
  });

  const newRequest = async (overrides: Record<string, unknown> = {}, tenant = t) => {
    const res = await call("POST", "/api_v2/job_requests", {
      token: tenant.privateToken,
      json: posting(overrides),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.job_request.id as number;
  };
  const invite = async (tenant = t) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: tenant.privateToken,
      json: workerBody(),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  const assign = (job_request_id: number, worker_id: number, tenant = t) =>
    call("POST", "/api_v2/jobs/assign", {
      token: tenant.privateToken,
      json: { job_request_id, worker_id },
    });

  it("announces a hire to the company's streams (whole and narrowed), not another company's", async () => {
    const jr = await newRequest();
    const elsewhere = await newRequest({ request_name: "Elsewhere" });
    const w = await invite();
    const all = await openStream(t.privateToken);
    const one = await openStream(t.privateToken, { job_request_id: jr });
    const narrowedElsewhere = await openStream(t.privateToken, { job_request_id: elsewhere });
    const theirs = await openStream(other.privateToken);
    expect(all.res.status).toBe(200);

    const hired = await assign(jr, w);
    expect(hired.status, hired.text).toBe(201);
    const job = hired.body.job.id as number;
    await all.waitFor(1);
    await one.waitFor(1);
    // The hire moved the request (posted → in line with its jobs) or not: either way the job's
    // own notice comes, by ids only.
    expect(jobEvents(all.events)).toContainEqual({
      event: "job",
      data: { job_request_id: jr, job_id: job },
    });
    expect(one.events).toEqual(all.events);
    for (const e of all.events) expect(Object.keys(e.data as object).sort()).not.toContain("body");
    await sleep(150);
    expect(theirs.events).toEqual([]);
    expect(narrowedElsewhere.events).toEqual([]);
    for (const s of [all, one, narrowedElsewhere, theirs]) s.close();
  });

  it("announces a worker's move (simulate) and a job's own change", async () => {
    resetEnv({ API_ENVIRONMENT: "test" });
    const jr = await newRequest({ slots: 1 });
    const w = await invite();
    const job = (await assign(jr, w)).body.job.id as number;
    const s = await openStream(t.privateToken, { job_request_id: jr });
    const theirs = await openStream(other.privateToken);

    const started = await call("POST", `/api_v2/jobs/${job}/simulate`, {
      token: t.privateToken,
      json: { action: "start" },
    });
    expect(started.status, started.text).toBe(200);
    await s.waitFor(1);
    expect(s.events).toContainEqual({ event: "job", data: { job_request_id: jr, job_id: job } });
    const before = s.events.length;

    // No move: a note on the job. Still shown on the page, so still announced.
    const noted = await call("PATCH", `/api_v2/jobs/${job}`, {
      token: t.privateToken,
      json: { requestor_notes: "Bring gloves" },
    });
    expect(noted.status, noted.text).toBe(200);
    await s.waitFor(before + 1);
    expect(s.events[before]).toEqual({
      event: "job",
      data: { job_request_id: jr, job_id: job },
    });
    await sleep(150);
    expect(theirs.events).toEqual([]);
    s.close();
    theirs.close();
  });

  it("announces a request's change and its cancellation (the request and each job)", async () => {
    const jr = await newRequest();
    const [w1, w2] = [await invite(), await invite()];
    const j1 = (await assign(jr, w1)).body.job.id as number;
    const j2 = (await assign(jr, w2)).body.job.id as number;
    const s = await openStream(t.privateToken, { job_request_id: jr });
    const theirs = await openStream(other.privateToken);

    const renamed = await call("PATCH", `/api_v2/job_requests/${jr}`, {
      token: t.privateToken,
      json: { request_name: "Dock crew (north gate)" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    await s.waitFor(1);
    expect(s.events).toEqual([{ event: "job", data: { job_request_id: jr } }]);

    const cancelled = await call("PATCH", `/api_v2/job_requests/${jr}`, {
      token: t.privateToken,
      json: { state: "cancelled" },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    await s.waitFor(4);
    await sleep(150);
    const after = s.events.slice(1);
    // Identical notices of one transaction arrive once: the request once, each job once.
    expect(after).toHaveLength(3);
    expect(after).toEqual(
      expect.arrayContaining([
        { event: "job", data: { job_request_id: jr } },
        { event: "job", data: { job_request_id: jr, job_id: j1 } },
        { event: "job", data: { job_request_id: jr, job_id: j2 } },
      ]),
    );
    expect(theirs.events).toEqual([]);
    s.close();
    theirs.close();
  });

  it("announces a series' cancellation on each cancelled day", async () => {
    const res = await call("POST", "/api_v2/multi_day_job_requests", {
      token: t.privateToken,
      json: {
        multi_day_job_request: { repeat_type: "daily", repeat_number: 2 },
        job_request: posting({ request_name: "Festival set-up" }),
      },
    });
    expect(res.status, res.text).toBe(201);
    const [d1, d2] = res.body.multi_day_job_request.job_request_ids as number[];
    const s = await openStream(t.privateToken);
    const theirs = await openStream(other.privateToken);
    const cancel = await call(
      "POST",
      `/api_v2/multi_day_job_requests/${res.body.multi_day_job_request.id}/cancel`,
      { token: t.privateToken, json: {} },
    );
    expect(cancel.status, cancel.text).toBe(200);
    await s.waitFor(2);
    expect(s.events).toEqual(
      expect.arrayContaining([
        { event: "job", data: { job_request_id: d1 } },
        { event: "job", data: { job_request_id: d2 } },
      ]),
    );
    await sleep(150);
    expect(theirs.events).toEqual([]);
    s.close();
    theirs.close();
  });

  it("announces nothing for a refused (rolled-back) write", async () => {
    const jr = await newRequest({ slots: 1 });
    const [w1, w2] = [await invite(), await invite()];
    const s = await openStream(t.privateToken, { job_request_id: jr });
    // The refusal happens after the row lock, inside the transaction: a full request.
    const first = await assign(jr, w1);
    expect(first.status, first.text).toBe(201);
    await s.waitFor(1);
    await sleep(150);
    const seen = s.events.length;
    const full = await assign(jr, w2);
    expect(full.status).toBe(422);
    // A refused change of state (posted → draft is no move a client makes) rolls back too.
    const bad = await call("PATCH", `/api_v2/job_requests/${jr}`, {
      token: t.privateToken,
      json: { state: "draft" },
    });
    expect(bad.status).toBe(422);
    // A transaction that queued the notice and then failed: PostgreSQL drops the notice.
    await expect(
      api.database.db.transaction(async (tx) => {
        await noticeJob(tx, { companyId: t.companyId, jobRequestId: jr, jobId: 1 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    // Another company's hire onto its own request: not ours to hear.
    const theirs = await newRequest({}, other);
    expect((await assign(theirs, await invite(other), other)).status).toBe(201);
    await sleep(300);
    expect(s.events).toHaveLength(seen);
    s.close();
  });

  /**
   * Idle costs nothing: on PostgreSQL, no connection of the app's database (pool or listener)
   * starts a statement, or is opened, while open streams wait. pg_stat_activity is live shared
   * memory (no stats flush lag) and is read over a connection to another database.
   * LIVE_IDLE_MS=60000 measures the minute; the default keeps the suite quick.
   */
  const idleMs = Number(process.env.LIVE_IDLE_MS ?? 3_000);
  it.skipIf(env().DB_UNDER_TEST !== "postgresql")(
    `an idle stream runs no statement for ${idleMs / 1000} s`,
    { timeout: idleMs + 20_000 },
    async () => {
      const jr = await newRequest();
      const streams = [
        await openStream(t.privateToken),
        await openStream(t.privateToken, { job_request_id: jr }),
        await openStream(other.privateToken),
      ];
      const admin = new pg.Client({ connectionString: env().TEST_DATABASE_URL });
      await admin.connect();
      try {
        const name = String(
          (
            (await api.database.db.execute(sql`select current_database() as name`)) as unknown as {
              rows: { name: string }[];
            }
          ).rows[0]!.name,
        );
        // Let the statements of the set-up finish reporting.
        await sleep(200);
        const { rows: since } = await admin.query<{ now: Date }>("select now()");
        await sleep(idleMs);
        const { rows: busy } = await admin.query(
          `select pid, state, query, query_start, backend_start from pg_stat_activity
            where datname = $1 and (query_start >= $2 or backend_start >= $2)`,
          [name, since[0]!.now],
        );
        expect(busy).toEqual([]);
        // The streams are still open, on one listening connection.
        const { rows: listening } = await admin.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'",
          [name],
        );
        expect(listening[0]!.n).toBe(1);
        // The probe sees a statement when there is one (so the empty answer above means none).
        await api.database.db.execute(sql`select 1`);
        const { rows: seen } = await admin.query(
          "select pid from pg_stat_activity where datname = $1 and query_start >= $2",
          [name, since[0]!.now],
        );
        expect(seen.length).toBeGreaterThan(0);
        for (const s of streams) expect(s.closed).toBe(false);
      } finally {
        await admin.end();
        for (const s of streams) s.close();
      }
    },
  );
});
