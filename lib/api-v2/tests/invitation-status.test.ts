import { and, eq, gt, isNull } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { invitations } from "@/lib/db/schema";
import { setClock } from "../clock";
import { call, describeApi, invitationTokens, type Tenant, workerBody } from "./harness";

const DAY = 86_400_000;

describeApi("invitation status and resending (our addition)", (api) => {
  let t: Tenant;
  beforeAll(async () => {
    t = await api.tenant();
  });

  const invite = async () => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody(),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; email: string; invitation_status: string };
  };
  const get = (id: number, token = t.privateToken) => call("GET", `/api_v2/users/${id}`, { token });
  const resend = (id: number, token = t.privateToken) =>
    call("POST", `/api_v2/users/${id}/invitation`, { token });
  const listIds = async (status: string, token = t.privateToken) => {
    const res = await call("GET", "/api_v2/users", {
      token,
      query: { invitation_status: status, per: "50" },
    });
    expect(res.status, res.text).toBe(200);
    return (res.body.users as { id: number }[]).map((u) => u.id);
  };
  const tokenFor = async (email: string) =>
    (await invitationTokens(api, t.companyId)).filter((m) => m.to === email).map((m) => m.token);
  const accept = (token: string) =>
    call("POST", "/api_v2/invitations/accept", {
      json: { token, password: "a long enough password 1" },
    });

  it("a worker is invited, then expired once the link's week is over; the list filters by it", async () => {
    const w = await invite();
    expect(w.invitation_status).toBe("invited");
    expect(await listIds("invited")).toContain(w.id);
    expect(await listIds("expired")).not.toContain(w.id);

    const later = new Date(Date.now() + 8 * DAY);
    setClock(() => later);
    // The API token of a week ago has expired too.
    const token = await api.authenticate(t.privateKeys);
    expect((await get(w.id, token)).body.invitation_status).toBe("expired");
    expect(await listIds("expired", token)).toContain(w.id);
    expect(await listIds("invited", token)).not.toContain(w.id);
    expect(await listIds("invited,expired", token)).toContain(w.id);
  });

  it("resending mails a new link, ends the old one, and leaves the worker's data and ETag alone", async () => {
    const w = await invite();
    const before = await get(w.id);
    const [first] = await tokenFor(w.email);

    const res = await resend(w.id);
    expect(res.status, res.text).toBe(201);
    expect(res.body.invitation_status).toBe("invited");
    expect(res.body.updated_at).toBe(before.body.updated_at);
    expect(res.headers.get("etag")).toBe(before.headers.get("etag"));

    const tokens = await tokenFor(w.email);
    expect(tokens).toHaveLength(2);
    const newest = tokens[0]!;
    expect(newest).not.toBe(first);
    const old = await accept(first!);
    expect(old.status).toBe(422);
    expect(old.body.error.fields.token[0]).toMatch(/^has expired/);

    expect((await accept(newest)).status).toBe(200);
    expect((await get(w.id)).body.invitation_status).toBe("accepted");
    expect(await listIds("accepted")).toContain(w.id);
    expect(await listIds("invited")).not.toContain(w.id);
  });

  it("an expired invitation can be sent again and becomes invited", async () => {
    const w = await invite();
    const later = new Date(Date.now() + 8 * DAY);
    setClock(() => later);
    const token = await api.authenticate(t.privateKeys);
    expect((await get(w.id, token)).body.invitation_status).toBe("expired");
    const res = await resend(w.id, token);
    expect(res.status, res.text).toBe(201);
    expect(res.body.invitation_status).toBe("invited");
  });

  it("a worker who accepted gets no new link: 422 on invitation, and no mail", async () => {
    const w = await invite();
    const [token] = await tokenFor(w.email);
    expect((await accept(token!)).status).toBe(200);
    const res = await resend(w.id);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: "validation_failed",
      fields: { invitation: [expect.stringMatching(/^has already been accepted/)] },
    });
    expect(await tokenFor(w.email)).toHaveLength(1);
  });

  it("three resends an hour per worker; the fourth is 429 with Retry-After and sends nothing", async () => {
    const w = await invite();
    for (let i = 0; i < 3; i++) expect((await resend(w.id)).status).toBe(201);
    const res = await resend(w.id);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe("rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await tokenFor(w.email)).toHaveLength(4);
  });

  it("two resends at once: both mail in turn, and only the newest link is live", async () => {
    const w = await invite();
    const answers = await Promise.all([resend(w.id), resend(w.id)]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    const live = await api.database.db
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.userId, w.id),
          isNull(invitations.usedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      );
    expect(live).toHaveLength(1);
  });

  it("public-pool keys cannot resend; another company's worker is 404; a bad filter is 400", async () => {
    const w = await invite();
    const pub = await resend(w.id, t.publicToken);
    expect(pub.status).toBe(403);
    expect(pub.body.error.code).toBe("forbidden_for_public_pool");
    const other = await api.tenant();
    const foreign = await resend(w.id, other.privateToken);
    expect(foreign.status).toBe(404);
    const bad = await call("GET", "/api_v2/users", {
      token: t.privateToken,
      query: { invitation_status: "pending" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("malformed_request");
    expect(bad.text).toMatch(/invitation_status.*must be among invited, accepted, expired/);
  });
});
