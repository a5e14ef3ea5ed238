import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, DEFAULT_JOB_CATEGORIES, jobRequests, jobs, users } from "@/lib/db/schema";
import { createBadgeFor, createJob, createJobRequest, setJobState } from "../admin/admin";
import { setClock } from "../clock";
import { call, describeApi, type Tenant, workerBody } from "./harness";

const HOUR = 60 * 60 * 1000;
const FORBIDDEN = {
  error: {
    code: "forbidden_for_public_pool",
    message: "This operation needs a private pool key; public pool keys may only read",
  },
};
const notFound = (what: string) => ({ error: { code: "not_found", message: `${what} not found` } });
const NOBODY = 2147483000;

/** A complete posting (every field a posted request needs); override what the test is about. */
const posting = (overrides: Record<string, unknown> = {}) => ({
  request_name: "Dock shift",
  category: "General Labor",
  state: "posted",
  description_tasks: "Unload trucks",
  slots: 3,
  address: "1 Pier St",
  city: "Oakland",
  zip: "94607",
  latitude: "37.8",
  longitude: "-122.27",
  ...overrides,
});

describeApi("access levels", (api) => {
  let a: Tenant;
  let b: Tenant;
  let p: Tenant;

  beforeAll(async () => {
    a = await api.tenant("Company A");
    b = await api.tenant("Company B");
    p = await api.tenant("Public Pool Co");
  });

  const db = () => api.database.db;
  const invite = async (tenant: Tenant, overrides: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: tenant.privateToken,
      json: workerBody(overrides),
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const getUser = (id: number | string, token: string) =>
    call("GET", `/api_v2/users/${id}`, { token });
  const listIds = async (token: string, query: Record<string, string> = {}) => {
    const res = await call("GET", "/api_v2/users", { token, query: { per: 50, ...query } });
    expect(res.status, res.text).toBe(200);
    return res.body.users.map((u: any) => u.id) as number[];
  };
  const jobFor = async (tenant: Tenant, userId: number, state: string, now = new Date()) => {
    const { job_request_id } = await createJobRequest(
      db(),
      tenant.companyId,
      "Shift",
      "filled",
      now,
    );
    return (await createJob(db(), job_request_id, userId, state, now)).job_id;
  };
  const statusAndBody = (res: { status: number; body: unknown }) => ({
    status: res.status,
    body: res.body,
  });

  describe("between companies (private pool)", () => {
    let wb: any;
    let badgeB: number;
    beforeAll(async () => {
      badgeB = (
        await createBadgeFor(db(), b.companyId, { name: "B only", description: "d" }, new Date())
      ).badge_id;
      wb = await invite(b, {
        external_id: "b-worker",
        user_badges_attributes: [{ badge_id: String(badgeB) }],
      });
    });

    it("cannot read another company's worker: the same 404 as a nonexistent id", async () => {
      const theirs = await getUser(wb.id, a.privateToken);
      const nobody = await getUser(NOBODY, a.privateToken);
      expect(statusAndBody(theirs)).toEqual({ status: 404, body: notFound("User") });
      expect(statusAndBody(theirs)).toEqual(statusAndBody(nobody));
      expect(theirs.headers.get("etag")).toBeNull();
      // The owner still sees it.
      expect((await getUser(wb.id, b.privateToken)).body).toEqual(wb);
    });

    it("cannot change another company's worker: the same 404, nothing changed", async () => {
      const json = { first_name: "Hijacked", user_badges: [] };
      const theirs = await call("PATCH", `/api_v2/users/${wb.id}`, { token: a.privateToken, json });
      const nobody = await call("PATCH", `/api_v2/users/${NOBODY}`, {
        token: a.privateToken,
        json,
      });
      expect(statusAndBody(theirs)).toEqual({ status: 404, body: notFound("User") });
      expect(statusAndBody(theirs)).toEqual(statusAndBody(nobody));
      const etag = (await getUser(wb.id, b.privateToken)).headers.get("etag")!;
      const withEtag = await call("PATCH", `/api_v2/users/${wb.id}`, {
        token: a.privateToken,
        json,
        headers: { "if-match": etag },
      });
      expect(statusAndBody(withEtag)).toEqual({ status: 404, body: notFound("User") });
      expect((await getUser(wb.id, b.privateToken)).body).toEqual(wb);
    });

    it("does not list another company's workers, whatever the filter", async () => {
      await invite(a, { external_id: "a-worker" });
      const mine = await listIds(a.privateToken);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine).not.toContain(wb.id);
      const filters: Record<string, string>[] = [
        { external_id: "b-worker" },
        { email: wb.email },
        { q: wb.last_name },
        { badge_id: String(badgeB) },
      ];
      for (const query of filters) {
        const res = await call("GET", "/api_v2/users", { token: a.privateToken, query });
        expect(res.body).toMatchObject({ users: [], total: 0 });
      }
      expect(await listIds(b.privateToken, { external_id: "b-worker" })).toEqual([wb.id]);
    });

    it("cannot see, change or delete another company's badge: the same 404 as a nonexistent id", async () => {
      for (const [method, json] of [
        ["GET", undefined],
        ["PATCH", { name: "Mine now" }],
        ["DELETE", undefined],
      ] as const) {
        const theirs = await call(method, `/api_v2/badges/${badgeB}`, {
          token: a.privateToken,
          json,
        });
        const nobody = await call(method, `/api_v2/badges/${NOBODY}`, {
          token: a.privateToken,
          json,
        });
        expect(statusAndBody(theirs)).toEqual({ status: 404, body: notFound("Badge") });
        expect(statusAndBody(theirs)).toEqual(statusAndBody(nobody));
      }
      const list = await call("GET", "/api_v2/badges", { token: a.privateToken });
      expect(list.body.badges.map((x: any) => x.id)).not.toContain(badgeB);
      const still = await call("GET", `/api_v2/badges/${badgeB}`, { token: b.privateToken });
      expect(still.status).toBe(200);
      expect(still.body.name).toBe("B only");
    });

    it("cannot give its workers another company's badge", async () => {
      const wa = await invite(a);
      const res = await call("PATCH", `/api_v2/users/${wa.id}`, {
        token: a.privateToken,
        json: { user_badges_attributes: [{ badge_id: String(badgeB) }] },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe("validation_failed");
      expect((await getUser(wa.id, a.privateToken)).body.user_badges).toEqual([]);
    });
  });

  describe("public pool", () => {
    it.each(["filled", "in_progress", "paused", "completed"])(
      "sees a worker with a %s job for its company",
      async (state) => {
        const w = await invite(a);
        await jobFor(p, w.id, state);
        const res = await getUser(w.id, p.publicToken);
        expect(res.status, res.text).toBe(200);
        expect(res.body).toEqual(w);
        expect(await listIds(p.publicToken)).toContain(w.id);
        expect(await listIds(p.publicToken, { external_id: w.external_id })).toEqual([w.id]);
      },
    );

    it.each(["pending", "rejected", "cancelled", "withdrawn", "no_show"])(
      "does not see a worker whose only job for it is %s",
      async (state) => {
        const w = await invite(a);
        await jobFor(p, w.id, state);
        const res = await getUser(w.id, p.publicToken);
        expect(statusAndBody(res)).toEqual({ status: 404, body: notFound("User") });
        expect(await listIds(p.publicToken)).not.toContain(w.id);
      },
    );

    it("does not see a worker without jobs, or with an active job for another company", async () => {
      const idle = await invite(a);
      const elsewhere = await invite(a);
      await jobFor(b, elsewhere.id, "in_progress");
      for (const w of [idle, elsewhere]) {
        const res = await getUser(w.id, p.publicToken);
        expect(statusAndBody(res)).toEqual(statusAndBody(await getUser(NOBODY, p.publicToken)));
        expect(res.status).toBe(404);
      }
      const ids = await listIds(p.publicToken);
      expect(ids).not.toContain(idle.id);
      expect(ids).not.toContain(elsewhere.id);
      // Its own company's public key only: company B's public key does see `elsewhere`.
      expect((await getUser(elsewhere.id, b.publicToken)).status).toBe(200);
    });

    it("is separate from the private pool of the same company", async () => {
      const w = await invite(a);
      await jobFor(p, w.id, "filled");
      expect((await getUser(w.id, p.publicToken)).status).toBe(200);
      // The worker is in A's pool, not P's: P's private key does not hold it.
      expect((await getUser(w.id, p.privateToken)).status).toBe(404);
      // And A's public key, with no job for A, does not see A's own worker.
      expect((await getUser(w.id, a.publicToken)).status).toBe(404);
    });

    it("sees a worker with an approved job only within 24 hours of the approval", async () => {
      const t0 = new Date();
      const w = await invite(a);
      await jobFor(p, w.id, "approved", t0);

      setClock(() => new Date(t0.getTime() + 23 * HOUR));
      const at23 = await getUser(w.id, p.publicToken);
      expect(at23.status, at23.text).toBe(200);
      expect(await listIds(p.publicToken)).toContain(w.id);

      // A token issued at t0 + 25 h, so that only the approval window decides.
      setClock(() => new Date(t0.getTime() + 25 * HOUR));
      const token = await api.authenticate(p.publicKeys);
      const at25 = await getUser(w.id, token);
      expect(statusAndBody(at25)).toEqual({ status: 404, body: notFound("User") });
      expect(await listIds(token)).not.toContain(w.id);
      expect(await listIds(token, { external_id: w.external_id })).toEqual([]);
    });

    it("counts the approval window from when the job was approved", async () => {
      const t0 = new Date();
      const w = await invite(a);
      const jobId = await jobFor(p, w.id, "completed", t0);
      await setJobState(db(), jobId, "approved", new Date(t0.getTime() + 10 * HOUR));

      setClock(() => new Date(t0.getTime() + 33 * HOUR));
      const token = await api.authenticate(p.publicKeys);
      expect((await getUser(w.id, token)).status).toBe(200);
      setClock(() => new Date(t0.getTime() + 35 * HOUR));
      expect((await getUser(w.id, token)).status).toBe(404);
    });

    it("sees a worker with an expired approval and another active job", async () => {
      const t0 = new Date();
      const w = await invite(a);
      await jobFor(p, w.id, "approved", new Date(t0.getTime() - 48 * HOUR));
      expect((await getUser(w.id, p.publicToken)).status).toBe(404);
      await jobFor(p, w.id, "paused", t0);
      expect((await getUser(w.id, p.publicToken)).status).toBe(200);
      const listed = await listIds(p.publicToken);
      expect(listed.filter((id) => id === w.id)).toHaveLength(1);
    });

    it("stops seeing a worker when the job is cancelled", async () => {
      const w = await invite(a);
      const jobId = await jobFor(p, w.id, "in_progress");
      expect((await getUser(w.id, p.publicToken)).status).toBe(200);
      await setJobState(db(), jobId, "cancelled", new Date());
      expect((await getUser(w.id, p.publicToken)).status).toBe(404);
    });

    describe("writes", () => {
      let w: any;
      beforeAll(async () => {
        w = await invite(a);
        await jobFor(p, w.id, "in_progress");
      });

      const countUsers = async () => Number((await db().select({ n: count() }).from(users))[0]!.n);

      it("cannot invite", async () => {
        const before = await countUsers();
        for (const json of [workerBody(), { user: workerBody() }, {}]) {
          const res = await call("POST", "/api_v2/users/invite", { token: p.publicToken, json });
          expect(statusAndBody(res)).toEqual({ status: 403, body: FORBIDDEN });
        }
        expect(await countUsers()).toBe(before);
      });

      it("cannot PATCH a worker it sees, fields or badges", async () => {
        const badgeP = (
          await createBadgeFor(db(), p.companyId, { name: "P badge", description: "d" }, new Date())
        ).badge_id;
        for (const json of [
          { first_name: "Changed" },
          { user: { phone: "+14155550999" } },
          { user_badges_attributes: [{ badge_id: String(badgeP) }] },
          { user_badges: [] },
        ]) {
          const res = await call("PATCH", `/api_v2/users/${w.id}`, { token: p.publicToken, json });
          expect(statusAndBody(res)).toEqual({ status: 403, body: FORBIDDEN });
        }
        expect((await getUser(w.id, p.publicToken)).body).toEqual(w);
        expect((await getUser(w.id, a.privateToken)).body).toEqual(w);
      });

      it("cannot PATCH a worker it does not see either (403, revealing nothing)", async () => {
        const hidden = await invite(b);
        const res = await call("PATCH", `/api_v2/users/${hidden.id}`, {
          token: p.publicToken,
          json: { first_name: "Changed" },
        });
        expect(statusAndBody(res)).toEqual({ status: 403, body: FORBIDDEN });
        const nobody = await call("PATCH", `/api_v2/users/${NOBODY}`, {
          token: p.publicToken,
          json: { first_name: "Changed" },
        });
        expect(statusAndBody(nobody)).toEqual(statusAndBody(res));
      });

      it("cannot create, change or delete badges", async () => {
        const mine = (
          await createBadgeFor(db(), p.companyId, { name: "Keep me", description: "d" }, new Date())
        ).badge_id;
        const attempts = [
          await call("POST", "/api_v2/badges", {
            token: p.publicToken,
            json: { name: "New", description: "d" },
          }),
          await call("PATCH", `/api_v2/badges/${mine}`, {
            token: p.publicToken,
            json: { name: "Renamed" },
          }),
          await call("DELETE", `/api_v2/badges/${mine}`, { token: p.publicToken }),
        ];
        for (const res of attempts) {
          expect(statusAndBody(res)).toEqual({ status: 403, body: FORBIDDEN });
        }
        const badges = await call("GET", "/api_v2/badges", { token: p.publicToken });
        expect(badges.status).toBe(200);
        expect(badges.body.badges.map((x: any) => x.name)).toContain("Keep me");
        expect(badges.body.badges.map((x: any) => x.name)).not.toContain("New");
        expect(badges.body.badges.map((x: any) => x.name)).not.toContain("Renamed");
      });
    });
  });

  describe("jobs and job requests", () => {
    let c: Tenant;
    let d: Tenant;
    const ids: Record<string, number> = {};
    const t1 = new Date(Date.now() - 3 * HOUR);
    const t2 = new Date(Date.now() - 2 * HOUR);
    const t3 = new Date(Date.now() - 1 * HOUR);

    let w: any;
    let w2: any;

    beforeAll(async () => {
      c = await api.tenant("Jobs C");
      d = await api.tenant("Jobs D");
      // Workers of A's pool, hired through the public pool by C and D. One job per worker per
      // request: the cancelled job on C's filled request is another worker's.
      w = await invite(a);
      w2 = await invite(a);
      const jr = async (tenant: Tenant, name: string, state: string, at: Date) =>
        (await createJobRequest(db(), tenant.companyId, name, state, at)).job_request_id;
      ids.cPosted = await jr(c, "C posted", "posted", t1);
      ids.cFilled = await jr(c, "C filled", "filled", t2);
      ids.cDraft = await jr(c, "C draft", "draft", t3);
      ids.dPosted = await jr(d, "D posted", "posted", t2);
      ids.cJobFilled = (await createJob(db(), ids.cFilled, w.id, "filled", t1)).job_id;
      ids.cJobCancelled = (await createJob(db(), ids.cFilled, w2.id, "cancelled", t2)).job_id;
      ids.cJobApproved = (await createJob(db(), ids.cPosted, w.id, "approved", t3)).job_id;
      ids.dJob = (await createJob(db(), ids.dPosted, w.id, "filled", t2)).job_id;
    });

    const listed = async (path: string, key: string, token: string, query = {}) => {
      const res = await call("GET", path, { token, query });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ page: 1, per: 50, total: res.body[key].length });
      return res.body[key].map((x: any) => x.id) as number[];
    };

    it.each(["private", "public"] as const)(
      "lists only the company's own jobs, newest change first (%s key)",
      async (pool) => {
        const token = pool === "private" ? c.privateToken : c.publicToken;
        expect(await listed("/api_v2/jobs", "jobs", token)).toEqual([
          ids.cJobApproved,
          ids.cJobCancelled,
          ids.cJobFilled,
        ]);
        expect(await listed("/api_v2/jobs", "jobs", d.privateToken)).toEqual([ids.dJob]);
      },
    );

    it.each(["private", "public"] as const)(
      "lists only the company's own job requests (%s key)",
      async (pool) => {
        const token = pool === "private" ? c.privateToken : c.publicToken;
        expect(await listed("/api_v2/job_requests", "job_requests", token)).toEqual([
          ids.cDraft,
          ids.cFilled,
          ids.cPosted,
        ]);
      },
    );

    it.each<[string, Record<string, string>, string[]]>([
      ["state", { state: "filled" }, ["cJobFilled"]],
      ["state list", { state: "filled,approved" }, ["cJobApproved", "cJobFilled"]],
      ["a state with no jobs", { state: "no_show" }, []],
      ["updated_after", { updated_after: t1.toISOString() }, ["cJobApproved", "cJobCancelled"]],
      ["updated_before", { updated_before: t2.toISOString() }, ["cJobFilled"]],
    ])("filters jobs by %s", async (_, query, expected) => {
      expect(await listed("/api_v2/jobs", "jobs", c.privateToken, query)).toEqual(
        expected.map((k) => ids[k]),
      );
    });

    it.each<[string, Record<string, string>, string[]]>([
      ["state", { state: "posted" }, ["cPosted"]],
      ["state list", { state: "draft,filled" }, ["cDraft", "cFilled"]],
    ])("filters job requests by %s", async (_, query, expected) => {
      expect(await listed("/api_v2/job_requests", "job_requests", c.privateToken, query)).toEqual(
        expected.map((k) => ids[k]),
      );
    });

    it.each([
      ["/api_v2/jobs", "bogus"],
      ["/api_v2/jobs", "posted"],
      ["/api_v2/job_requests", "no_show"],
    ])("answers %s?state=%s (not a state of it) with 400", async (path, state) => {
      const res = await call("GET", path, { token: c.privateToken, query: { state } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("malformed_request");
    });

    it("reads its own job and job request, wrapped", async () => {
      for (const token of [c.privateToken, c.publicToken]) {
        const job = await call("GET", `/api_v2/jobs/${ids.cJobApproved}`, { token });
        expect(job.status, job.text).toBe(200);
        expect(Object.keys(job.body)).toEqual(["job"]);
        expect(job.body.job).toMatchObject({
          id: ids.cJobApproved,
          job_request_id: ids.cPosted,
          state: "approved",
          user_id: w.id,
        });
        const jr = await call("GET", `/api_v2/job_requests/${ids.cFilled}`, { token });
        expect(jr.status, jr.text).toBe(200);
        expect(Object.keys(jr.body)).toEqual(["job_request"]);
        expect(jr.body.job_request).toMatchObject({
          id: ids.cFilled,
          request_name: "C filled",
          state: "filled",
          company_id: c.companyId,
          cached_job_states: { filled: 1, cancelled: 1 },
        });
      }
    });

    it("shows a job's worker from another pool only while the public-pool rule lets the company see it", async () => {
      // w and w2 are A's workers: C sees them (with either key) exactly while GET /users/:id
      // with C's public key does: an active job, or approved within 24 hours.
      const cases: [string, number, number | null][] = [
        ["filled", ids.cJobFilled!, w.id],
        ["cancelled", ids.cJobCancelled!, null],
        ["approved an hour ago", ids.cJobApproved!, w.id],
      ];
      for (const token of [c.privateToken, c.publicToken]) {
        const list = await call("GET", "/api_v2/jobs", { token });
        expect(list.status, list.text).toBe(200);
        for (const [label, jobId, workerId] of cases) {
          const one = await call("GET", `/api_v2/jobs/${jobId}`, { token });
          expect(one.body.job.worker?.id ?? null, label).toBe(workerId);
          const listed = list.body.jobs.find((j: any) => j.id === jobId);
          expect(listed, label).toEqual(one.body.job);
        }
      }
      expect((await getUser(w.id, c.publicToken)).status).toBe(200);
      expect(statusAndBody(await getUser(w2.id, c.publicToken))).toEqual({
        status: 404,
        body: notFound("User"),
      });
      // Nor does the job show A's worker beyond that to anyone else: D's key reads D's job only.
      const theirs = await call("GET", `/api_v2/jobs/${ids.cJobFilled}`, { token: d.privateToken });
      expect(statusAndBody(theirs)).toEqual({ status: 404, body: notFound("Job") });
    });

    it.each([
      ["/api_v2/jobs", "dJob", "Job", ""],
      ["/api_v2/job_requests", "dPosted", "Job request", ""],
      ["/api_v2/job_requests", "dPosted", "Job request", "/candidates"],
    ])(
      "answers another company's %s/:id%s with the same 404 as a nonexistent id",
      async (path, key, what, suffix) => {
        // Candidates are private pool only: the public key is refused before any lookup.
        const tokens = suffix ? [c.privateToken] : [c.privateToken, c.publicToken];
        for (const token of tokens) {
          const theirs = await call("GET", `${path}/${ids[key]}${suffix}`, { token });
          const nobody = await call("GET", `${path}/${NOBODY}${suffix}`, { token });
          expect(statusAndBody(theirs)).toEqual({ status: 404, body: notFound(what) });
          expect(statusAndBody(theirs)).toEqual(statusAndBody(nobody));
        }
        const own = await call("GET", `${path}/${ids[key]}${suffix}`, { token: d.privateToken });
        expect(own.status, own.text).toBe(200);
      },
    );

    it("needs a token for jobs and job requests", async () => {
      for (const path of [
        "/api_v2/jobs",
        "/api_v2/job_requests",
        "/api_v2/job_requests/categories",
        `/api_v2/jobs/${ids.cJobFilled}`,
        `/api_v2/job_requests/${ids.cFilled}`,
        `/api_v2/job_requests/${ids.cPosted}/candidates`,
      ]) {
        const res = await call("GET", path);
        expect(res.status).toBe(401);
        expect(res.body.error.code).toBe("missing_token");
      }
    });

    describe("writes", () => {
      // Their own tenants: the writes below must not move the lists and filters above.
      let e: Tenant;
      let f: Tenant;
      let open: any;
      let mine: any;
      let job: any;
      const snapshot = async () => ({
        jobs: await db().select().from(jobs).orderBy(jobs.id),
        jobRequests: await db().select().from(jobRequests).orderBy(jobRequests.id),
      });

      beforeAll(async () => {
        e = await api.tenant("Jobs E");
        f = await api.tenant("Jobs F");
        mine = await invite(e);
        const res = await call("POST", "/api_v2/job_requests", {
          token: e.privateToken,
          json: posting(),
        });
        expect(res.status, res.text).toBe(201);
        open = res.body.job_request;
        const hired = await call("POST", "/api_v2/jobs/assign", {
          token: e.privateToken,
          json: { worker_id: mine.id, job_request_id: open.id },
        });
        expect(hired.status, hired.text).toBe(201);
        job = hired.body.job;
      });

      it("cannot change another company's job or job request: the same 404 as a nonexistent id, nothing changed", async () => {
        const before = await snapshot();
        for (const [path, id, json, what] of [
          ["/api_v2/jobs", job.id, { state: "cancelled" }, "Job"],
          ["/api_v2/jobs", job.id, { job: { requestor_notes: "mine now" } }, "Job"],
          ["/api_v2/job_requests", open.id, { state: "cancelled" }, "Job request"],
          [
            "/api_v2/job_requests",
            open.id,
            { job_request: { request_name: "Hijacked" } },
            "Job request",
          ],
        ] as const) {
          const theirs = await call("PATCH", `${path}/${id}`, { token: f.privateToken, json });
          const nobody = await call("PATCH", `${path}/${NOBODY}`, { token: f.privateToken, json });
          expect(statusAndBody(theirs)).toEqual({ status: 404, body: notFound(what) });
          expect(statusAndBody(theirs)).toEqual(statusAndBody(nobody));
        }
        expect(await snapshot()).toEqual(before);
      });

      it.each(["/api_v2/jobs/assign", "/api_v2/jobs"])(
        "%s: cannot hire onto another company's request, nor a worker outside the pool",
        async (path) => {
          const before = await snapshot();
          const hire = (token: string, json: unknown) => call("POST", path, { token, json });
          const other = await invite(f);
          // F's worker onto E's request, and E's worker onto F's: neither exists for F.
          const foreignRequest = await hire(f.privateToken, {
            worker_id: other.id,
            job_request_id: open.id,
          });
          const noRequest = await hire(f.privateToken, {
            worker_id: other.id,
            job_request_id: NOBODY,
          });
          expect(foreignRequest.status).toBe(422);
          expect(foreignRequest.body.error.fields).toEqual({ job_request_id: ["does not exist"] });
          expect(statusAndBody(foreignRequest)).toEqual(statusAndBody(noRequest));
          const foreignWorker = await hire(e.privateToken, {
            job: { worker_id: other.id, job_request_id: open.id },
          });
          const noWorker = await hire(e.privateToken, {
            job: { worker_id: NOBODY, job_request_id: open.id },
          });
          expect(foreignWorker.status).toBe(422);
          expect(Object.keys(foreignWorker.body.error.fields)).toEqual(["worker_id"]);
          expect(statusAndBody(foreignWorker)).toEqual(statusAndBody(noWorker));
          expect(await snapshot()).toEqual(before);
          // The refusals were about the other company: E's own new worker is hired.
          const next = await invite(e);
          const ok = await hire(e.privateToken, { worker_id: next.id, job_request_id: open.id });
          expect(ok.status, ok.text).toBe(201);
          expect(ok.body.job).toMatchObject({ job_request_id: open.id, user_id: next.id });
        },
      );

      it("public pool: cannot post, change, hire or rank, whatever the record (403), writing nothing", async () => {
        const before = await snapshot();
        const worker = await invite(e);
        const attempts: [string, string, unknown][] = [
          ["POST", "/api_v2/job_requests", posting()],
          ["POST", "/api_v2/job_requests", { job_request: posting() }],
          ["PATCH", `/api_v2/job_requests/${open.id}`, { state: "cancelled" }],
          ["PATCH", `/api_v2/job_requests/${NOBODY}`, { state: "cancelled" }],
          ["GET", `/api_v2/job_requests/${open.id}/candidates`, undefined],
          ["GET", `/api_v2/job_requests/${NOBODY}/candidates`, undefined],
          ["POST", "/api_v2/jobs", { worker_id: worker.id, job_request_id: open.id }],
          ["POST", "/api_v2/jobs/assign", { worker_id: worker.id, job_request_id: open.id }],
          ["POST", "/api_v2/jobs/assign", {}],
          ["PATCH", `/api_v2/jobs/${job.id}`, { state: "cancelled" }],
          ["PATCH", `/api_v2/jobs/${NOBODY}`, { state: "cancelled" }],
        ];
        for (const [method, path, json] of attempts) {
          for (const token of [e.publicToken, f.publicToken]) {
            const res = await call(method, path, { token, json });
            expect(statusAndBody(res), `${method} ${path}`).toEqual({
              status: 403,
              body: FORBIDDEN,
            });
          }
        }
        expect(await snapshot()).toEqual(before);
        // Reads stay open to the public key.
        const read = await call("GET", `/api_v2/job_requests/${open.id}`, {
          token: e.publicToken,
        });
        expect(read.status, read.text).toBe(200);
        expect(read.body.job_request.id).toBe(open.id);
      });

      it("ranks only its own pool's workers as candidates, and takes none of another pool", async () => {
        // F's worker stands right at the site; E's are elsewhere or nowhere.
        await invite(f, { latitude: "37.8", longitude: "-122.27" });
        const far = await invite(e, { latitude: "40.71", longitude: "-74.0" });
        const res = await call("GET", `/api_v2/job_requests/${open.id}/candidates`, {
          token: e.privateToken,
          query: { per: 100 },
        });
        expect(res.status, res.text).toBe(200);
        const listed = res.body.candidates
          .map((x: any) => x.worker.id)
          .sort((x: number, y: number) => x - y);
        const hired = (
          await db().select({ id: jobs.userId }).from(jobs).where(eq(jobs.jobRequestId, open.id))
        ).map((r) => r.id);
        const pool = (
          await db().select({ id: users.id }).from(users).where(eq(users.companyId, e.companyId))
        )
          .map((r) => r.id)
          .filter((id) => !hired.includes(id))
          .sort((x, y) => x - y);
        expect(listed).toEqual(pool);
        expect(listed).toContain(far.id);
        expect(res.body.has_more).toBe(false);
        // Another pool's workers cannot be named as preferred, nor banned.
        const other = await invite(f);
        for (const field of ["preferred_candidate_ids", "ban_list"]) {
          const patch = await call("PATCH", `/api_v2/job_requests/${open.id}`, {
            token: e.privateToken,
            json: { [field]: [other.id] },
          });
          expect(patch.status, patch.text).toBe(422);
          expect(patch.body.error.fields).toEqual({
            [field]: [`not workers in your pool: ${other.id}`],
          });
        }
      });

      it("reads and posts only its own company's categories, with either key", async () => {
        const custom = ["Dock work", "Night shift"];
        await db()
          .update(companies)
          .set({ jobCategories: custom })
          .where(eq(companies.id, f.companyId));
        for (const [tenant, expected] of [
          [e, [...DEFAULT_JOB_CATEGORIES]],
          [f, custom],
        ] as const) {
          for (const token of [tenant.privateToken, tenant.publicToken]) {
            const res = await call("GET", "/api_v2/job_requests/categories", { token });
            expect(statusAndBody(res)).toEqual({ status: 200, body: { categories: expected } });
          }
        }
        const before = await snapshot();
        const refused = await call("POST", "/api_v2/job_requests", {
          token: e.privateToken,
          json: posting({ category: "Night shift" }),
        });
        expect(refused.status).toBe(422);
        expect(Object.keys(refused.body.error.fields)).toEqual(["category"]);
        expect(await snapshot()).toEqual(before);
        const accepted = await call("POST", "/api_v2/job_requests", {
          token: f.privateToken,
          json: posting({ category: "Night shift" }),
        });
        expect(accepted.status, accepted.text).toBe(201);
        expect(accepted.body.job_request).toMatchObject({
          category: "Night shift",
          company_id: f.companyId,
        });
      });
    });
  });
});
