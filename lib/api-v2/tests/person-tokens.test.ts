import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users } from "@/lib/db/schema";
import { call, describeApi, workerBody } from "./harness";

/**
 * A person's token (our addition) acts within the company's private pool, narrowed by the role
 * the permission table gives it (lib/schemas/permissions.ts); the route × role matrix is in
 * roles-matrix.test.ts. These are the token's own rules.
 */
describeApi("person tokens", (api) => {
  it("reads the private pool, and a role without the action gets 403 forbidden_for_role", async () => {
    const a = await api.tenant();
    const viewer = await api.person(a.companyId, "read_only");
    const invited = await call("POST", "/api_v2/users/invite", {
      token: a.privateToken,
      json: workerBody(),
    });
    expect(invited.status).toBe(201);
    const read = await call("GET", `/api_v2/users/${invited.body.id}`, { token: viewer.token });
    expect(read.status).toBe(200);
    const write = await call("PATCH", `/api_v2/users/${invited.body.id}`, {
      token: viewer.token,
      json: { city: "Oakland" },
    });
    expect(write.status).toBe(403);
    expect(write.body).toEqual({
      error: {
        code: "forbidden_for_role",
        message:
          "Your role (Read-only) cannot do this: invite workers, edit them, assign and remove badges, resend invitations",
      },
    });
    const requestor = await api.person(a.companyId, "requestor");
    const edit = await call("PATCH", `/api_v2/users/${invited.body.id}`, {
      token: requestor.token,
      json: { city: "Oakland" },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.city).toBe("Oakland");
  });

  it("an employer user is not a worker: not in the worker list, not readable as a worker of another company", async () => {
    const a = await api.tenant();
    const b = await api.tenant();
    const admin = await api.person(a.companyId, "customer_admin");
    const list = await call("GET", "/api_v2/users", { token: a.privateToken, query: { per: 50 } });
    expect(list.status).toBe(200);
    expect(list.body.users.map((u: { id: number }) => u.id)).not.toContain(admin.id);
    expect(list.body.total).toBe(0);
    const other = await call("GET", `/api_v2/users/${admin.id}`, { token: b.privateToken });
    expect(other.status).toBe(404);
  });

  it("a deactivated person's token is refused at once, on every request", async () => {
    const a = await api.tenant();
    const person = await api.person(a.companyId, "requestor");
    expect((await call("GET", "/api_v2/users", { token: person.token })).status).toBe(200);
    await api.database.db.update(users).set({ suspended: true }).where(eq(users.id, person.id));
    const after = await call("GET", "/api_v2/users", { token: person.token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("invalid_token");
  });
});
