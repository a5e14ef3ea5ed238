import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { outbox, users } from "@/lib/db/schema";
import { call, describeApi, type Tenant, workerBody } from "./harness";
import { createWebhook } from "./jobs-support";

/**
 * A job request names its requestor (`employer_id`, as the reference has it): an employer user
 * of the caller's company who may request; a person who posts without it is the requestor; the
 * job's nested `employer` is that user, in answers and in webhook payloads.
 */

const NOBODY = 2147483000;
const posting = (overrides: Record<string, unknown> = {}) => ({
  request_name: "Warehouse pick/pack AM",
  category: "Fulfillment / Warehousing",
  state: "posted",
  description_tasks: "Pick and pack orders",
  slots: 2,
  start_time: "2026-12-01 08:00",
  timezone: "America/Los_Angeles",
  duration: 480,
  wage: 22.5,
  address: "123 Fremont St",
  city: "San Francisco",
  zip: "94105",
  ...overrides,
});

const NOT_A_REQUESTOR = {
  status: 422,
  body: {
    error: {
      code: "validation_failed",
      message: "Employer id is not a requestor of your company",
      fields: { employer_id: ["is not a requestor of your company"] },
    },
  },
};

describeApi("job requests' requestor (employer_id)", (api) => {
  let a: Tenant;
  let b: Tenant;
  const db = () => api.database.db;

  beforeAll(async () => {
    a = await api.tenant("Requestor Co");
    b = await api.tenant("Other Requestor Co");
  });

  const post = (json: unknown, token = a.privateToken) =>
    call("POST", "/api_v2/job_requests", { token, json });

  it("refuses anyone who is not a requestor of the company, identically", async () => {
    const foreign = await api.person(b.companyId, "requestor");
    const viewer = await api.person(a.companyId, "read_only");
    const gone = await api.person(a.companyId, "requestor");
    await db().update(users).set({ suspended: true }).where(eq(users.id, gone.id));
    const worker = await call("POST", "/api_v2/users/invite", {
      token: a.privateToken,
      json: workerBody(),
    });
    for (const id of [foreign.id, NOBODY, viewer.id, gone.id, worker.body.id]) {
      const res = await post(posting({ employer_id: id }));
      expect({ status: res.status, body: res.body }, `employer_id ${id}`).toEqual(NOT_A_REQUESTOR);
    }
    const jr = (await post(posting())).body.job_request;
    const patch = await call("PATCH", `/api_v2/job_requests/${jr.id}`, {
      token: a.privateToken,
      json: { employer_id: foreign.id },
    });
    expect({ status: patch.status, body: patch.body }).toEqual(NOT_A_REQUESTOR);
  });

  it("names the requestor: given, defaulted to the person posting, patched, filtered; the job nests them", async () => {
    const admin = await api.person(a.companyId, "customer_admin", {
      firstName: "Dana",
      lastName: "Lee",
    });
    const requestor = await api.person(a.companyId, "requestor", {
      firstName: "Sam",
      lastName: "Rivera",
    });
    const byKey = await post(posting({ employer_id: requestor.id }));
    expect(byKey.status, byKey.text).toBe(201);
    expect(byKey.body.job_request.employer_id).toBe(requestor.id);
    const mine = await post(posting(), requestor.token);
    expect(mine.status, mine.text).toBe(201);
    expect(mine.body.job_request.employer_id).toBe(requestor.id);
    const keyOnly = await post(posting());
    expect(keyOnly.body.job_request.employer_id).toBeNull();
    const patched = await call("PATCH", `/api_v2/job_requests/${keyOnly.body.job_request.id}`, {
      token: admin.token,
      json: { job_request: { employer_id: admin.id } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.job_request.employer_id).toBe(admin.id);

    const filtered = await call("GET", "/api_v2/job_requests", {
      token: a.privateToken,
      query: { employer_id: requestor.id },
    });
    expect(filtered.body.job_requests.map((r: { id: number }) => r.id).sort()).toEqual(
      [byKey.body.job_request.id, mine.body.job_request.id].sort(),
    );
    expect(filtered.body.total).toBe(2);

    await createWebhook(db(), a.companyId, "https://hooks.example.com/requestor");
    const worker = await call("POST", "/api_v2/users/invite", {
      token: a.privateToken,
      json: workerBody(),
    });
    const hired = await call("POST", "/api_v2/jobs/assign", {
      token: requestor.token,
      json: { job: { job_request_id: mine.body.job_request.id, worker_id: worker.body.id } },
    });
    expect(hired.status, hired.text).toBe(201);
    const employer = {
      id: requestor.id,
      type: "Employer",
      first_name: "Sam",
      last_name: "Rivera",
      email: requestor.email,
      phone: null,
      business_name: "Requestor Co",
      customer_id: a.companyId,
      role: "requestor",
    };
    expect(hired.body.job.employer).toEqual(employer);
    const got = await call("GET", `/api_v2/jobs/${hired.body.job.id}`, { token: a.privateToken });
    expect(got.body.job.employer).toEqual(employer);
    const hooks = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.companyId, a.companyId), eq(outbox.event, "job.state_changed")));
    expect(hooks.length).toBeGreaterThan(0);
    for (const h of hooks) expect(JSON.parse(h.body).data.job.employer).toEqual(employer);

    // A posting that names no one keeps the company standing in.
    const other = await call("POST", "/api_v2/jobs/assign", {
      token: a.privateToken,
      json: {
        job: {
          job_request_id: (await post(posting())).body.job_request.id,
          worker_id: worker.body.id,
        },
      },
    });
    expect(other.status, other.text).toBe(201);
    expect(other.body.job.employer).toEqual({
      id: null,
      type: "Employer",
      first_name: null,
      last_name: null,
      email: null,
      phone: null,
      business_name: "Requestor Co",
      customer_id: a.companyId,
      role: "requestor",
    });
  });
});
