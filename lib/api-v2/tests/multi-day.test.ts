import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { jobRequests, jobs, multiDayJobRequests } from "@/lib/db/schema";
import { actAsWorker } from "../jobs/job-actions";
import { call, describeApi, type Tenant, workerBody } from "./harness";
import { createBadgeFor } from "./jobs-support";

const invalid = (fields: Record<string, string[]>) => ({
  error: { code: "validation_failed", message: expect.any(String), fields },
});

/** One day's posting in Los Angeles; the series repeats it. */
const posting = (overrides: Record<string, unknown> = {}) => ({
  request_name: "Festival set-up",
  category: "Fulfillment / Warehousing",
  state: "posted",
  description_tasks: "Stage and tents",
  slots: 2,
  start_time: "2027-03-01 09:00",
  timezone: "America/Los_Angeles",
  duration: 480,
  address: "1 Golden Gate Park",
  city: "San Francisco",
  zip: "94117",
  ...overrides,
});

const SERIES_KEYS = [
  "id",
  "repeat_type",
  "repeat_number",
  "same_workers",
  "created_at",
  "updated_at",
  "company_id",
  "job_request_ids",
  "job_requests",
];

describeApi("multi-day job requests", (api) => {
  let t: Tenant;
  let other: Tenant;
  const db = () => api.database.db;

  beforeAll(async () => {
    t = await api.tenant("Series Co");
    other = await api.tenant("Other Series Co");
  });

  const create = (json: unknown, token = t.privateToken) =>
    call("POST", "/api_v2/multi_day_job_requests", { token, json });
  const series = async (
    rules: Record<string, unknown> = {},
    jr: Record<string, unknown> | null = {},
  ) => {
    const res = await create({
      multi_day_job_request: { repeat_type: "daily", repeat_number: 3, ...rules },
      ...(jr ? { job_request: posting(jr) } : {}),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.multi_day_job_request;
  };
  const invite = async (tenant = t) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: tenant.privateToken,
      json: workerBody(),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  const assign = (job_request_id: number, worker_id: number, token = t.privateToken) =>
    call("POST", "/api_v2/jobs/assign", { token, json: { job_request_id, worker_id } });
  const counts = async () => {
    const [a] = await db().select({ n: sql<number>`count(*)::int` }).from(multiDayJobRequests);
    const [b] = await db().select({ n: sql<number>`count(*)::int` }).from(jobRequests);
    const [c] = await db().select({ n: sql<number>`count(*)::int` }).from(jobs);
    return [a!.n, b!.n, c!.n];
  };
  const jobsOf = async (workerId: number) =>
    (await db().select().from(jobs).where(eq(jobs.userId, workerId)))
      .map((j) => ({ day: j.jobRequestId, state: j.state }))
      .sort((a, b) => a.day - b.day);

  describe("POST, GET, PATCH", () => {
    it("creates a bare umbrella as the reference does, and reads it back", async () => {
      const res = await create({
        multi_day_job_request: { repeat_type: "weekly", repeat_number: "4", same_workers: "1" },
      });
      expect(res.status, res.text).toBe(201);
      const s = res.body.multi_day_job_request;
      expect(res.headers.get("location")).toBe(`/api_v2/multi_day_job_requests/${s.id}`);
      expect(Object.keys(s)).toEqual(SERIES_KEYS);
      expect(s).toMatchObject({
        repeat_type: "weekly",
        repeat_number: 4,
        same_workers: true,
        company_id: t.companyId,
        job_request_ids: [],
        job_requests: [],
      });
      const got = await call("GET", `/api_v2/multi_day_job_requests/${s.id}`, {
        token: t.privateToken,
      });
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ multi_day_job_request: s });
      // Form-minded top-level keys work too.
      const flat = await create({ repeat_type: "daily", same_workers: "false" });
      expect(flat.status, flat.text).toBe(201);
      expect(flat.body.multi_day_job_request).toMatchObject({
        repeat_number: 1,
        same_workers: false,
      });
    });

    it("creates the umbrella and its postings in one call, a day apart at 9:00 local", async () => {
      const s = await series({ same_workers: true });
      expect(s.job_requests).toHaveLength(3);
      expect(s.job_requests.map((d: { start_time: string }) => d.start_time)).toEqual([
        "2027-03-01T17:00:00.000+00:00",
        "2027-03-02T17:00:00.000+00:00",
        "2027-03-03T17:00:00.000+00:00",
      ]);
      for (const id of s.job_request_ids) {
        const jr = await call("GET", `/api_v2/job_requests/${id}`, { token: t.privateToken });
        expect(jr.body.job_request).toMatchObject({
          multi_day: true,
          multi_day_job_request_id: s.id,
          request_name: "Festival set-up",
          state: "posted",
          slots: 2,
        });
      }
      const list = await call("GET", "/api_v2/job_requests", {
        token: t.privateToken,
        query: { multi_day_job_request_id: s.id },
      });
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(3);
      expect(list.body.job_requests.map((j: { id: number }) => j.id).sort()).toEqual(
        [...s.job_request_ids].sort(),
      );
    });

    it("keeps 9:00 local across the November DST change (weekly)", async () => {
      const s = await series(
        { repeat_type: "weekly", repeat_number: 3 },
        { start_time: "2027-10-25 09:00" },
      );
      // PDT (UTC-7), PDT, then PST (UTC-8) after Nov 7 2027.
      expect(s.job_requests.map((d: { start_time: string }) => d.start_time)).toEqual([
        "2027-10-25T16:00:00.000+00:00",
        "2027-11-01T16:00:00.000+00:00",
        "2027-11-08T17:00:00.000+00:00",
      ]);
    });

    it.each([
      [{ repeat_type: "monthly", repeat_number: 2 }, "repeat_type"],
      [{ repeat_number: 2 }, "repeat_type"],
      [{ repeat_type: "daily", repeat_number: 0 }, "repeat_number"],
      [{ repeat_type: "daily", repeat_number: 32 }, "repeat_number"],
      [{ repeat_type: "daily", repeat_number: 1.5 }, "repeat_number"],
      [{ repeat_type: "daily", same_workers: "maybe" }, "same_workers"],
    ])("refuses %j on %s, writing nothing", async (rules, field) => {
      const before = await counts();
      const res = await create({ multi_day_job_request: rules });
      expect(res.status, res.text).toBe(422);
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
      expect(await counts()).toEqual(before);
    });

    it("writes nothing when a posting of the series is refused", async () => {
      const before = await counts();
      const bad = await create({
        multi_day_job_request: { repeat_type: "daily", repeat_number: 3 },
        job_request: posting({ slots: 0 }),
      });
      expect(bad.status).toBe(422);
      expect(bad.body).toEqual(invalid({ slots: ["must be at least 1"] }));
      const noStart = await create({
        multi_day_job_request: { repeat_type: "daily" },
        job_request: posting({ start_time: null }),
      });
      expect(noStart.status).toBe(422);
      expect(noStart.body).toEqual(
        invalid({
          repeat_number: ["can't be blank"],
          start_time: ["is required to repeat a posting"],
        }),
      );
      const notObject = await create({ repeat_type: "daily", job_request: "x" });
      expect(notObject.body.error.fields).toHaveProperty("job_request");
      expect(await counts()).toEqual(before);
    });

    it("PATCH changes the rules only; refusals change nothing", async () => {
      const s = await series({}, null);
      const res = await call("PATCH", `/api_v2/multi_day_job_requests/${s.id}`, {
        token: t.privateToken,
        json: { multi_day_job_request: { same_workers: true, repeat_number: 5 } },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.multi_day_job_request).toMatchObject({
        repeat_type: "daily",
        repeat_number: 5,
        same_workers: true,
      });
      const bad = await call("PATCH", `/api_v2/multi_day_job_requests/${s.id}`, {
        token: t.privateToken,
        json: { repeat_type: "yearly", same_workers: false },
      });
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.error.fields)).toEqual(["repeat_type"]);
      const [row] = await db()
        .select()
        .from(multiDayJobRequests)
        .where(eq(multiDayJobRequests.id, s.id));
      expect(row!.sameWorkers).toBe(true);
    });

    it("answers 404 for another company's series, and the public pool reads but may not write", async () => {
      const s = await series({}, null);
      for (const [method, path, json] of [
        ["GET", `/api_v2/multi_day_job_requests/${s.id}`, undefined],
        ["PATCH", `/api_v2/multi_day_job_requests/${s.id}`, { same_workers: true }],
        ["POST", `/api_v2/multi_day_job_requests/${s.id}/cancel`, {}],
      ] as const) {
        const res = await call(method, path, { token: other.privateToken, json });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error).toEqual({
          code: "not_found",
          message: "Multi-day job request not found",
        });
      }
      const read = await call("GET", `/api_v2/multi_day_job_requests/${s.id}`, {
        token: t.publicToken,
      });
      expect(read.status).toBe(200);
      const write = await create({ repeat_type: "daily" }, t.publicToken);
      expect(write.status).toBe(403);
      expect(write.body.error.code).toBe("forbidden_for_public_pool");
    });
  });

  describe("reference-style: postings join a series with multi_day_job_request_id", () => {
    it("accepts the caller's own series (multi_day follows the id), refuses another's", async () => {
      const mine = await series({}, null);
      const theirs = (await create({ repeat_type: "daily" }, other.privateToken)).body
        .multi_day_job_request;
      const res = await call("POST", "/api_v2/job_requests", {
        token: t.privateToken,
        json: { job_request: posting({ multi_day_job_request_id: mine.id }) },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.job_request).toMatchObject({
        multi_day: true,
        multi_day_job_request_id: mine.id,
      });
      const before = await counts();
      const refused = await call("POST", "/api_v2/job_requests", {
        token: t.privateToken,
        json: { job_request: posting({ multi_day_job_request_id: theirs.id }) },
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual(
        invalid({ multi_day_job_request_id: ["is not one of your multi-day job requests"] }),
      );
      expect(await counts()).toEqual(before);
      const got = await call("GET", `/api_v2/multi_day_job_requests/${mine.id}`, {
        token: t.privateToken,
      });
      expect(got.body.multi_day_job_request.job_request_ids).toEqual([res.body.job_request.id]);
      // Leaving the series clears multi_day.
      const left = await call("PATCH", `/api_v2/job_requests/${res.body.job_request.id}`, {
        token: t.privateToken,
        json: { multi_day_job_request_id: null },
      });
      expect(left.body.job_request).toMatchObject({
        multi_day: false,
        multi_day_job_request_id: null,
      });
    });
  });

  describe("same_workers", () => {
    it("hires onto every remaining day, or refuses naming the day and hires nothing", async () => {
      const s = await series({ same_workers: true }, { slots: 1 });
      const [d1, , d3] = s.job_request_ids as number[];
      const ana = await invite();
      const bo = await invite();
      // Bo takes day 3's only slot without the series rule.
      await db()
        .update(multiDayJobRequests)
        .set({ sameWorkers: false })
        .where(eq(multiDayJobRequests.id, s.id));
      expect((await assign(d3!, bo)).status).toBe(201);
      await db()
        .update(multiDayJobRequests)
        .set({ sameWorkers: true })
        .where(eq(multiDayJobRequests.id, s.id));
      const before = await counts();
      const refused = await assign(d1!, ana);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual(
        invalid({
          job_request_id: [
            "Day 3 (Wed Mar 3) is full (1 of 1 filled); the series takes the same workers every day, so nobody was hired",
          ],
        }),
      );
      expect(await counts()).toEqual(before);
      expect(await jobsOf(ana)).toEqual([]);

      // Another series: hiring onto day 2 hires onto days 1, 2 and 3.
      const s2 = await series({ same_workers: true }, { start_time: "2027-04-05 09:00" });
      const [e1, e2, e3] = s2.job_request_ids as number[];
      const hired = await assign(e2!, ana);
      expect(hired.status, hired.text).toBe(201);
      expect(hired.body.job_request_id ?? hired.body.job?.job_request_id).toBe(e2);
      expect(await jobsOf(ana)).toEqual([
        { day: e1, state: "filled" },
        { day: e2, state: "filled" },
        { day: e3, state: "filled" },
      ]);
      const got = await call("GET", `/api_v2/multi_day_job_requests/${s2.id}`, {
        token: t.privateToken,
      });
      expect(
        got.body.multi_day_job_request.job_requests.map((d: { filled: number }) => d.filled),
      ).toEqual([1, 1, 1]);
    });

    it("refuses a worker already hired elsewhere at that time, naming the day", async () => {
      const cy = await invite();
      const single = await call("POST", "/api_v2/job_requests", {
        token: t.privateToken,
        json: posting({ start_time: "2027-05-04 12:00", duration: 120, slots: 1 }),
      });
      expect((await assign(single.body.job_request.id, cy)).status).toBe(201);
      const s = await series({ same_workers: true }, { start_time: "2027-05-03 09:00" });
      const res = await assign(s.job_request_ids[0], cy);
      expect(res.status).toBe(422);
      expect(res.body.error.fields.worker_id[0]).toMatch(
        /^Day 2 \(Tue May 4\): the worker is already hired at that time \(job request \d+, Festival set-up\); nobody was hired$/,
      );
      expect(await jobsOf(cy)).toHaveLength(1);
    });

    it("two requestors hiring the last slot of day 2 at once: one wins, nothing half-hired", async () => {
      const s = await series({ same_workers: true }, { slots: 1, start_time: "2027-06-07 09:00" });
      const [w1, w2] = [await invite(), await invite()];
      const [a, b] = await Promise.all([
        assign(s.job_request_ids[1], w1),
        assign(s.job_request_ids[1], w2),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 422]);
      const all = [...(await jobsOf(w1)), ...(await jobsOf(w2))];
      expect(all).toHaveLength(3);
      expect(new Set(all.map((j) => j.day)).size).toBe(3);
    });

    it("refuses a worker who lacks a day's badge, naming the day, and a worker accepting hires all days", async () => {
      const badgeName = `Forklift ${Date.now()}`;
      const { badge_id } = await createBadgeFor(db(), t.companyId, {
        name: badgeName,
        description: "Sit-down forklift",
      });
      const s = await series({ same_workers: true }, { start_time: "2027-06-14 09:00" });
      const [d1, d2, d3] = s.job_request_ids as number[];
      // Day 3 alone needs the badge (each day is its own job request).
      const need = await call("PATCH", `/api_v2/job_requests/${d3}`, {
        token: t.privateToken,
        json: { badge_requirements_attributes: [{ badge_id }] },
      });
      expect(need.status, need.text).toBe(200);
      const w = await invite();
      const res = await assign(d1!, w);
      expect(res.status).toBe(422);
      expect(res.body.error.fields.worker_id).toEqual([
        `Day 3 (Wed Jun 16) needs badges the worker does not hold: ${badgeName}; the series takes the same workers every day, so nobody was hired`,
      ]);
      expect(await jobsOf(w)).toEqual([]);
      // The worker's own acceptance (the operator acting for them) follows the same rule.
      const dropped = await call("PATCH", `/api_v2/job_requests/${d3}`, {
        token: t.privateToken,
        json: { badge_requirements_attributes: [{ badge_id, _destroy: true }] },
      });
      expect(dropped.status, dropped.text).toBe(200);
      const other = await invite();
      await actAsWorker(
        db(),
        t.companyId,
        { action: "accept", jobRequestId: d2!, workerId: other },
        new Date(),
      );
      expect((await jobsOf(other)).map((j) => j.day)).toEqual([d1, d2, d3]);
    });

    it("without same_workers a hire is onto that day only", async () => {
      const s = await series({ same_workers: false }, { start_time: "2027-07-05 09:00" });
      const w = await invite();
      expect((await assign(s.job_request_ids[0], w)).status).toBe(201);
      expect(await jobsOf(w)).toEqual([{ day: s.job_request_ids[0], state: "filled" }]);
    });
  });

  describe("cancelling", () => {
    it("cancels one day with the job request cancel, or this and the following days", async () => {
      const s = await series(
        { same_workers: true, repeat_number: 4 },
        { start_time: "2027-08-02 09:00" },
      );
      const [d1, d2, d3, d4] = s.job_request_ids as number[];
      const w = await invite();
      expect((await assign(d1!, w)).status).toBe(201);
      // One day: only that day and its job.
      const one = await call("PATCH", `/api_v2/job_requests/${d4}`, {
        token: t.privateToken,
        json: { state: "cancelled" },
      });
      expect(one.status, one.text).toBe(200);
      expect(await jobsOf(w)).toEqual([
        { day: d1, state: "filled" },
        { day: d2, state: "filled" },
        { day: d3, state: "filled" },
        { day: d4, state: "cancelled" },
      ]);
      // Day 4 is over: starting from it is refused, and nothing changes.
      const again = await call("POST", `/api_v2/multi_day_job_requests/${s.id}/cancel`, {
        token: t.privateToken,
        json: { from_job_request_id: d4 },
      });
      expect(again.status).toBe(422);
      expect(again.body).toEqual(
        invalid({
          from_job_request_id: [
            "Day 4 (Thu Aug 5) is cancelled: only days not yet begun are cancelled",
          ],
        }),
      );
      const notMine = await call("POST", `/api_v2/multi_day_job_requests/${s.id}/cancel`, {
        token: t.privateToken,
        json: { from_job_request_id: 2147483647 },
      });
      expect(notMine.body).toEqual(
        invalid({ from_job_request_id: ["is not a day of this series"] }),
      );
      // This and the following: days 2 and 3 (4 is already cancelled), their jobs too.
      const res = await call("POST", `/api_v2/multi_day_job_requests/${s.id}/cancel`, {
        token: t.privateToken,
        json: { from_job_request_id: d2 },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.cancelled_job_request_ids).toEqual([d2, d3]);
      expect(
        res.body.multi_day_job_request.job_requests.map((d: { state: string }) => d.state),
      ).toEqual(["posted", "cancelled", "cancelled", "cancelled"]);
      expect(await jobsOf(w)).toEqual([
        { day: d1, state: "filled" },
        { day: d2, state: "cancelled" },
        { day: d3, state: "cancelled" },
        { day: d4, state: "cancelled" },
      ]);
    });

    it("refuses a day that has started", async () => {
      // Day 1 began an hour ago (a token's life is shorter than a move of the clock by years).
      const start = new Date(Date.now() - 3_600_000);
      const s = await series({}, { start_time: start.toISOString() });
      const label = new Intl.DateTimeFormat("en-US", {
        timeZone: "America/Los_Angeles",
        weekday: "short",
        month: "short",
        day: "numeric",
      })
        .format(start)
        .replace(",", "");
      const res = await call("POST", `/api_v2/multi_day_job_requests/${s.id}/cancel`, {
        token: t.privateToken,
        json: { from_job_request_id: s.job_request_ids[0] },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.fields.from_job_request_id).toEqual([
        `Day 1 (${label}) has started: only days not yet begun are cancelled`,
      ]);
      // Without a day named, the first day not begun (day 2) onwards.
      const rest = await call("POST", `/api_v2/multi_day_job_requests/${s.id}/cancel`, {
        token: t.privateToken,
        json: {},
      });
      expect(rest.status, rest.text).toBe(200);
      expect(rest.body.cancelled_job_request_ids).toEqual(s.job_request_ids.slice(1));
    });
  });
});
