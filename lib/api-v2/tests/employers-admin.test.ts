import { and, eq, isNotNull } from "drizzle-orm";
import { expect, it } from "vitest";
import { tokens, users } from "@/lib/db/schema";
import { employerBody, invalid, statusAndBody } from "./employers-support";
import { call, describeApi, workerBody } from "./harness";

/**
 * The rules that concurrency could break: the company keeps an active admin (decided under
 * locks, so two admins demoting each other cannot both succeed), deactivation ends sessions in
 * the same transaction, one e-mail is one user however many ask at once.
 */
describeApi("employer users: admins, deactivation, races", (api) => {
  const db = () => api.database.db;
  const create = (json: unknown, token: string) => call("POST", "/api_v2/users", { token, json });

  it("keeps the company's last active admin: no demotion, no deactivation (422)", async () => {
    const t = await api.tenant("Last Admin Co");
    const admin = await create(
      employerBody(t.companyId, { role: "customer_admin" }),
      t.privateToken,
    );
    const patch = (json: unknown) =>
      call("PATCH", `/api_v2/users/${admin.body.id}`, { token: t.privateToken, json });
    expect(statusAndBody(await patch({ role: "requestor" }))).toEqual(
      invalid("Role is the company's last active admin", {
        role: ["is the company's last active admin"],
      }),
    );
    expect(statusAndBody(await patch({ suspended: true, role: "read_only" }))).toEqual(
      invalid(
        "Role is the company's last active admin; Suspended is the company's last active admin",
        {
          role: ["is the company's last active admin"],
          suspended: ["is the company's last active admin"],
        },
      ),
    );
    // A deactivated admin does not count.
    const other = await create(
      employerBody(t.companyId, { role: "customer_admin" }),
      t.privateToken,
    );
    const off = await call("PATCH", `/api_v2/users/${other.body.id}`, {
      token: t.privateToken,
      json: { suspended: true },
    });
    expect(off.status, off.text).toBe(200);
    expect((await patch({ role: "requestor" })).status).toBe(422);
    // Another active admin: now the first may step down.
    await call("PATCH", `/api_v2/users/${other.body.id}`, {
      token: t.privateToken,
      json: { suspended: false },
    });
    expect((await patch({ role: "requestor" })).status).toBe(200);
  });

  it("two admins demoting each other at once: exactly one succeeds", async () => {
    const t = await api.tenant("Race Co");
    const one = await create(employerBody(t.companyId, { role: "customer_admin" }), t.privateToken);
    const two = await create(employerBody(t.companyId, { role: "customer_admin" }), t.privateToken);
    const [r1, r2] = await Promise.all([
      call("PATCH", `/api_v2/users/${one.body.id}`, {
        token: t.privateToken,
        json: { role: "requestor" },
      }),
      call("PATCH", `/api_v2/users/${two.body.id}`, {
        token: t.privateToken,
        json: { suspended: true },
      }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 422]);
    const admins = await db()
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.companyId, t.companyId),
          eq(users.role, "customer_admin"),
          eq(users.suspended, false),
        ),
      );
    expect(admins).toHaveLength(1);
  });

  it("deactivation ends the person's sessions at once; suspended_at follows suspended", async () => {
    const t = await api.tenant("Deactivate Co");
    await create(employerBody(t.companyId, { role: "customer_admin" }), t.privateToken);
    const person = await api.person(t.companyId, "requestor");
    expect((await call("GET", "/api_v2/users", { token: person.token })).status).toBe(200);
    const off = await call("PATCH", `/api_v2/users/${person.id}`, {
      token: t.privateToken,
      json: { suspended: true },
    });
    expect(off.status, off.text).toBe(200);
    expect(off.body).toMatchObject({ suspended: true, suspended_at: expect.any(String) });
    const revoked = await db()
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, person.id), isNotNull(tokens.revokedAt)));
    expect(revoked).toHaveLength(1);
    const after = await call("GET", "/api_v2/users", { token: person.token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("invalid_token");
    // Reactivated: the ended session stays ended.
    const on = await call("PATCH", `/api_v2/users/${person.id}`, {
      token: t.privateToken,
      json: { suspended: "false" },
    });
    expect(on.body).toMatchObject({ suspended: false, suspended_at: null });
    expect((await call("GET", "/api_v2/users", { token: person.token })).status).toBe(401);
  });

  it("keeps a worker's suspended_at in step with suspended", async () => {
    const a = await api.tenant("Worker Suspension Co");
    const w = await call("POST", "/api_v2/users/invite", {
      token: a.privateToken,
      json: workerBody(),
    });
    const set = async (suspended: boolean) => {
      await call("PATCH", `/api_v2/users/${w.body.id}`, {
        token: a.privateToken,
        json: { suspended },
      });
      const [row] = await db().select().from(users).where(eq(users.id, w.body.id));
      return row!.suspendedAt;
    };
    expect(await set(true)).toBeInstanceOf(Date);
    expect(await set(false)).toBeNull();
  });

  it("one e-mail, many creations at once: one 201, the rest 422 on email", async () => {
    const t = await api.tenant("Same Email Co");
    const body = employerBody(t.companyId);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => create(body, t.privateToken)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.status === 422)) {
      expect(statusAndBody(r)).toEqual(
        invalid("Email has already been taken", { email: ["has already been taken"] }),
      );
    }
    const rows = await db().select({ id: users.id }).from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(1);
  });
});
