import { and, desc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { outbox, users } from "@/lib/db/schema";
import { openStoredMail } from "../events/invitation-mail";
import { call, describeApi, invitationTokens, type Tenant, workerBody } from "./harness";

/**
 * Inviting a teammate (our addition): POST /users/invite with `type: "Employer"`, the mail that
 * says who invited them, to what company and role, and how long the link lasts; accepting it
 * sets their password; resending works for a teammate too.
 */

let seq = 0;
const teammate = (overrides: Record<string, unknown> = {}) => {
  seq++;
  return {
    type: "Employer",
    first_name: "Sam",
    last_name: `Rivera${seq}`,
    email: `sam.rivera${seq}.${process.pid}@example.com`,
    role: "requestor",
    title: "Dispatcher",
    ...overrides,
  };
};

describeApi("teammate invitations", (api) => {
  let a: Tenant;
  const db = () => api.database.db;

  beforeAll(async () => {
    a = await api.tenant("Invite Team Co");
  });

  const lastMailTo = async (email: string) => {
    const [row] = await db()
      .select({ body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.companyId, a.companyId), eq(outbox.target, email)))
      .orderBy(desc(outbox.id))
      .limit(1);
    return openStoredMail(row!.body);
  };

  it("invites a teammate by e-mail: the mail names the inviter, the company and the role; accepting sets the password", async () => {
    const admin = await api.person(a.companyId, "customer_admin", {
      firstName: "Dana",
      lastName: "Lee",
    });
    const body = teammate();
    const res = await call("POST", "/api_v2/users/invite", { token: admin.token, json: body });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      type: "Employer",
      role: "requestor",
      title: "Dispatcher",
      customer_id: a.companyId,
      invitation_status: "invited",
    });
    expect(res.headers.get("location")).toBe(`/api_v2/users/${res.body.id}`);
    const { meta, content } = await lastMailTo(body.email);
    expect(meta.subject).toBe("Invite Team Co invited you to their team as Requestor");
    const lines = content!.text.split("\n");
    expect(lines[2]).toBe("Dana Lee has invited you to join Invite Team Co's team as Requestor.");
    expect(lines[3]).toBe("Accept the invitation and choose your own password here:");
    expect(lines[7]).toMatch(
      /^The link can be used once, until .+ UTC, or until a newer invitation replaces it\.$/,
    );
    expect(content!.text).not.toContain("works once");
    expect(content!.html).toContain("or until a newer invitation replaces it");

    const [link] = await invitationTokens(api, a.companyId);
    expect(link!.to).toBe(body.email);
    const inspect = await call("POST", "/api_v2/invitations/inspect", {
      json: { token: link!.token },
    });
    expect(inspect.body).toMatchObject({ state: "valid", type: "Employer", role: "requestor" });
    const accept = await call("POST", "/api_v2/invitations/accept", {
      json: { token: link!.token, password: "teammate password 1" },
    });
    expect(accept.status, accept.text).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, res.body.id));
    expect(row!.passwordHash).toMatch(/^scrypt\$/);
    const got = await call("GET", `/api_v2/users/${res.body.id}`, { token: a.privateToken });
    expect(got.body.invitation_status).toBe("accepted");
    // The team reads the teammate's history; the acceptance is in the teammate's own name.
    const history = await call("GET", `/api_v2/users/${res.body.id}/history`, {
      token: a.privateToken,
    });
    expect(history.status).toBe(200);
    expect(history.body.history[0]).toMatchObject({
      kind: "invitation_accepted",
      actor: {
        type: "employer",
        user: { id: res.body.id, name: `${body.first_name} ${body.last_name}` },
      },
    });
  });

  it("a worker's invitation says the same about its link; a key pair's teammate invitation names no person", async () => {
    const w = await call("POST", "/api_v2/users/invite", {
      token: a.privateToken,
      json: workerBody(),
    });
    const worker = await lastMailTo(w.body.email);
    expect(worker.content!.text).toContain("or until a newer invitation replaces it.");
    const body = teammate({ role: "read_only" });
    const res = await call("POST", "/api_v2/users/invite", { token: a.privateToken, json: body });
    expect(res.status, res.text).toBe(201);
    const { content } = await lastMailTo(body.email);
    expect(content!.text).toContain(
      "An administrator has invited you to join Invite Team Co's team as Read-only.",
    );
  });

  it("resends a teammate's invitation: the earlier link stops working", async () => {
    const body = teammate();
    const res = await call("POST", "/api_v2/users/invite", { token: a.privateToken, json: body });
    const [first] = await invitationTokens(api, a.companyId);
    const again = await call("POST", `/api_v2/users/${res.body.id}/invitation`, {
      token: a.privateToken,
    });
    expect(again.status, again.text).toBe(201);
    expect(again.body).toMatchObject({ id: res.body.id, type: "Employer" });
    const [second] = await invitationTokens(api, a.companyId);
    expect(second!.token).not.toBe(first!.token);
    const old = await call("POST", "/api_v2/invitations/inspect", {
      json: { token: first!.token },
    });
    expect(old.body.state).toBe("expired");
    const { content } = await lastMailTo(body.email);
    expect(content!.text).toContain("team as Requestor");
    // A requestor may resend a worker's invitation, not a teammate's.
    const requestor = await api.person(a.companyId, "requestor");
    const refused = await call("POST", `/api_v2/users/${res.body.id}/invitation`, {
      token: requestor.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden_for_role");
  });

  it("refuses a teammate's invitation without team.write, and bad fields with every field at once", async () => {
    const requestor = await api.person(a.companyId, "requestor");
    const refused = await call("POST", "/api_v2/users/invite", {
      token: requestor.token,
      json: teammate(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("forbidden_for_role");
    // A requestor still invites workers.
    const worker = await call("POST", "/api_v2/users/invite", {
      token: requestor.token,
      json: workerBody(),
    });
    expect(worker.status, worker.text).toBe(201);
    const taken = await call("POST", "/api_v2/users/invite", {
      token: a.privateToken,
      json: teammate({ email: worker.body.email, role: "admin", first_name: " " }),
    });
    expect({ status: taken.status, body: taken.body }).toEqual({
      status: 422,
      body: {
        error: {
          code: "validation_failed",
          message:
            "First name can't be blank; Role must be one of customer_admin, requestor, read_only; Email has already been taken",
          fields: {
            first_name: ["can't be blank"],
            role: ["must be one of customer_admin, requestor, read_only"],
            email: ["has already been taken"],
          },
        },
      },
    });
    const pub = await call("POST", "/api_v2/users/invite", {
      token: a.publicToken,
      json: teammate(),
    });
    expect(pub.status).toBe(403);
    expect(pub.body.error.code).toBe("forbidden_for_public_pool");
  });
});
