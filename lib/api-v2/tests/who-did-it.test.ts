import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { invitations, outbox } from "@/lib/db/schema";
import {
  call,
  describeApi,
  invitationTokens,
  type Person,
  type Tenant,
  workerBody,
} from "./harness";

/**
 * Who did it (our addition): a change made by a teammate signed in with their own password
 * names them where it is recorded and wherever it is shown: the worker's history
 * (`actor.user`), the job's transitions (`actor_user`), the outbox (`sent_by`, and the
 * `actor_user_id` of the webhook deliveries). A key pair's change names nobody (null), as
 * before people existed. And every change tells the same story: workers losing a deleted
 * badge get a `user.updated` webhook as a PATCH would send, and a mail whose link a resend
 * ended says so (`link_state: "replaced"`).
 */
const DAY = 24 * 60 * 60 * 1000;

describeApi("who did it", (api) => {
  const db = () => api.database.db;
  let t: Tenant;
  let admin: Person;
  let dana: Person;

  const invite = async (token: string, overrides: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api_v2/users/invite", { token, json: workerBody(overrides) });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; email: string };
  };
  const posting = (token: string) =>
    call("POST", "/api_v2/job_requests", {
      token,
      json: {
        request_name: "Who shift",
        category: "General Labor",
        state: "posted",
        description_tasks: "Stack boxes",
        slots: 3,
        address: "1 Who Way",
        city: "Oakland",
        zip: "94607",
        latitude: "37.8",
        longitude: "-122.27",
      },
    });
  const mails = async () =>
    (await call("GET", "/api_v2/mails", { token: t.privateToken, query: { per: 50 } })).body
      .mails as any[];

  beforeAll(async () => {
    t = await api.tenant("Who Co");
    admin = await api.person(t.companyId, "customer_admin", {
      firstName: "Ada",
      lastName: "Admin",
    });
    dana = await api.person(t.companyId, "requestor", { firstName: "Dana", lastName: "Lee" });
    const hook = await call("POST", "/api_v2/webhooks", {
      token: t.privateToken,
      json: { url: "https://hooks.example.test/who" },
    });
    expect(hook.status, hook.text).toBe(201);
  });

  it("history names the teammate; a key pair's change names nobody", async () => {
    const w = await invite(dana.token);
    await call("PATCH", `/api_v2/users/${w.id}`, {
      token: t.privateToken,
      json: { city: "Oakland" },
    });
    await call("PATCH", `/api_v2/users/${w.id}`, { token: dana.token, json: { city: "Fresno" } });
    const res = await call("GET", `/api_v2/users/${w.id}/history`, { token: t.privateToken });
    const actors = res.body.history.map((h: any) => [h.kind, h.actor.type, h.actor.user]);
    expect(actors).toEqual([
      ["updated", "employer", { id: dana.id, name: "Dana Lee" }],
      ["updated", "api_key", null],
      ["invited", "employer", { id: dana.id, name: "Dana Lee" }],
    ]);
    // Named as they are now, read from the person's row.
    await db().execute(sql`update users set last_name = 'Lee-Park' where id = ${dana.id}`);
    const renamed = await call("GET", `/api_v2/users/${w.id}/history`, { token: t.privateToken });
    expect(renamed.body.history[0].actor.user.name).toBe("Dana Lee-Park");
    await db().execute(sql`update users set last_name = 'Lee' where id = ${dana.id}`);
  });

  it("job transitions name the teammate who hired and who cancelled", async () => {
    const jr = (await posting(dana.token)).body.job_request.id;
    const w1 = await invite(t.privateToken);
    const w2 = await invite(t.privateToken);
    const hired = await call("POST", "/api_v2/jobs/assign", {
      token: dana.token,
      json: { worker_id: w1.id, job_request_id: jr },
    });
    expect(hired.status, hired.text).toBe(201);
    expect(hired.body.job.transitions.map((x: any) => [x.name, x.actor, x.actor_user])).toEqual([
      ["filled", "requestor", { id: dana.id, name: "Dana Lee" }],
    ]);
    const byKey = await call("POST", "/api_v2/jobs", {
      token: t.privateToken,
      json: { job: { worker_id: w2.id, job_request_id: jr } },
    });
    expect(byKey.body.job.transitions[0].actor_user).toBeNull();
    const cancelled = await call("PATCH", `/api_v2/jobs/${hired.body.job.id}`, {
      token: admin.token,
      json: { state: "cancelled", cancelled_reason: "decided_to_cancel" },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body.job.transitions.at(-1)).toMatchObject({
      name: "cancelled",
      actor: "requestor",
      actor_user: { id: admin.id, name: "Ada Admin" },
    });
    // A cancelled request cancels its jobs: the system moves them, for the person who cancelled.
    const cancelRequest = await call("PATCH", `/api_v2/job_requests/${jr}`, {
      token: dana.token,
      json: { job_request: { state: "cancelled" } },
    });
    expect(cancelRequest.status, cancelRequest.text).toBe(200);
    const job2 = await call("GET", `/api_v2/jobs/${byKey.body.job.id}`, { token: t.privateToken });
    expect(job2.body.job.transitions.at(-1)).toMatchObject({
      name: "cancelled",
      actor: "system",
      actor_user: { id: dana.id, name: "Dana Lee" },
    });
    const requestEvents = await db()
      .select({ actor: outbox.actorUserId, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.companyId, t.companyId), eq(outbox.event, "job_request.state_changed")))
      .orderBy(asc(outbox.id));
    const cancelledEvent = requestEvents.find(
      (d) => JSON.parse(d.body).data.job_request.state === "cancelled",
    );
    expect(cancelledEvent?.actor).toBe(dana.id);
    // The webhook deliveries of the hire record her too (never in the payload).
    const deliveries = await db()
      .select({ actor: outbox.actorUserId, body: outbox.body })
      .from(outbox)
      .where(and(eq(outbox.companyId, t.companyId), eq(outbox.event, "job.state_changed")))
      .orderBy(asc(outbox.id));
    const ofHire = deliveries.filter((d) => JSON.parse(d.body).data.job.id === hired.body.job.id);
    expect(ofHire.map((d) => d.actor)).toEqual([dana.id, admin.id]);
    for (const d of ofHire) expect(d.body).not.toContain("actor_user_id");
  });

  it("the outbox names who sent a mail, and says when a resend replaced its link", async () => {
    const w = await invite(dana.token);
    const resent = await call("POST", `/api_v2/users/${w.id}/invitation`, { token: admin.token });
    expect(resent.status, resent.text).toBe(201);
    const byKey = await invite(t.privateToken);
    const mine = (await mails()).filter((m) => m.to === w.email || m.to === byKey.email);
    expect(mine.map((m) => [m.to, m.sent_by, m.link_state])).toEqual([
      [byKey.email, null, "live"],
      [w.email, { id: admin.id, name: "Ada Admin" }, "live"],
      [w.email, { id: dana.id, name: "Dana Lee" }, "replaced"],
    ]);

    const token = (await invitationTokens(api, t.companyId)).find((m) => m.to === w.email)!.token;
    const accepted = await call("POST", "/api_v2/invitations/accept", {
      json: { token, password: "who did it 4 sure" },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const after = (await mails()).filter((m) => m.to === w.email).map((m) => m.link_state);
    expect(after).toEqual(["used", "replaced"]);

    // Its time runs out (moved back rather than the clock forward: the tokens would expire too).
    const sentAt = new Date(Date.now() - 40 * DAY);
    await db()
      .update(invitations)
      .set({ createdAt: sentAt, expiresAt: new Date(Date.now() - DAY) })
      .where(eq(invitations.email, byKey.email));
    await db()
      .update(outbox)
      .set({ createdAt: sentAt })
      .where(and(eq(outbox.target, byKey.email), eq(outbox.channel, "email")));
    const later = (await mails()).find((m) => m.to === byKey.email);
    expect(later.link_state).toBe("expired");
  });

  it("workers losing a deleted badge each get the user.updated webhook a PATCH would send", async () => {
    const badge = await call("POST", "/api_v2/badges", {
      token: admin.token,
      json: { name: "Forklift (who)", description: "d" },
    });
    const other = await call("POST", "/api_v2/badges", {
      token: admin.token,
      json: { name: "Ladder (who)", description: "d" },
    });
    const attrs = [{ badge_id: String(badge.body.id) }, { badge_id: String(other.body.id) }];
    const holders = [
      await invite(t.privateToken, { user_badges_attributes: attrs }),
      await invite(t.privateToken, { user_badges_attributes: attrs.slice(0, 1) }),
      await invite(t.privateToken, { user_badges_attributes: attrs.slice(0, 1) }),
    ];
    const bystander = await invite(t.privateToken, { user_badges_attributes: attrs.slice(1) });
    // The payload a PATCH that removes a badge sends, for comparison.
    const patchedUserBadge = (
      await call("GET", `/api_v2/users/${holders[0]!.id}`, { token: t.privateToken })
    ).body.user_badges.find((b: any) => b.badge_id === String(other.body.id));
    await call("PATCH", `/api_v2/users/${holders[0]!.id}`, {
      token: admin.token,
      json: { user_badges_attributes: [{ id: patchedUserBadge.id, _destroy: true }] },
    });
    const updates = async () =>
      (
        await db()
          .select({ body: outbox.body, actor: outbox.actorUserId })
          .from(outbox)
          .where(and(eq(outbox.companyId, t.companyId), eq(outbox.event, "user.updated")))
          .orderBy(asc(outbox.id))
      ).map((r) => ({ ...JSON.parse(r.body), actor: r.actor }));
    const [patched] = (await updates()).filter((u) => u.data.user.id === holders[0]!.id);
    expect(patched.data.badges_removed).toEqual([
      { badge_id: String(other.body.id), name: "Ladder (who)" },
    ]);
    const before = (await updates()).length;

    const res = await call("DELETE", `/api_v2/badges/${badge.body.id}`, {
      token: admin.token,
      query: { remove_from_workers: "true" },
    });
    expect(res.status, res.text).toBe(204);
    const sent = (await updates()).slice(before);
    expect(sent.map((u) => u.data.user.id).sort()).toEqual(holders.map((h) => h.id).sort());
    expect(new Set(sent.map((u) => u.id)).size).toBe(holders.length);
    for (const u of sent) {
      expect(Object.keys(u)).toEqual(
        Object.keys(patched)
          .filter((k) => k !== "actor")
          .concat("actor"),
      );
      expect(Object.keys(u.data)).toEqual(Object.keys(patched.data));
      expect(Object.keys(u.data.user)).toEqual(Object.keys(patched.data.user));
      expect(u).toMatchObject({
        event: "user.updated",
        actor: admin.id,
        data: {
          changes: {},
          badges_added: [],
          badges_removed: [{ badge_id: String(badge.body.id), name: "Forklift (who)" }],
          user: { user_badges: expect.any(Array), ssn: null, dob: null },
        },
      });
      expect(u.data.user.user_badges.map((b: any) => b.badge_id)).not.toContain(
        String(badge.body.id),
      );
    }
    expect(sent.map((u) => u.data.user.id)).not.toContain(bystander.id);
    const history = await call("GET", `/api_v2/users/${holders[1]!.id}/history`, {
      token: t.privateToken,
    });
    expect(history.body.history[0].actor).toMatchObject({
      type: "employer",
      api_key: null,
      user: { id: admin.id, name: "Ada Admin" },
    });
  });
});
