import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobRequests, jobs, outbox, RANK_POINT, users } from "@/lib/db/schema";
import { resetEnv } from "@/lib/env";
import { JOB_REQUEST_STATES, JOB_STATES, REQUESTOR_JOB_STATES } from "@/lib/schemas/job";
import { seedDemo } from "../demo/seed-demo";
import { canTransition } from "../jobs/job-state-machine";
import { markUnfilled } from "../jobs/mark-unfilled";
import { syncRequestState } from "../jobs/request-state";
import { call, describeApi, type Tenant, workerBody } from "./harness";
import { createBadgeFor, createJob, createJobRequest, createWebhook } from "./jobs-support";

const FORBIDDEN = {
  error: {
    code: "forbidden_for_public_pool",
    message: "This operation needs a private pool key; public pool keys may only read",
  },
};
const invalid = (fields: Record<string, string[]>) => ({
  error: { code: "validation_failed", message: expect.any(String), fields },
});

/** A valid posting in San Francisco; override what the test is about. */
const posting = (overrides: Record<string, unknown> = {}) => ({
  request_name: "Warehouse pick/pack AM",
  category: "Fulfillment / Warehousing",
  state: "posted",
  description_tasks: "Pick and pack orders",
  slots: 3,
  start_time: "2026-12-01 08:00",
  timezone: "America/Los_Angeles",
  duration: 480,
  wage: 22.5,
  venue: "Dock 3",
  address: "123 Fremont St",
  city: "San Francisco",
  address_state: "CA",
  zip: "94105",
  latitude: "37.7898",
  longitude: "-122.3942",
  ...overrides,
});

const JOB_REQUEST_KEYS = [
  "id",
  "state",
  "request_name",
  "category",
  "description",
  "description_tasks",
  "description_company",
  "description_travel",
  "description_skills",
  "description_contact",
  "description_arrival",
  "slots",
  "start_time",
  "duration",
  "timezone",
  "wage",
  "classification",
  "w2_hourly_rate",
  "venue",
  "address",
  "city",
  "zip",
  "postal_code",
  "country",
  "latitude",
  "longitude",
  "employer_id",
  "company_id",
  "multi_day",
  "multi_day_job_request_id",
  "preferred_candidate_ids",
  "preferred_wonoloers_info",
  "ban_list",
  "notification_distance",
  "open_request",
  "push_all_notifications_asap",
  "use_pending_state",
  "in_white_gloves_period",
  "re_ranked_worker_ids",
  "cached_job_states",
  "can",
  "agent_code",
  "organizational_path",
  "flag_color",
  "badge_requirements",
  "updated_at",
  "address_state",
  "posted_at",
  "created_at",
];

describeApi("job requests and jobs", (api) => {
  let t: Tenant;
  let other: Tenant;
  const db = () => api.database.db;

  beforeAll(async () => {
    t = await api.tenant("Jobs Co");
    other = await api.tenant("Other Jobs Co");
  });

  const post = (json: unknown, token = t.privateToken) =>
    call("POST", "/api_v2/job_requests", { token, json });
  const newRequest = async (overrides: Record<string, unknown> = {}, token = t.privateToken) => {
    const res = await post(posting(overrides), token);
    expect(res.status, res.text).toBe(201);
    return res.body.job_request;
  };
  const invite = async (overrides: Record<string, unknown> = {}, tenant = t) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: tenant.privateToken,
      json: workerBody(overrides),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number };
  };
  const assign = (json: unknown, token = t.privateToken) =>
    call("POST", "/api_v2/jobs/assign", { token, json });
  const patchJob = (id: number, json: unknown, token = t.privateToken) =>
    call("PATCH", `/api_v2/jobs/${id}`, { token, json });

  describe("POST /job_requests", () => {
    it("creates a request with every documented field, wrapped as the real service does", async () => {
      const res = await post({ job_request: posting() });
      expect(res.status, res.text).toBe(201);
      const jr = res.body.job_request;
      expect(res.headers.get("location")).toBe(`/api_v2/job_requests/${jr.id}`);
      expect(Object.keys(jr)).toEqual(JOB_REQUEST_KEYS);
      expect(jr).toMatchObject({
        state: "posted",
        request_name: "Warehouse pick/pack AM",
        slots: 3,
        // 08:00 in Los Angeles in December is 16:00 UTC.
        start_time: "2026-12-01T16:00:00.000+00:00",
        wage: 22.5,
        classification: "1099",
        latitude: 37.7898,
        longitude: -122.3942,
        zip: "94105",
        postal_code: "94105",
        company_id: t.companyId,
        badge_requirements: [],
        cached_job_states: {},
        description: "Tasks: Pick and pack orders",
      });
      const got = await call("GET", `/api_v2/job_requests/${jr.id}`, { token: t.privateToken });
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ job_request: jr });
    });

    it("reports every missing required field at once, unless it is a draft", async () => {
      const res = await post({ state: "posted" });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(
        invalid({
          request_name: ["can't be blank"],
          category: ["can't be blank"],
          address: ["can't be blank"],
          city: ["can't be blank"],
          zip: ["can't be blank"],
          slots: ["can't be blank"],
          description: ["can't be blank unless description_tasks is given"],
        }),
      );
      const draft = await post({ state: "draft", request_name: "Idea for Saturday" });
      expect(draft.status, draft.text).toBe(201);
      expect(draft.body.job_request.state).toBe("draft");
    });

    it.each([
      [{ category: "Space Walking" }, "category"],
      [{ state: "filled" }, "state"],
      [{ state: "cancelled" }, "state"],
      [{ slots: 0 }, "slots"],
      [{ slots: 501 }, "slots"],
      [{ latitude: "91" }, "latitude"],
      [{ longitude: null }, "longitude"],
      [{ classification: "w2" }, "w2_hourly_rate"],
      [{ start_time: "tomorrow at nine" }, "start_time"],
      [{ timezone: "Mars/Olympus" }, "timezone"],
      [{ wage: -1 }, "wage"],
      [{ agent_code: "x".repeat(26) }, "agent_code"],
      [{ preferred_candidate_ids: [2147483000] }, "preferred_candidate_ids"],
      [{ badge_requirements_attributes: [{ badge_id: 2147483000 }] }, "badge_requirements"],
    ])("refuses %j on %s, writing nothing", async (overrides, field) => {
      const before = await db().select({ n: sql<number>`count(*)::int` }).from(jobRequests);
      const res = await post(posting(overrides));
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe("validation_failed");
      expect(Object.keys(res.body.error.fields)).toEqual([field]);
      const after = await db().select({ n: sql<number>`count(*)::int` }).from(jobRequests);
      expect(after[0]!.n).toBe(before[0]!.n);
    });

    it("is refused for the public pool, as documented (403)", async () => {
      const res = await post(posting(), t.publicToken);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    });

    it("returns the required badges with id, name, icon and description", async () => {
      const b1 = await createBadgeFor(db(), t.companyId, {
        name: "Forklift",
        description: "Certified forklift operator",
        icon_url: "https://example.com/forklift.png",
      });
      const jr = await newRequest({ badge_requirements_attributes: [{ badge_id: b1.badge_id }] });
      expect(jr.badge_requirements).toEqual([
        {
          id: expect.any(Number),
          badge_id: b1.badge_id,
          badge_name: "Forklift",
          badge_icon_url: "https://example.com/forklift.png",
          badge_description: "Certified forklift operator",
        },
      ]);
      const twice = await post(
        posting({
          badge_requirements_attributes: [{ badge_id: b1.badge_id }, { badge_id: b1.badge_id }],
        }),
      );
      expect(twice.body).toEqual(
        invalid({ badge_requirements: [`badge ${b1.badge_id} is already required`] }),
      );
    });
  });

  describe("GET /job_requests", () => {
    it("filters by state, category, zip, classification and agent_code (Null = none)", async () => {
      const c = await api.tenant("Filter Co");
      const mk = (o: Record<string, unknown>) => newRequest(o, c.privateToken);
      const a = await mk({ zip: "94107", agent_code: "A-1" });
      const b = await mk({ category: "Delivery", classification: "w2", w2_hourly_rate: 21.5 });
      const d = await mk({ state: "draft" });
      const ids = async (query: Record<string, string>) => {
        const res = await call("GET", "/api_v2/job_requests", { token: c.privateToken, query });
        expect(res.status, res.text).toBe(200);
        return res.body.job_requests.map((r: { id: number }) => r.id).sort();
      };
      expect(await ids({ state: "draft" })).toEqual([d.id]);
      expect(await ids({ state: "posted" })).toEqual([a.id, b.id].sort());
      expect(await ids({ category: "Delivery" })).toEqual([b.id]);
      expect(await ids({ zip: "94107" })).toEqual([a.id]);
      expect(await ids({ classification: "w2" })).toEqual([b.id]);
      expect(await ids({ w2_hourly_rate: "21.5" })).toEqual([b.id]);
      expect(await ids({ agent_code: "A-1" })).toEqual([a.id]);
      expect(await ids({ agent_code: "Null" })).toEqual([b.id, d.id].sort());
      expect(await ids({ company_id: String(t.companyId) })).toEqual([]);
      const bad = await call("GET", "/api_v2/job_requests", {
        token: c.privateToken,
        query: { state: "sleeping" },
      });
      expect(bad.status).toBe(400);
    });

    it("never shows another company's request (404, as for a missing one)", async () => {
      const jr = await newRequest();
      const res = await call("GET", `/api_v2/job_requests/${jr.id}`, { token: other.privateToken });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: "not_found", message: "Job request not found" } });
      const patch = await call("PATCH", `/api_v2/job_requests/${jr.id}`, {
        token: other.privateToken,
        json: { slots: 9 },
      });
      expect(patch.status).toBe(404);
    });
  });

  describe("PATCH /job_requests/:id", () => {
    it("updates fields partially and refuses moves the jobs decide", async () => {
      const jr = await newRequest({ state: "draft" });
      const res = await call("PATCH", `/api_v2/job_requests/${jr.id}`, {
        token: t.privateToken,
        json: { job_request: { slots: 5, venue: "Dock 9" } },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.job_request).toMatchObject({ slots: 5, venue: "Dock 9", state: "draft" });
      const bad = await call("PATCH", `/api_v2/job_requests/${jr.id}`, {
        token: t.privateToken,
        json: { state: "completed" },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.state).toBeDefined();
      const pub = await call("PATCH", `/api_v2/job_requests/${jr.id}`, {
        token: t.publicToken,
        json: { slots: 1 },
      });
      expect(pub.status).toBe(403);
    });

    it("cancelling a request cancels its live jobs, and then nothing changes it", async () => {
      const jr = await newRequest({ slots: 2 });
      const w = await invite();
      const hired = await assign({ job_request_id: jr.id, worker_id: w.id });
      expect(hired.status, hired.text).toBe(201);
      const res = await call("PATCH", `/api_v2/job_requests/${jr.id}`, {
        token: t.privateToken,
        json: { state: "cancelled" },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.job_request.state).toBe("cancelled");
      const job = await call("GET", `/api_v2/jobs/${hired.body.job.id}`, { token: t.privateToken });
      expect(job.body.job.state).toBe("cancelled");
      expect(job.body.job.cancelled_reason).toBe("admin_cancelled");
      const again = await call("PATCH", `/api_v2/job_requests/${jr.id}`, {
        token: t.privateToken,
        json: { slots: 4 },
      });
      expect(again.status).toBe(422);
      expect(again.body.error.fields.state).toEqual([
        "is cancelled: the job request can no longer be changed",
      ]);
    });
  });

  describe("POST /jobs/assign", () => {
    it("hires a worker with requestor notes; the job nests worker, employer and transitions", async () => {
      const jr = await newRequest({ slots: 1 });
      const w = await invite();
      const res = await assign({
        job: { job_request_id: jr.id, worker_id: w.id, requestor_notes: "Solid hire!" },
      });
      expect(res.status, res.text).toBe(201);
      const job = res.body.job;
      expect(res.headers.get("location")).toBe(`/api_v2/jobs/${job.id}`);
      expect(job).toMatchObject({
        state: "filled",
        job_request_id: jr.id,
        user_id: w.id,
        requestor_notes: "Solid hire!",
        confirmed_at: expect.any(String),
        started_at: null,
        worker: { id: w.id, type: "Worker" },
        employer: { type: "Employer", business_name: "Jobs Co", customer_id: t.companyId },
        transitions: [
          {
            id: expect.any(Number),
            job_id: job.id,
            created_at: expect.any(String),
            name: "filled",
            latitude: null,
            longitude: null,
            from_state: null,
            actor: "requestor",
          },
        ],
      });
      // One slot, now taken: the request is filled.
      const got = await call("GET", `/api_v2/job_requests/${jr.id}`, { token: t.privateToken });
      expect(got.body.job_request.state).toBe("filled");
      expect(got.body.job_request.cached_job_states).toEqual({ filled: 1 });
      const listed = await call("GET", "/api_v2/jobs", {
        token: t.privateToken,
        query: { job_request_id: jr.id },
      });
      expect(listed.body.jobs.map((j: { id: number }) => j.id)).toEqual([job.id]);
    });

    it("refuses a second hire of one worker, a missing badge, a suspension and a full request", async () => {
      const badge = await createBadgeFor(db(), t.companyId, {
        name: "Food handler",
        description: "Card",
      });
      const jr = await newRequest({
        slots: 1,
        badge_requirements_attributes: [{ badge_id: badge.badge_id }],
      });
      const noBadge = await invite();
      expect((await assign({ job_request_id: jr.id, worker_id: noBadge.id })).body).toEqual(
        invalid({ worker_id: ["does not hold the required badges: Food handler"] }),
      );
      const suspended = await invite({
        suspended: true,
        user_badges_attributes: [{ badge_id: String(badge.badge_id) }],
      });
      expect((await assign({ job_request_id: jr.id, worker_id: suspended.id })).body).toEqual(
        invalid({ worker_id: ["is suspended"] }),
      );
      const ok = await invite({ user_badges_attributes: [{ badge_id: String(badge.badge_id) }] });
      expect((await assign({ job_request_id: jr.id, worker_id: ok.id })).status).toBe(201);
      expect((await assign({ job_request_id: jr.id, worker_id: ok.id })).body).toEqual(
        invalid({ worker_id: ["is already on this job request (filled)"] }),
      );
      const late = await invite({ user_badges_attributes: [{ badge_id: String(badge.badge_id) }] });
      expect((await assign({ job_request_id: jr.id, worker_id: late.id })).body).toEqual(
        invalid({ job_request_id: ["has no open slots (1 of 1 filled)"] }),
      );
      const foreign = await invite({}, other);
      expect((await assign({ job_request_id: jr.id, worker_id: foreign.id })).body).toEqual(
        invalid({ worker_id: ["is not a worker in your pool"] }),
      );
      expect(
        (await assign({ job_request_id: jr.id, worker_id: ok.id }, t.publicToken)).body,
      ).toEqual(FORBIDDEN);
      expect((await assign({ job_request_id: "x" })).status).toBe(422);
    });

    it("20 parallel hires onto 3 slots make exactly 3 jobs and a filled request", async () => {
      const jr = await newRequest({ slots: 3 });
      const workers = [];
      for (let i = 0; i < 20; i++) workers.push(await invite());
      const results = await Promise.all(
        workers.map((w) => assign({ job_request_id: jr.id, worker_id: w.id })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 422)).toHaveLength(17);
      const rows = await db().select().from(jobs).where(eq(jobs.jobRequestId, jr.id));
      expect(rows).toHaveLength(3);
      const [req] = await db().select().from(jobRequests).where(eq(jobRequests.id, jr.id));
      expect(req!.state).toBe("filled");
    });

    it("one worker hired twice at once onto one request: one job (the database decides)", async () => {
      const jr = await newRequest({ slots: 5 });
      const w = await invite();
      const results = await Promise.all(
        Array.from({ length: 6 }, () => assign({ job_request_id: jr.id, worker_id: w.id })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(1);
      expect(results.filter((r) => r.status === 422)).toHaveLength(5);
    });
  });

  describe("the job state machine, through PATCH /jobs/:id", () => {
    const pairs = JOB_STATES.flatMap((from) =>
      REQUESTOR_JOB_STATES.map((to) => [from, to] as const),
    );
    it(`every requestor move (${pairs.length} pairs) is allowed or 422 with nothing changed`, async () => {
      const failures: string[] = [];
      for (const [from, to] of pairs) {
        const { job_request_id } = await createJobRequest(
          db(),
          t.companyId,
          "SM",
          "posted",
          new Date(),
        );
        const w = await invite();
        const { job_id } = await createJob(db(), job_request_id, w.id, from, new Date());
        const res = await patchJob(job_id, { state: to });
        const [row] = await db().select().from(jobs).where(eq(jobs.id, job_id));
        const allowed = from !== to && canTransition(from, to, "requestor");
        const ok = allowed
          ? res.status === 200 && row!.state === to && res.body.job.transitions.at(-1).name === to
          : res.status === 422 && row!.state === from && res.body.error.fields?.state?.length === 1;
        if (!ok) failures.push(`${from} → ${to}: ${res.status} ${row!.state}`);
      }
      expect(failures).toEqual([]);
    });

    it("a rating approves a completed job; approving stamps approved_at and syncs the request", async () => {
      const jr = await newRequest({ slots: 1 });
      const w = await invite();
      const hired = await assign({ job_request_id: jr.id, worker_id: w.id });
      const id = hired.body.job.id;
      expect((await patchJob(id, { state: "in_progress" })).body.job.started_at).not.toBeNull();
      let req = await call("GET", `/api_v2/job_requests/${jr.id}`, { token: t.privateToken });
      expect(req.body.job_request.state).toBe("in_progress");
      await db()
        .update(jobs)
        .set({ state: "completed", completedAt: new Date() })
        .where(eq(jobs.id, id));
      const rated = await patchJob(id, { rating: 5 });
      expect(rated.status, rated.text).toBe(200);
      expect(rated.body.job).toMatchObject({
        state: "approved",
        rating: 5,
        approved_at: expect.any(String),
      });
      req = await call("GET", `/api_v2/job_requests/${jr.id}`, { token: t.privateToken });
      expect(req.body.job_request.state).toBe("approved");
      expect((await patchJob(id, { rating: 9 })).status).toBe(422);
      expect((await patchJob(id, { state: "cancelled" }, t.publicToken)).status).toBe(403);
    });
  });

  describe("POST /jobs/:id/simulate (ours, test environment)", () => {
    const simulate = (id: number, json: unknown, token = t.privateToken) =>
      call("POST", `/api_v2/jobs/${id}/simulate`, { token, json });
    afterEach(() => {
      resetEnv({ API_ENVIRONMENT: undefined });
    });

    it("moves a job as its worker would, recorded as the worker's, and the request follows", async () => {
      const jr = await newRequest({ slots: 1 });
      const w = await invite();
      const id = (await assign({ job_request_id: jr.id, worker_id: w.id })).body.job.id;
      const started = await simulate(id, { action: "start" });
      expect(started.status, started.text).toBe(200);
      expect(started.body.job).toMatchObject({
        state: "in_progress",
        started_at: expect.any(String),
      });
      const done = await simulate(id, { job: { action: "complete" } });
      expect(done.body.job.state).toBe("completed");
      expect(
        done.body.job.transitions.map((x: { name: string; actor: string }) => [x.name, x.actor]),
      ).toEqual([
        ["filled", "requestor"],
        ["in_progress", "worker"],
        ["completed", "worker"],
      ]);
      const req = await call("GET", `/api_v2/job_requests/${jr.id}`, { token: t.privateToken });
      expect(req.body.job_request.state).toBe("completed");
      // A completed job cannot be started again: 422 on state, nothing changes.
      const again = await simulate(id, { action: "start" });
      expect(again.status).toBe(422);
      expect(again.body.error.fields).toHaveProperty("state");
      expect((await patchJob(id, { state: "approved" })).body.job.state).toBe("approved");
    });

    it("refuses unknown actions, the public pool, other companies' jobs, and a live server", async () => {
      const jr = await newRequest({ slots: 1 });
      const w = await invite();
      const id = (await assign({ job_request_id: jr.id, worker_id: w.id })).body.job.id;
      expect(await simulate(id, { action: "approve" })).toMatchObject({
        status: 422,
        body: invalid({ action: [expect.stringContaining("must be one of start")] }),
      });
      expect((await simulate(id, { action: "start" }, t.publicToken)).body).toEqual(FORBIDDEN);
      expect((await simulate(id, { action: "start" }, other.privateToken)).status).toBe(404);
      resetEnv({ API_ENVIRONMENT: "live" });
      const live = await simulate(id, { action: "start" });
      expect(live.status).toBe(404);
      expect(live.body.error.message).toContain("test environment only");
      resetEnv({ API_ENVIRONMENT: undefined });
      const job = await call("GET", `/api_v2/jobs/${id}`, { token: t.privateToken });
      expect(job.body.job.state).toBe("filled");
    });
  });

  describe("time", () => {
    it("a posting whose start passed with nobody hired becomes unfilled; others stay", async () => {
      const c = await api.tenant("Clock Co");
      const past = "2020-01-01 08:00";
      const empty = await newRequest({ start_time: past }, c.privateToken);
      const staffed = await newRequest({ start_time: past, slots: 3 }, c.privateToken);
      const later = await newRequest({ start_time: "2099-01-01 08:00" }, c.privateToken);
      const w = await invite({}, c);
      expect(
        (await assign({ job_request_id: staffed.id, worker_id: w.id }, c.privateToken)).status,
      ).toBe(201);
      const swept = await markUnfilled(db(), new Date());
      expect(swept.unfilled).toContain(empty.id);
      const state = async (id: number) =>
        (await call("GET", `/api_v2/job_requests/${id}`, { token: c.privateToken })).body
          .job_request.state;
      expect(await state(empty.id)).toBe("unfilled");
      expect(await state(staffed.id)).toBe("posted");
      expect(await state(later.id)).toBe("posted");
      // Unfilled takes no hires, and may be posted again (with a new start).
      const w2 = await invite({}, c);
      expect(
        (await assign({ job_request_id: empty.id, worker_id: w2.id }, c.privateToken)).status,
      ).toBe(422);
      const again = await call("PATCH", `/api_v2/job_requests/${empty.id}`, {
        token: c.privateToken,
        json: { state: "posted", start_time: "2099-02-01 08:00" },
      });
      expect(again.body.job_request.state).toBe("posted");
      expect((await markUnfilled(db(), new Date())).unfilled).not.toContain(empty.id);
    });
  });

  describe("webhooks", () => {
    it("queues job.state_changed and job_request.state_changed for every change", async () => {
      const c = await api.tenant("Hook Co");
      await createWebhook(db(), c.companyId, "https://hooks.example.com/jobs");
      const jr = await newRequest({ slots: 1 }, c.privateToken);
      const w = await invite({}, c);
      await assign({ job_request_id: jr.id, worker_id: w.id }, c.privateToken);
      const events = await db()
        .select({ event: outbox.event, body: outbox.body })
        .from(outbox)
        .where(and(eq(outbox.companyId, c.companyId), eq(outbox.channel, "webhook")))
        .orderBy(outbox.id);
      const bodies = events
        .map((e) => JSON.parse(e.body))
        .filter((b) => b.event !== "user.invited");
      expect(bodies.map((b) => [b.event, b.data.previous_state])).toEqual([
        ["job.state_changed", null],
        ["job_request.state_changed", "posted"],
      ]);
      // The worker rides along, without what a webhook must not carry.
      expect(bodies[0].data.job.worker.ssn).toBeNull();
      expect(bodies[1].data.job_request.state).toBe("filled");
    });
  });

  describe("GET /job_requests/:id/candidates", () => {
    // Offsets due north of the site: 0.009° of latitude is about 1 km.
    const SITE = { latitude: "37.7898", longitude: "-122.3942" };
    const north = (km: number) => (37.7898 + km * 0.0089932).toFixed(7);

    it("ranks qualified workers nearest first, says why, and leaves out the rest", async () => {
      const c = await api.tenant("Rank Co");
      const b1 = await createBadgeFor(db(), c.companyId, { name: "Forklift", description: "d" });
      const b2 = await createBadgeFor(db(), c.companyId, { name: "OSHA 10", description: "d" });
      const both = [{ badge_id: String(b1.badge_id) }, { badge_id: String(b2.badge_id) }];
      const mk = (name: string, o: Record<string, unknown>) =>
        invite({ first_name: name, user_badges_attributes: both, ...o }, c);
      const far = await mk("Far", { latitude: north(9), longitude: SITE.longitude });
      const near = await mk("Near", { latitude: north(1), longitude: SITE.longitude });
      const home = await mk("Home", { home_latitude: north(3), home_longitude: SITE.longitude });
      // Current location wins over home.
      const moved = await mk("Moved", {
        latitude: north(2),
        longitude: SITE.longitude,
        home_latitude: north(50),
        home_longitude: SITE.longitude,
      });
      const nowhere = await mk("Nowhere", {});
      const pastSuspension = await mk("Back", {
        latitude: north(5),
        longitude: SITE.longitude,
        suspended: true,
        suspended_until: "2020-01-01T00:00:00Z",
      });
      await mk("Suspended", { latitude: north(0.5), longitude: SITE.longitude, suspended: true });
      await invite(
        {
          first_name: "OneBadge",
          latitude: north(0.2),
          longitude: SITE.longitude,
          user_badges_attributes: [both[0]],
        },
        c,
      );
      const hired = await mk("Hired", { latitude: north(0.1), longitude: SITE.longitude });
      const jr = await newRequest(
        {
          ...SITE,
          slots: 5,
          badge_requirements_attributes: [{ badge_id: b1.badge_id }, { badge_id: b2.badge_id }],
        },
        c.privateToken,
      );
      expect(
        (await assign({ job_request_id: jr.id, worker_id: hired.id }, c.privateToken)).status,
      ).toBe(201);

      const res = await call("GET", `/api_v2/job_requests/${jr.id}/candidates`, {
        token: c.privateToken,
      });
      expect(res.status, res.text).toBe(200);
      const rows = res.body.candidates as any[];
      expect(rows.map((r) => r.worker.first_name)).toEqual([
        "Near",
        "Moved",
        "Home",
        "Back",
        "Far",
        "Nowhere",
      ]);
      expect(rows.map((r) => r.worker.id)).toEqual([
        near.id,
        moved.id,
        home.id,
        pastSuspension.id,
        far.id,
        nowhere.id,
      ]);
      expect(rows.map((r) => r.coordinates)).toEqual([
        "current",
        "current",
        "home",
        "current",
        "current",
        null,
      ]);
      expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6]);
      const km = rows.map((r) => r.distance_km);
      expect(km[0]).toBeCloseTo(1, 1);
      expect(km[1]).toBeCloseTo(2, 1);
      expect(km[2]).toBeCloseTo(3, 1);
      expect(km[4]).toBeCloseTo(9, 1);
      expect(km[5]).toBeNull();
      expect(rows[0].distance_miles).toBeCloseTo(0.621, 2);
      expect(rows[0].badges_matched.map((b: any) => b.name)).toEqual(["Forklift", "OSHA 10"]);
      expect(res.body).toMatchObject({
        page: 1,
        per: 50,
        has_more: false,
        site: { latitude: 37.7898 },
      });

      // Paged: two at a time, the same order, has_more until the end.
      const pages = [];
      for (let page = 1; page <= 3; page++) {
        const p = await call("GET", `/api_v2/job_requests/${jr.id}/candidates`, {
          token: c.privateToken,
          query: { per: 2, page },
        });
        pages.push(...p.body.candidates.map((r: any) => r.worker.first_name));
        expect(p.body.has_more).toBe(page < 3);
      }
      expect(pages).toEqual(["Near", "Moved", "Home", "Back", "Far", "Nowhere"]);

      // Public pool: refused; another company: not found.
      expect(
        (await call("GET", `/api_v2/job_requests/${jr.id}/candidates`, { token: c.publicToken }))
          .status,
      ).toBe(403);
      expect(
        (await call("GET", `/api_v2/job_requests/${jr.id}/candidates`, { token: t.privateToken }))
          .status,
      ).toBe(404);
    });

    it("ties at one spot go preferred first, then by rating, across page boundaries", async () => {
      const c = await api.tenant("Tie Co");
      const spot = { latitude: north(1), longitude: SITE.longitude };
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await invite({ first_name: `Same${i}`, ...spot }, c));
      await db().update(users).set({ rating: "4.50" }).where(eq(users.id, made[3]!.id));
      const jr = await newRequest(
        { ...SITE, preferred_candidate_ids: [made[1]!.id] },
        c.privateToken,
      );
      const order = [];
      for (let page = 1; page <= 3; page++) {
        const p = await call("GET", `/api_v2/job_requests/${jr.id}/candidates`, {
          token: c.privateToken,
          query: { per: 2, page },
        });
        order.push(...p.body.candidates.map((r: any) => [r.worker.id, r.preferred]));
      }
      expect(order).toEqual([
        [made[1]!.id, true],
        [made[3]!.id, false],
        [made[0]!.id, false],
        [made[2]!.id, false],
        [made[4]!.id, false],
      ]);
    });

    it("walks the ranking index (EXPLAIN), not the whole pool", async () => {
      const c = await api.tenant("Plan Co");
      const jr = await newRequest(SITE, c.privateToken);
      const point = sql.raw(`ll_to_earth(${SITE.latitude}::float8, ${SITE.longitude}::float8)`);
      const plan = await db().execute(sql`explain select id from users
        where company_id = ${c.companyId}
        order by ${RANK_POINT} <-> ${point}
        limit 10`);
      const text = ((plan as { rows?: Record<string, string>[] }).rows ?? [])
        .map((r) => Object.values(r)[0])
        .join("\n");
      expect(text).toContain("users_company_rank_point_idx");
      // Nearest first from the index itself (a KNN scan), not the company's rows sorted.
      expect(text).toMatch(/Order By: \(+ll_to_earth/);
      expect(text).not.toMatch(/\bSort\b/);
      expect(jr.id).toBeGreaterThan(0);
    });

    it("a posting notifies its top-ranked workers through the outbox", async () => {
      const c = await api.tenant("Notify Co");
      for (let i = 0; i < 3; i++) {
        await invite({ first_name: `N${i}`, latitude: north(i + 1), longitude: SITE.longitude }, c);
      }
      const before = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(and(eq(outbox.companyId, c.companyId), eq(outbox.event, "job_request.offered")));
      await newRequest({ ...SITE, state: "draft" }, c.privateToken).then((jr) =>
        call("PATCH", `/api_v2/job_requests/${jr.id}`, {
          token: c.privateToken,
          json: { state: "posted" },
        }),
      );
      const after = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(outbox)
        .where(and(eq(outbox.companyId, c.companyId), eq(outbox.event, "job_request.offered")));
      expect(after[0]!.n - before[0]!.n).toBe(3);
    });
  });
});

describeApi("the demo's job requests", (api) => {
  it("seeds postings in every state whose stored state is what their jobs say", async () => {
    const db = api.database.db;
    const keys = await seedDemo(db, { now: new Date(), workerCount: 120, environment: "test" });
    const token = await api.authenticate(keys!.private);
    const res = await call("GET", "/api_v2/job_requests", { token });
    expect(res.status).toBe(200);
    const list = res.body.job_requests as any[];
    expect(new Set(list.map((r) => r.state))).toEqual(new Set(JOB_REQUEST_STATES));
    for (const r of list) {
      const [row] = await db.select().from(jobRequests).where(eq(jobRequests.id, r.id));
      // Syncing changes nothing: the seed already agrees with the jobs.
      expect((await syncRequestState(db, row!, new Date())).state, r.request_name).toBe(r.state);
    }
    const oakland = list.find((r) => r.request_name === "Warehouse Associate – Oakland DC");
    expect(oakland.badge_requirements.map((b: any) => b.badge_name)).toEqual([
      "Warehouse Pro",
      "Pallet Jack",
    ]);
    const candidates = await call("GET", `/api_v2/job_requests/${oakland.id}/candidates`, {
      token,
    });
    expect(candidates.status).toBe(200);
    const km = candidates.body.candidates.map((c: any) => c.distance_km ?? Infinity);
    expect(km).toEqual([...km].sort((a: number, b: number) => a - b));
    const jobsRes = await call("GET", "/api_v2/jobs", { token, query: { state: "paused" } });
    expect(jobsRes.body.jobs).toHaveLength(2);
    expect(jobsRes.body.jobs[0].transitions.map((t: any) => t.name)).toEqual([
      "filled",
      "in_progress",
      "paused",
    ]);
  });
});

describeApi("badge icons", (api) => {
  it("takes the icon as remote_icon_url (the reference's write name) or icon_url", async () => {
    const t = await api.tenant("Icon Co");
    const made = await call("POST", "/api_v2/badges", {
      token: t.privateToken,
      json: {
        badge: { name: "Crane", description: "d", remote_icon_url: "https://example.com/c.png" },
      },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.icon_url).toBe("https://example.com/c.png");
    const both = await call("PATCH", `/api_v2/badges/${made.body.id}`, {
      token: t.privateToken,
      json: { remote_icon_url: "https://example.com/x.png", icon_url: "https://example.com/y.png" },
    });
    expect(both.body.icon_url).toBe("https://example.com/y.png");
    const bad = await call("PATCH", `/api_v2/badges/${made.body.id}`, {
      token: t.privateToken,
      json: { remote_icon_url: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.error.fields)).toEqual(["icon_url"]);
  });
});

describeApi("users: the reference's onboarding_last_state filter", (api) => {
  it("invited until the worker accepts the invitation, then complete; nobody in the other steps", async () => {
    const t = await api.tenant("Onboarding Co");
    const made = [];
    for (let i = 0; i < 3; i++) {
      const res = await call("POST", "/api_v2/users/invite", {
        token: t.privateToken,
        json: workerBody(),
      });
      made.push(res.body.id as number);
    }
    await api.database.db
      .update(users)
      .set({ passwordHash: "accepted" })
      .where(eq(users.id, made[0]!));
    const ids = async (state: string) => {
      const res = await call("GET", "/api_v2/users", {
        token: t.privateToken,
        query: { onboarding_last_state: state },
      });
      expect(res.status, res.text).toBe(200);
      return (res.body.users as { id: number }[]).map((u) => u.id).sort((a, b) => a - b);
    };
    expect(await ids("complete")).toEqual([made[0]]);
    expect(await ids("invited")).toEqual([made[1], made[2]].sort((a, b) => a! - b!));
    expect(await ids("complete,invited")).toHaveLength(3);
    expect(await ids("take_quiz")).toEqual([]);
    const bad = await call("GET", "/api_v2/users", {
      token: t.privateToken,
      query: { onboarding_last_state: "sleeping" },
    });
    expect(bad.status).toBe(400);
  });
});
