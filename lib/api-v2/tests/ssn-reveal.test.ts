import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { userChanges } from "@/lib/db/schema";
import { call, describeApi, type Person, type Tenant, workerBody } from "./harness";

/**
 * A person reads a worker's SSN as its last four digits; the whole number is revealed on
 * purpose (GET /users/:id/ssn, our addition), by requestors and admins only, and each reveal
 * is recorded in the worker's history with who and when, never the number. Key pairs are
 * integrations: they keep the full value in the user object, as before people existed.
 */

const SSN = "123-45-6789";
const MASKED = "•••-••-6789";

describeApi("SSN reveal", (api) => {
  let a: Tenant;
  let b: Tenant;
  let admin: Person;
  let requestor: Person;
  let viewer: Person;
  let worker: { id: number; external_id: string };
  const reveals = async (id: number) =>
    (await api.database.db.select().from(userChanges).where(eq(userChanges.userId, id))).filter(
      (c) => c.kind === "personal_data_revealed",
    );

  beforeAll(async () => {
    a = await api.tenant("Reveal Co");
    b = await api.tenant("Other Reveal Co");
    admin = await api.person(a.companyId, "customer_admin", {
      firstName: "Ada",
      lastName: "Admin",
    });
    requestor = await api.person(a.companyId, "requestor", { firstName: "Dana", lastName: "Lee" });
    viewer = await api.person(a.companyId, "read_only", { firstName: "Vic", lastName: "Viewer" });
    const res = await call("POST", "/api_v2/users/invite", {
      token: a.privateToken,
      json: workerBody({ ssn: SSN }),
    });
    expect(res.status, res.text).toBe(201);
    worker = res.body;
  });

  it("a person's reads carry the last four digits; a key pair's the whole number", async () => {
    for (const p of [admin, requestor, viewer]) {
      const one = await call("GET", `/api_v2/users/${worker.id}`, { token: p.token });
      expect(one.body.ssn, p.role).toBe(MASKED);
      const list = await call("GET", "/api_v2/users", {
        token: p.token,
        query: { external_id: worker.external_id },
      });
      expect(
        list.body.users.map((u: any) => u.ssn),
        p.role,
      ).toEqual([MASKED]);
      expect(one.text + list.text).not.toContain("6789".padStart(9, "12345"));
    }
    const own = await call("GET", `/api_v2/users/${worker.id}`, { token: a.privateToken });
    expect(own.body.ssn).toBe(SSN);
  });

  it("requestors and admins reveal it, and each reveal is recorded with who and when", async () => {
    const before = (await reveals(worker.id)).length;
    const res = await call("GET", `/api_v2/users/${worker.id}/ssn`, { token: requestor.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ ssn: SSN });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(
      (await call("GET", `/api_v2/users/${worker.id}/ssn`, { token: admin.token })).status,
    ).toBe(200);
    expect((await reveals(worker.id)).length).toBe(before + 2);

    const history = await call("GET", `/api_v2/users/${worker.id}/history`, {
      token: viewer.token,
    });
    const [latest, previous] = history.body.history;
    expect(latest).toMatchObject({
      kind: "personal_data_revealed",
      changes: {},
      badges_added: [],
      badges_removed: [],
      actor: { type: "employer", user: { id: admin.id, name: "Ada Admin" } },
    });
    expect(previous.actor.user).toEqual({ id: requestor.id, name: "Dana Lee" });
    expect(history.text).not.toContain(SSN);
  });

  it("refusals: exactly the error, and no record", async () => {
    const before = (await reveals(worker.id)).length;
    const cases: [string, string, number, string][] = [
      ["read-only teammate", viewer.token, 403, "forbidden_for_role"],
      ["public pool key of the owner", a.publicToken, 403, "forbidden_for_public_pool"],
      ["another company's private key", b.privateToken, 404, "not_found"],
    ];
    const nobody = await call("GET", "/api_v2/users/2147483000/ssn", { token: b.privateToken });
    for (const [who, token, status, code] of cases) {
      const res = await call("GET", `/api_v2/users/${worker.id}/ssn`, { token });
      expect([who, res.status, res.body.error.code], res.text).toEqual([who, status, code]);
      if (status === 404) expect(res.text).toBe(nobody.text);
    }
    const teammate = await call("GET", `/api_v2/users/${admin.id}/ssn`, { token: admin.token });
    expect([teammate.status, teammate.body.error?.code]).toEqual([404, "not_found"]);
    expect((await reveals(worker.id)).length).toBe(before);
  });

  it("a fetched worker saved back as it is keeps its SSN; another masked value is refused", async () => {
    const fetched = (await call("GET", `/api_v2/users/${worker.id}`, { token: requestor.token }))
      .body;
    expect(fetched.ssn).toBe(MASKED);
    const saved = await call("PATCH", `/api_v2/users/${worker.id}`, {
      token: requestor.token,
      json: { ...fetched, first_name: "Roundtrip" },
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toMatchObject({ first_name: "Roundtrip", ssn: MASKED });
    const own = await call("GET", `/api_v2/users/${worker.id}`, { token: a.privateToken });
    expect(own.body.ssn).toBe(SSN);
    const history = await call("GET", `/api_v2/users/${worker.id}/history`, {
      token: a.privateToken,
    });
    expect(Object.keys(history.body.history[0].changes)).toEqual(["first_name"]);

    const forged = await call("PATCH", `/api_v2/users/${worker.id}`, {
      token: requestor.token,
      json: { ssn: "•••-••-1111" },
    });
    expect({ status: forged.status, body: forged.body }).toEqual({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message: expect.any(String),
          fields: { ssn: ["is masked: send the whole number, or leave ssn out to keep it"] },
        },
      },
    });
    const changed = await call("PATCH", `/api_v2/users/${worker.id}`, {
      token: requestor.token,
      json: { ssn: "987-65-4321" },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.ssn).toBe("•••-••-4321");
    await call("PATCH", `/api_v2/users/${worker.id}`, {
      token: a.privateToken,
      json: { ssn: SSN },
    });
  });

  it("another company never sees who revealed a worker's SSN", async () => {
    const p = await api.tenant("Public Reveal Co");
    const { createJob, createJobRequest } = await import("../admin/admin");
    const now = new Date();
    const jr = (await createJobRequest(api.database.db, p.companyId, "P shift", "filled", now))
      .job_request_id;
    await createJob(api.database.db, jr, worker.id, "in_progress", now);
    const seen = await call("GET", `/api_v2/users/${worker.id}/history`, { token: p.publicToken });
    expect(seen.status, seen.text).toBe(200);
    expect(seen.body.history.map((h: any) => h.kind)).not.toContain("personal_data_revealed");
    expect(seen.body.history.every((h: any) => h.actor.user === null)).toBe(true);
  });
});
