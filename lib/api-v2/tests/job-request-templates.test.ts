import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { jobRequestTemplates } from "@/lib/db/schema";
import { TEMPLATE_LIMITS } from "@/lib/schemas/job-request-template";
import { call, describeApi, type Person, type Tenant, workerBody } from "./harness";
import { createBadgeFor } from "./jobs-support";

/**
 * Job request templates (ours) and the posting's live count of qualified workers (ours): CRUD,
 * the name's uniqueness and the company's cap, company and role scoping, posting from a
 * template with the body's fields on top, and the count's eligibility, badges and distance.
 */

const TEMPLATE_KEYS = ["id", "name", "job_request", "created_by_id", "created_at", "updated_at"];
const FIELDS = {
  request_name: "Warehouse loader",
  category: "General Labor",
  description: "Load trucks",
  slots: 3,
  wage: 21.5,
  duration: 480,
  timezone: "America/Los_Angeles",
  address: "1 Golden Gate Park",
  city: "San Francisco",
  zip: "94117",
  latitude: "37.7898",
  longitude: "-122.3942",
};

describeApi("job request templates and qualified workers", (api) => {
  let t: Tenant;
  let other: Tenant;
  let requestor: Person;
  let reader: Person;
  const db = () => api.database.db;

  beforeAll(async () => {
    t = await api.tenant("Template Co");
    other = await api.tenant("Other Template Co");
    requestor = await api.person(t.companyId, "requestor");
    reader = await api.person(t.companyId, "read_only");
  });

  const create = (json: unknown, token = requestor.token) =>
    call("POST", "/api_v2/job_request_templates", { token, json });
  const invalid = (fields: Record<string, string[]>) => ({
    code: "validation_failed",
    message: expect.any(String),
    fields,
  });

  it("creates, lists, reads, renames, replaces and deletes a template", async () => {
    const made = await create({ name: "Loader shift", job_request: FIELDS });
    expect(made.status, made.text).toBe(201);
    const tpl = made.body.job_request_template;
    expect(Object.keys(tpl)).toEqual(TEMPLATE_KEYS);
    expect(made.headers.get("location")).toBe(`/api_v2/job_request_templates/${tpl.id}`);
    expect(tpl).toMatchObject({ name: "Loader shift", created_by_id: requestor.id });
    expect(tpl.job_request).toMatchObject({
      request_name: "Warehouse loader",
      slots: 3,
      wage: 21.5,
    });
    // What belongs to one posting only is not part of a template.
    // A key pair (no person) leaves created_by_id empty.
    const timed = await create(
      {
        name: "Timed",
        job_request: { ...FIELDS, start_time: "2030-01-01 08:00", state: "posted" },
      },
      t.privateToken,
    );
    expect(timed.status).toBe(201);
    expect(timed.body.job_request_template.job_request).not.toHaveProperty("start_time");
    expect(timed.body.job_request_template.job_request).not.toHaveProperty("state");
    expect(timed.body.job_request_template.created_by_id).toBeNull();

    const list = await call("GET", "/api_v2/job_request_templates", { token: reader.token });
    expect(list.status).toBe(200);
    expect(list.body.job_request_templates.map((x: { name: string }) => x.name)).toEqual([
      "Loader shift",
      "Timed",
    ]);
    expect(list.body.total).toBe(2);

    const path = `/api_v2/job_request_templates/${tpl.id}`;
    const renamed = await call("PATCH", path, {
      token: requestor.token,
      json: { name: "Early loaders" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.job_request_template).toMatchObject({
      name: "Early loaders",
      job_request: { slots: 3 },
    });
    const replaced = await call("PATCH", path, {
      token: requestor.token,
      json: { job_request: { request_name: "Only a name" } },
    });
    expect(replaced.body.job_request_template.job_request).toEqual({ request_name: "Only a name" });
    const read = await call("GET", path, { token: t.privateToken });
    expect(read.body.job_request_template.name).toBe("Early loaders");

    expect((await call("DELETE", path, { token: requestor.token })).status).toBe(204);
    expect((await call("GET", path, { token: requestor.token })).status).toBe(404);
    expect((await call("DELETE", path, { token: requestor.token })).status).toBe(404);
  });

  it("refuses a taken name (any case), a bad name or field, with 422 on the field", async () => {
    const first = await create({ name: "Night crew", job_request: FIELDS });
    expect(first.status).toBe(201);
    const second = await create({ name: "Day crew", job_request: FIELDS });
    const dup = await create({ name: "  NIGHT CREW ", job_request: FIELDS });
    expect(dup.status).toBe(422);
    expect(dup.body.error).toEqual(invalid({ name: ["has already been taken"] }));
    const rename = await call(
      "PATCH",
      `/api_v2/job_request_templates/${second.body.job_request_template.id}`,
      { token: requestor.token, json: { name: "night Crew" } },
    );
    expect(rename.status).toBe(422);
    expect(rename.body.error).toEqual(invalid({ name: ["has already been taken"] }));
    const bad = await create({ name: "x".repeat(101), job_request: { slots: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({
      name: ["is too long (maximum is 100 characters)"],
      "job_request.slots": ["must be at least 1"],
    });
    const blank = await create({ name: " " });
    expect(blank.body.error).toEqual(invalid({ name: ["can't be blank"] }));
  });

  it(`keeps at most ${TEMPLATE_LIMITS.perCompany} templates per company`, async () => {
    const c = await api.tenant("Cap Co");
    const now = new Date();
    await db()
      .insert(jobRequestTemplates)
      .values(
        Array.from({ length: TEMPLATE_LIMITS.perCompany - 1 }, (_, i) => ({
          companyId: c.companyId,
          name: `T${i}`,
          body: {},
          createdAt: now,
          updatedAt: now,
        })),
      );
    const last = await create({ name: "The last one" }, c.privateToken);
    expect(last.status).toBe(201);
    const over = await create({ name: "One too many" }, c.privateToken);
    expect(over.status).toBe(422);
    expect(over.body.error.fields).toEqual({
      name: [
        `cannot be added: a company keeps at most ${TEMPLATE_LIMITS.perCompany} templates (delete one first)`,
      ],
    });
    const list = await call("GET", "/api_v2/job_request_templates", { token: c.privateToken });
    expect(list.body.total).toBe(TEMPLATE_LIMITS.perCompany);
    // Two at once at the edge: the company's lock lets exactly one in.
    await call("DELETE", `/api_v2/job_request_templates/${last.body.job_request_template.id}`, {
      token: c.privateToken,
    });
    const racing = await Promise.all([
      create({ name: "Race A" }, c.privateToken),
      create({ name: "Race B" }, c.privateToken),
    ]);
    expect(racing.map((r) => r.status).sort()).toEqual([201, 422]);
    const rows = await db()
      .select({ id: jobRequestTemplates.id })
      .from(jobRequestTemplates)
      .where(eq(jobRequestTemplates.companyId, c.companyId));
    expect(rows.length).toBe(TEMPLATE_LIMITS.perCompany);
  });

  it("hides another company's templates and refuses writes to read-only people and public keys", async () => {
    const mine = (await create({ name: "Mine only", job_request: FIELDS })).body
      .job_request_template;
    const path = `/api_v2/job_request_templates/${mine.id}`;
    for (const [method, json] of [
      ["GET", undefined],
      ["PATCH", { name: "Taken over" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(method, path, { token: other.privateToken, json });
      expect(res.status, method).toBe(404);
      expect(res.body.error).toEqual({
        code: "not_found",
        message: "Job request template not found",
      });
    }
    const theirs = await call("GET", "/api_v2/job_request_templates", {
      token: other.privateToken,
    });
    expect(theirs.body.job_request_templates).toEqual([]);
    for (const [method, p, json] of [
      ["POST", "/api_v2/job_request_templates", { name: "Nope" }],
      ["PATCH", path, { name: "Nope" }],
      ["DELETE", path, undefined],
    ] as const) {
      const res = await call(method, p, { token: reader.token, json });
      expect(res.status, `${method} ${p}`).toBe(403);
      expect(res.body.error.code).toBe("forbidden_for_role");
      const pub = await call(method, p, { token: t.publicToken, json });
      expect(pub.body.error.code).toBe("forbidden_for_public_pool");
    }
    expect((await call("GET", path, { token: reader.token })).status).toBe(200);
  });

  it("posts a job request from a template, the body's fields on top", async () => {
    const badge = await createBadgeFor(db(), t.companyId, { name: "Forklift", description: "d" });
    const tpl = (
      await create({
        name: "Forklift shift",
        job_request: {
          ...FIELDS,
          badge_requirements_attributes: [{ badge_id: badge.badge_id }],
        },
      })
    ).body.job_request_template;
    const posted = await call("POST", "/api_v2/job_requests", {
      token: requestor.token,
      json: {
        job_request: {
          job_request_template_id: tpl.id,
          state: "posted",
          start_time: "2031-03-04 09:00",
          slots: 5,
        },
      },
    });
    expect(posted.status, posted.text).toBe(201);
    const jr = posted.body.job_request;
    expect(jr).toMatchObject({
      request_name: "Warehouse loader",
      category: "General Labor",
      slots: 5,
      state: "posted",
      zip: "94117",
      employer_id: requestor.id,
    });
    expect(JSON.stringify(jr.badge_requirements ?? jr)).toContain(String(badge.badge_id));
    expect(jr.start_time).toMatch(/^2031-03-04T/);
    // Another company's template, or none by that id: refused on the field, nothing posted.
    const foreign = (await create({ name: "Theirs", job_request: FIELDS }, other.privateToken)).body
      .job_request_template;
    for (const id of [foreign.id, 2147483000]) {
      const res = await call("POST", "/api_v2/job_requests", {
        token: requestor.token,
        json: { job_request_template_id: id, state: "draft" },
      });
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toEqual({
        job_request_template_id: ["is not one of your job request templates"],
      });
    }
    const notId = await call("POST", "/api_v2/job_requests", {
      token: requestor.token,
      json: { job_request_template_id: "abc", state: "draft" },
    });
    expect(notId.body.error.fields).toEqual({ job_request_template_id: ["must be an id"] });
  });

  it("counts the qualified workers near a site, as the ranking would", async () => {
    const c = await api.tenant("Count Co");
    const lead = await api.person(c.companyId, "read_only");
    const badge = await createBadgeFor(db(), c.companyId, { name: "OSHA", description: "d" });
    const north = (km: number) => (37.7898 + km * 0.0089932).toFixed(7);
    const lon = "-122.3942";
    const invite = async (o: Record<string, unknown>) => {
      const res = await call("POST", "/api_v2/users/invite", {
        token: c.privateToken,
        json: workerBody(o),
      });
      expect(res.status, res.text).toBe(201);
    };
    const held = { user_badges_attributes: [{ badge_id: String(badge.badge_id) }] };
    await invite({ latitude: north(1), longitude: lon, ...held }); // 0.6 mi
    await invite({ home_latitude: north(5), home_longitude: lon }); // 3.1 mi, from home
    await invite({ latitude: north(30), longitude: lon, ...held }); // 18.6 mi
    await invite({ latitude: north(2), longitude: lon, suspended: true, ...held });
    await invite({}); // nowhere: never within a distance
    // Another company's worker next door is not counted.
    await call("POST", "/api_v2/users/invite", {
      token: other.privateToken,
      json: workerBody({ latitude: north(0.1), longitude: lon }),
    });
    const count = async (query: string, token = lead.token) =>
      call(
        "GET",
        `/api_v2/job_requests/qualified_workers?latitude=37.7898&longitude=${lon}${query}`,
        {
          token,
        },
      );
    const results = await Promise.all([
      count(""),
      count("&distance=2"),
      count("&distance=10"),
      count(`&badge_ids=${badge.badge_id}`),
      count(`&distance=5&badge_ids=${badge.badge_id}`),
    ]);
    expect(results.map((r) => r.body)).toEqual([
      { count: 3, distance: 25 },
      { count: 1, distance: 2 },
      { count: 2, distance: 10 },
      { count: 2, distance: 25 },
      { count: 1, distance: 5 },
    ]);
    for (const q of ["&distance=501", "&distance=0", "&badge_ids=x"]) {
      const res = await count(q);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("malformed_request");
    }
    const noPoint = await call("GET", "/api_v2/job_requests/qualified_workers?latitude=91", {
      token: lead.token,
    });
    expect(noPoint.status).toBe(400);
    expect((await count("", c.publicToken)).body.error.code).toBe("forbidden_for_public_pool");
  });
});
