import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { userChanges, users } from "@/lib/db/schema";
import {
  EMPLOYER_KEYS,
  employerBody,
  invalid,
  NOBODY,
  PASSWORD,
  statusAndBody,
} from "./employers-support";
import { call, describeApi, type Tenant, workerBody } from "./harness";

/**
 * The employer users API (docs/people.md): POST /users with `type: "Employer"`, the team's list,
 * get and patch. The last-admin rule and its race, deactivation and concurrent creation are in
 * employers-admin.test.ts; teammate invitations and job requests' `employer_id` in
 * employers-invite.test.ts and employers-jobs.test.ts.
 */

describeApi("employer users", (api) => {
  let a: Tenant;
  let b: Tenant;
  const db = () => api.database.db;

  beforeAll(async () => {
    a = await api.tenant("Team Co");
    b = await api.tenant("Other Team Co");
  });

  const create = (json: unknown, token = a.privateToken) =>
    call("POST", "/api_v2/users", { token, json });

  it("creates an employer user: 201 with the object of docs/people.md, Location and ETag, never the password", async () => {
    const body = employerBody(a.companyId, { phone: "+1 (415) 555-0142" });
    const res = await create(body);
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.body)).toEqual(EMPLOYER_KEYS);
    expect(res.body).toEqual({
      id: expect.any(Number),
      updated_at: expect.any(String),
      customer_id: a.companyId,
      role: "requestor",
      last_name: body.last_name,
      first_name: "Dana",
      email: body.email,
      type: "Employer",
      avatar_url: null,
      phone: "+14155550142",
      suspended: false,
      suspended_at: null,
      title: "Operations manager",
      business_name: "Team Co",
      logo_url: null,
      invitation_status: "accepted",
      last_sign_in_at: null,
      two_factor_enabled: false,
    });
    expect(res.headers.get("location")).toBe(`/api_v2/users/${res.body.id}`);
    expect(res.headers.get("etag")).toBe(`"u${res.body.id}-v1"`);
    expect(res.text).not.toContain(PASSWORD);
    const [row] = await db().select().from(users).where(eq(users.id, res.body.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    const history = await db()
      .select()
      .from(userChanges)
      .where(eq(userChanges.userId, res.body.id));
    expect(history).toHaveLength(1);
    expect(JSON.stringify(history)).not.toContain(PASSWORD);
    expect(JSON.stringify(history)).not.toContain("scrypt");
  });

  it("takes the fields under `user`, and the reference's form encoding (user[...])", async () => {
    const wrapped = await create({ user: employerBody(a.companyId, { role: "read_only" }) });
    expect(wrapped.status, wrapped.text).toBe(201);
    expect(wrapped.body.role).toBe("read_only");
    const fields = employerBody(a.companyId, { role: "customer_admin" });
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) form.set(`user[${k}]`, String(v));
    form.set("token", a.privateToken);
    const res = await call("POST", "/api_v2/users", {
      body: form.toString(),
      contentType: "application/x-www-form-urlencoded",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      email: fields.email,
      role: "customer_admin",
      customer_id: a.companyId,
      title: "Operations manager",
    });
  });

  it("answers a worker (or no type) with today's 405: workers are created by invitation", async () => {
    for (const json of [workerBody(), { ...workerBody(), type: undefined }, {}]) {
      const res = await create(json);
      expect(statusAndBody(res)).toEqual({
        status: 405,
        body: {
          error: {
            code: "method_not_allowed",
            message: "Users are not created here; use POST /api_v2/users/invite",
          },
        },
      });
    }
  });

  it("refuses bad input with every failing field at once", async () => {
    const worker = await call("POST", "/api_v2/users/invite", {
      token: a.privateToken,
      json: workerBody(),
    });
    const cases: [Record<string, unknown>, ReturnType<typeof invalid>][] = [
      [
        { type: "Employer" },
        invalid(
          "First name can't be blank; Last name can't be blank; Email can't be blank; Role can't be blank; Customer id can't be blank; Password can't be blank; Password confirmation can't be blank",
          {
            first_name: ["can't be blank"],
            last_name: ["can't be blank"],
            email: ["can't be blank"],
            role: ["can't be blank"],
            customer_id: ["can't be blank"],
            password: ["can't be blank"],
            password_confirmation: ["can't be blank"],
          },
        ),
      ],
      [
        employerBody(a.companyId, { password: "short", password_confirmation: "short" }),
        invalid("Password is too short (minimum is 8 characters)", {
          password: ["is too short (minimum is 8 characters)"],
        }),
      ],
      [
        employerBody(a.companyId, { password_confirmation: "something else" }),
        invalid("Password confirmation doesn't match Password", {
          password_confirmation: ["doesn't match Password"],
        }),
      ],
      [
        employerBody(a.companyId, { password: "x".repeat(201), password_confirmation: "x" }),
        invalid("Password is too long (maximum is 200 characters)", {
          password: ["is too long (maximum is 200 characters)"],
        }),
      ],
      [
        employerBody(a.companyId, { email: worker.body.email.toUpperCase() }),
        invalid("Email has already been taken", { email: ["has already been taken"] }),
      ],
      [
        employerBody(b.companyId),
        invalid("Customer id is not your company", { customer_id: ["is not your company"] }),
      ],
      [
        employerBody(a.companyId, { role: "owner" }),
        invalid("Role must be one of customer_admin, requestor, read_only", {
          role: ["must be one of customer_admin, requestor, read_only"],
        }),
      ],
      [
        employerBody(a.companyId, { email: "not-an-email", phone: "12", customer_id: "abc" }),
        invalid(
          "Email is invalid; Phone must be in international format, starting with + and the country code; Customer id must be an id",
          {
            email: ["is invalid"],
            phone: ["must be in international format, starting with + and the country code"],
            customer_id: ["must be an id"],
          },
        ),
      ],
    ];
    for (const [json, expected] of cases) {
      const res = await create(json);
      expect(statusAndBody(res), JSON.stringify(json).slice(0, 120)).toEqual(expected);
      expect(res.text).not.toContain(PASSWORD);
    }
  });

  it("needs team.write: a public pool key, a requestor and a read-only person are refused", async () => {
    const requestor = await api.person(a.companyId, "requestor");
    const viewer = await api.person(a.companyId, "read_only");
    const admin = await api.person(a.companyId, "customer_admin");
    expect(statusAndBody(await create(employerBody(a.companyId), a.publicToken))).toEqual({
      status: 403,
      body: {
        error: {
          code: "forbidden_for_public_pool",
          message: "This operation needs a private pool key; public pool keys may only read",
        },
      },
    });
    for (const [person, label] of [
      [requestor, "Requestor"],
      [viewer, "Read-only"],
    ] as const) {
      expect(statusAndBody(await create(employerBody(a.companyId), person.token))).toEqual({
        status: 403,
        body: {
          error: {
            code: "forbidden_for_role",
            message: `Your role (${label}) cannot do this: invite and create teammates, change roles, deactivate and reactivate`,
          },
        },
      });
    }
    const made = await create(employerBody(a.companyId), admin.token);
    expect(made.status, made.text).toBe(201);
    const [entry] = await db()
      .select()
      .from(userChanges)
      .where(eq(userChanges.userId, made.body.id));
    expect(entry).toMatchObject({ actor: "employer", actorUserId: admin.id });
  });

  it("lists the team with ?type=Employer: own company only, filtered and paged; the public pool gets 403", async () => {
    const t = await api.tenant("List Co");
    const made: { id: number; email: string }[] = [];
    for (const role of ["customer_admin", "requestor", "requestor", "read_only"]) {
      const res = await create(employerBody(t.companyId, { role }), t.privateToken);
      made.push(res.body);
    }
    await create(employerBody(b.companyId), b.privateToken);
    const list = (query: Record<string, string | number>, token = t.privateToken) =>
      call("GET", "/api_v2/users", { token, query: { type: "Employer", ...query } });
    const all = await list({});
    expect(all.status, all.text).toBe(200);
    expect(all.body).toMatchObject({ page: 1, per: 50, total: 4 });
    expect(all.body.users.map((u: { id: number }) => u.id)).toEqual(made.map((m) => m.id));
    for (const u of all.body.users) expect(Object.keys(u)).toEqual(EMPLOYER_KEYS);
    const requestors = await list({ role: "requestor" });
    expect(requestors.body.total).toBe(2);
    const two = await list({ role: "customer_admin,read_only", per: 1, page: 2 });
    expect(two.body).toMatchObject({ page: 2, per: 1, total: 2 });
    expect(two.body.users.map((u: { id: number }) => u.id)).toEqual([made[3]!.id]);
    const byEmail = await list({ email: made[1]!.email.toUpperCase() });
    expect(byEmail.body.users.map((u: { id: number }) => u.id)).toEqual([made[1]!.id]);
    expect((await list({ suspended: "true" })).body.total).toBe(0);
    // The workers' list does not hold them.
    const workers = await call("GET", "/api_v2/users", { token: t.privateToken });
    expect(workers.body.total).toBe(0);
    expect(statusAndBody(await list({ role: "boss" }))).toEqual({
      status: 400,
      body: {
        error: {
          code: "malformed_request",
          message: "Query parameter role must be one of customer_admin, requestor, read_only",
        },
      },
    });
    const pub = await list({}, t.publicToken);
    expect(pub.status).toBe(403);
    expect(pub.body.error.code).toBe("forbidden_for_public_pool");
    const viewer = await api.person(t.companyId, "read_only");
    expect((await list({}, viewer.token)).body.total).toBe(5);
  });

  it("reads one teammate with team.read; for anyone else it is as unknown as a missing id", async () => {
    const made = await create(employerBody(a.companyId));
    const id = made.body.id;
    const own = await call("GET", `/api_v2/users/${id}`, { token: a.privateToken });
    expect(own.status).toBe(200);
    expect(own.body).toEqual(made.body);
    expect(own.headers.get("etag")).toBe(made.headers.get("etag"));
    for (const token of [b.privateToken, a.publicToken, b.publicToken]) {
      const res = await call("GET", `/api_v2/users/${id}`, { token });
      const twin = await call("GET", `/api_v2/users/${NOBODY}`, { token });
      expect(statusAndBody(res)).toEqual(statusAndBody(twin));
      expect(res.status).toBe(404);
    }
  });

  it("patches a teammate: names, title, role, phone; If-Match; history; another company gets 404", async () => {
    const made = await create(employerBody(a.companyId));
    const id = made.body.id;
    const etag = made.headers.get("etag")!;
    const res = await call("PATCH", `/api_v2/users/${id}`, {
      token: a.privateToken,
      json: { user: { title: "Shift lead", role: "read_only", phone: "+14155550199", city: "x" } },
      headers: { "if-match": etag },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      title: "Shift lead",
      role: "read_only",
      phone: "+14155550199",
    });
    expect(res.headers.get("etag")).toBe(`"u${id}-v2"`);
    const stale = await call("PATCH", `/api_v2/users/${id}`, {
      token: a.privateToken,
      json: { title: "Late" },
      headers: { "if-match": etag },
    });
    expect(stale.status).toBe(412);
    const history = await call("GET", `/api_v2/users/${id}/history`, { token: a.privateToken });
    const rows = await db().select().from(userChanges).where(eq(userChanges.userId, id));
    expect(rows.map((r) => r.kind)).toEqual(["invited", "updated"]);
    expect(rows[1]!.changes).toEqual({
      role: { from: "requestor", to: "read_only" },
      phone: { from: null, to: "+14155550199" },
      title: { from: "Operations manager", to: "Shift lead" },
    });
    expect(history.status).toBe(200);
    expect(history.body.history.map((h: { kind: string }) => h.kind)).toEqual([
      "updated",
      "invited",
    ]);
    const bad = await call("PATCH", `/api_v2/users/${id}`, {
      token: a.privateToken,
      json: { role: "boss", first_name: "" },
    });
    expect(statusAndBody(bad)).toEqual(
      invalid(
        "First name can't be blank; Role must be one of customer_admin, requestor, read_only",
        {
          first_name: ["can't be blank"],
          role: ["must be one of customer_admin, requestor, read_only"],
        },
      ),
    );
    for (const token of [b.privateToken]) {
      const other = await call("PATCH", `/api_v2/users/${id}`, { token, json: { title: "x" } });
      const twin = await call("PATCH", `/api_v2/users/${NOBODY}`, { token, json: { title: "x" } });
      expect(statusAndBody(other)).toEqual(statusAndBody(twin));
      expect(other.status).toBe(404);
    }
    const form = await call("PATCH", `/api_v2/users/${id}`, {
      body: `user%5Btitle%5D=Floor+lead&user%5Bsuspended%5D=false&token=${a.privateToken}`,
      contentType: "application/x-www-form-urlencoded",
    });
    expect(form.status, form.text).toBe(200);
    expect(form.body.title).toBe("Floor lead");
    const requestor = await api.person(a.companyId, "requestor");
    const refused = await call("PATCH", `/api_v2/users/${id}`, {
      token: requestor.token,
      json: { title: "x" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden_for_role");
  });
});
