import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { userChanges, users } from "@/lib/db/schema";
import { resetEnv } from "@/lib/env";
import { createJob, createJobRequest, setJobState } from "../admin/admin";
import { setClock } from "../clock";
import { Dispatcher } from "../events/dispatcher";
import {
  deliveryListSchema,
  deliverySchema,
  invitationAcceptedSchema,
  invitationSchema,
  mailListSchema,
  mailSchema,
  userChangeSchema,
  userHistorySchema,
  WEBHOOK_EVENT_SCHEMAS,
  webhookListSchema,
  webhookRemovedSchema,
  webhookSchema,
} from "../openapi/response-schemas";
import { call, describeApi, makeDemo, type Tenant, workerBody } from "./harness";

/**
 * Webhooks, their deliveries, the invitation mail, the change history and the invitation
 * links, driven through the real handlers. No dispatcher runs here unless a test makes one, so
 * what a write queued stays pending where the test can read it.
 */

const WEBHOOK_FIELDS = ["id", "url", "events", "all_events", "signing_key", "created_at"];
const DELIVERY_FIELDS = [
  "id",
  "event_id",
  "event",
  "webhook_id",
  "url",
  "state",
  "attempts",
  "max_attempts",
  "next_attempt_at",
  "last_status",
  "last_error",
  "delivered_at",
  "created_at",
  "payload",
  "attempt_log",
];
const MAIL_FIELDS = [
  "id",
  "event",
  "to",
  "to_name",
  "subject",
  "state",
  "transport",
  "attempts",
  "last_error",
  "created_at",
  "delivered_at",
  "link_expires_at",
  "body_available",
  "text",
  "html",
  "link",
  "sent_by",
  "link_state",
];
const CHANGE_FIELDS = [
  "id",
  "user_id",
  "kind",
  "occurred_at",
  "actor",
  "changes",
  "badges_added",
  "badges_removed",
];
const INVITATION_FIELDS = [
  "state",
  "first_name",
  "company_name",
  "email",
  "expires_at",
  "used_at",
  "type",
  "role",
];
const ALL_EVENTS = [
  "job_request.state_changed",
  "job.state_changed",
  "user.invited",
  "user.updated",
  "message.created",
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The API's timestamp format (formatTimestamp). */
const ts = (d: Date) => d.toISOString().replace("Z", "+00:00");

const invalid = (fields: Record<string, string[]>, message: string) => ({
  error: { code: "validation_failed", message, fields },
});
const notFound = (what: string) => ({ error: { code: "not_found", message: `${what} not found` } });
const FORBIDDEN = {
  error: {
    code: "forbidden_for_public_pool",
    message: "This operation needs a private pool key; public pool keys may only read",
  },
};
const UNKNOWN_LINK = {
  error: {
    code: "not_found",
    message: "This invitation link is not valid. Ask the employer to invite you again.",
  },
};
const USED =
  "has already been used: this invitation was accepted before, so you can sign in to the app";
const EXPIRED = "has expired: ask the employer to send a new invitation";

/**
 * Tokens are issued with the clock at EPOCH, so they stay valid for every time a test sets on
 * that day, and for any earlier time (the resend test runs in 2020, before every other row).
 */
const EPOCH = new Date("2031-01-01T00:00:00.000Z");
const at = (time: string) => new Date(`2031-01-01T${time}Z`);
const DAY_MS = 86_400_000;

/**
 * The OpenAPI document's output schema describes this response exactly: every key, in its
 * order, and every value (the document's own test does the same for the user and badge
 * serializers).
 */
function conforms(schema: z.ZodObject, body: unknown): void {
  expect(Object.keys(body as object)).toEqual(Object.keys(schema.shape));
  expect(schema.parse(body)).toEqual(body);
}

const statusAndBody = (res: { status: number; body: unknown }) => ({
  status: res.status,
  body: res.body,
});

describeApi("webhooks, deliveries, mails, history and invitations", (api) => {
  const db = () => api.database.db;

  const tenant = async (label: string) => {
    setClock(() => EPOCH);
    try {
      return await api.tenant(label);
    } finally {
      setClock(null);
    }
  };

  const createHook = (t: Tenant, json: unknown, token = t.privateToken) =>
    call("POST", "/api_v2/webhooks", { token, json });
  const hook = async (t: Tenant, json: Record<string, unknown>) => {
    const res = await createHook(t, json);
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; url: string; events: string[] };
  };
  const invite = async (t: Tenant, overrides: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody(overrides),
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const patch = (t: Tenant, id: number, json: unknown) =>
    call("PATCH", `/api_v2/users/${id}`, { token: t.privateToken, json });
  const deliveries = async (t: Tenant, query: Record<string, string | number> = {}) => {
    const res = await call("GET", "/api_v2/webhook_deliveries", {
      token: t.privateToken,
      query: { per: 50, ...query },
    });
    expect(res.status, res.text).toBe(200);
    conforms(deliveryListSchema, res.body);
    return res.body as { deliveries: any[]; page: number; per: number; total: number };
  };
  const mails = async (t: Tenant) => {
    const res = await call("GET", "/api_v2/mails", { token: t.privateToken, query: { per: 50 } });
    expect(res.status, res.text).toBe(200);
    conforms(mailListSchema, res.body);
    return res.body as { mails: any[]; page: number; per: number; total: number };
  };
  const history = async (t: Tenant, userId: number, token = t.privateToken) => {
    const res = await call("GET", `/api_v2/users/${userId}/history`, { token });
    expect(res.status, res.text).toBe(200);
    conforms(userHistorySchema, res.body);
    return res.body as { history: any[]; page: number; per: number; total: number };
  };
  const changeCount = async () => (await db().select({ n: count() }).from(userChanges))[0]!.n;

  describe("the webhook resource", () => {
    let w: Tenant;
    let other: Tenant;
    beforeAll(async () => {
      w = await tenant("Hook Co");
      other = await tenant("Other Hook Co");
    });

    it("creates a subscription to every event: 201, Location, every field", async () => {
      setClock(() => at("08:00:00.123"));
      const res = await createHook(w, { url: "https://hooks.example.com/all" });
      expect(res.status, res.text).toBe(201);
      expect(Object.keys(res.body)).toEqual(WEBHOOK_FIELDS);
      conforms(webhookSchema, res.body);
      expect(res.body).toEqual({
        id: expect.any(Number),
        url: "https://hooks.example.com/all",
        events: ALL_EVENTS,
        all_events: true,
        signing_key: w.privateKeys.api_key,
        created_at: "2031-01-01T08:00:00.123+00:00",
      });
      expect(res.headers.get("location")).toBe(`/api_v2/webhooks/${res.body.id}`);
      const got = await call("GET", res.headers.get("location")!, { token: w.privateToken });
      expect(statusAndBody(got)).toEqual({ status: 200, body: res.body });
    });

    it("takes the body under webhook too, and chosen events once each", async () => {
      const res = await createHook(w, {
        webhook: {
          url: "https://hooks.example.com/some",
          events: ["user.invited", "user.invited"],
        },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ events: ["user.invited"], all_events: false });
      // Naming every event is the same as naming none: new events will be sent too.
      const every = await hook(w, { url: "https://hooks.example.com/every", events: ALL_EVENTS });
      expect(every).toMatchObject({ events: ALL_EVENTS, all_events: true });
      const none = await hook(w, { url: "https://hooks.example.com/none", events: [] });
      expect(none).toMatchObject({ events: ALL_EVENTS, all_events: true });
    });

    it.each(["http://127.0.0.1:9999/hook", "http://localhost:8080/hook", "http://[::1]:8080/hook"])(
      "accepts plain http to loopback where the deployment allows loopback (%s)",
      async (url) => {
        resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "true" });
        try {
          const res = await createHook(w, { url });
          expect(res.status, res.text).toBe(201);
          expect(res.body.url).toBe(url);
        } finally {
          resetEnv({ WEBHOOK_ALLOW_LOOPBACK: undefined });
        }
      },
    );

    type Case = { name: string; body: unknown; error: unknown };
    const cases: Case[] = [
      {
        name: "plain http to another host",
        body: { url: "http://hooks.example.com/x" },
        error: invalid(
          { url: ["must use https (plain http only to 127.0.0.1, ::1 or localhost)"] },
          "Url must use https (plain http only to 127.0.0.1, ::1 or localhost)",
        ),
      },
      {
        name: "an ftp URL",
        body: { url: "ftp://hooks.example.com/x" },
        error: invalid({ url: ["must use https"] }, "Url must use https"),
      },
      {
        name: "not a URL at all",
        body: { url: "hooks dot example" },
        error: invalid(
          { url: ["must be an absolute https URL"] },
          "Url must be an absolute https URL",
        ),
      },
      {
        name: "a relative URL",
        body: { url: "/hook" },
        error: invalid(
          { url: ["must be an absolute https URL"] },
          "Url must be an absolute https URL",
        ),
      },
      {
        name: "a URL with credentials",
        body: { url: "https://user:pass@hooks.example.com/x" },
        error: invalid(
          { url: ["must not carry a user name or password"] },
          "Url must not carry a user name or password",
        ),
      },
      {
        name: "a blank URL",
        body: { url: "  " },
        error: invalid({ url: ["can't be blank"] }, "Url can't be blank"),
      },
      {
        name: "an unknown event",
        body: { url: "https://hooks.example.com/unknown-event", events: ["user.deleted"] },
        error: invalid(
          { "events[0]": [`must be one of ${ALL_EVENTS.join(", ")}`] },
          `Events must be one of ${ALL_EVENTS.join(", ")}`,
        ),
      },
    ];
    it.each(cases)("refuses $name: 422", async ({ body, error }) => {
      const before = (await call("GET", "/api_v2/webhooks", { token: w.privateToken })).body;
      const res = await createHook(w, body);
      expect(statusAndBody(res)).toEqual({ status: 422, body: error });
      const after = (await call("GET", "/api_v2/webhooks", { token: w.privateToken })).body;
      expect(after).toEqual(before);
    });

    it("refuses a URL the company already registered, but not one another company did", async () => {
      const first = await hook(w, { url: "https://hooks.example.com/dup" });
      const res = await createHook(w, {
        url: "https://hooks.example.com/dup",
        events: ["user.updated"],
      });
      const taken = `is already registered (webhook ${first.id})`;
      expect(statusAndBody(res)).toEqual({
        status: 422,
        body: invalid({ url: [taken] }, `Url ${taken}`),
      });
      const theirs = await createHook(other, { url: "https://hooks.example.com/dup" });
      expect(theirs.status, theirs.text).toBe(201);
    });

    it("lists the company's own subscriptions only, oldest first", async () => {
      const mine = await hook(w, { url: "https://hooks.example.com/listed" });
      const theirs = await hook(other, { url: "https://hooks.example.com/theirs" });
      const res = await call("GET", "/api_v2/webhooks", { token: w.privateToken });
      expect(res.status, res.text).toBe(200);
      conforms(webhookListSchema, res.body);
      const ids = res.body.webhooks.map((h: any) => h.id);
      expect(ids).toContain(mine.id);
      expect(ids).not.toContain(theirs.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
      for (const h of res.body.webhooks) expect(Object.keys(h)).toEqual(WEBHOOK_FIELDS);
      const got = await call("GET", `/api_v2/webhooks/${mine.id}`, { token: w.privateToken });
      expect(res.body.webhooks.find((h: any) => h.id === mine.id)).toEqual(got.body);
    });

    it("hides another company's subscription: 404 to read or delete it", async () => {
      const theirs = await hook(other, { url: "https://hooks.example.com/private" });
      for (const method of ["GET", "DELETE"]) {
        const res = await call(method, `/api_v2/webhooks/${theirs.id}`, { token: w.privateToken });
        expect(statusAndBody(res), method).toEqual({ status: 404, body: notFound("Webhook") });
      }
      for (const id of ["999999", "abc", "0"]) {
        const res = await call("GET", `/api_v2/webhooks/${id}`, { token: w.privateToken });
        expect(statusAndBody(res), id).toEqual({ status: 404, body: notFound("Webhook") });
      }
      const still = await call("GET", `/api_v2/webhooks/${theirs.id}`, {
        token: other.privateToken,
      });
      expect(still.status).toBe(200);
    });

    it("is for private-pool keys only: 403 for a public-pool key", async () => {
      const mine = await hook(w, { url: "https://hooks.example.com/public-probe" });
      const attempts: [string, string, unknown?][] = [
        ["GET", "/api_v2/webhooks"],
        ["POST", "/api_v2/webhooks", { url: "https://hooks.example.com/by-public" }],
        ["GET", `/api_v2/webhooks/${mine.id}`],
        ["DELETE", `/api_v2/webhooks/${mine.id}`],
        ["GET", "/api_v2/webhook_deliveries"],
        ["POST", "/api_v2/webhook_deliveries/1/resend"],
        ["GET", "/api_v2/mails"],
      ];
      for (const [method, path, json] of attempts) {
        const res = await call(method, path, { token: w.publicToken, json });
        expect(statusAndBody(res), `${method} ${path}`).toEqual({ status: 403, body: FORBIDDEN });
      }
      const still = await call("GET", `/api_v2/webhooks/${mine.id}`, { token: w.privateToken });
      expect(still.status).toBe(200);
    });

    it("needs a token", async () => {
      const res = await call("GET", "/api_v2/webhooks");
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe("missing_token");
    });

    it("deletes a subscription and ends its pending deliveries", async () => {
      const d = await tenant("Delete Co");
      const gone = await hook(d, { url: "https://hooks.example.com/gone" });
      const kept = await hook(d, { url: "https://hooks.example.com/kept" });
      setClock(() => at("09:00:00.000"));
      await invite(d);
      expect((await deliveries(d, { state: "pending" })).total).toBe(2);

      setClock(() => at("09:05:00.000"));
      const res = await call("DELETE", `/api_v2/webhooks/${gone.id}`, { token: d.privateToken });
      expect(statusAndBody(res)).toEqual({
        status: 200,
        body: { removed: true, id: gone.id, pending_deliveries_cancelled: 1 },
      });
      conforms(webhookRemovedSchema, res.body);
      const get = await call("GET", `/api_v2/webhooks/${gone.id}`, { token: d.privateToken });
      expect(statusAndBody(get)).toEqual({ status: 404, body: notFound("Webhook") });
      const again = await call("DELETE", `/api_v2/webhooks/${gone.id}`, { token: d.privateToken });
      expect(statusAndBody(again)).toEqual({ status: 404, body: notFound("Webhook") });
      const list = await call("GET", "/api_v2/webhooks", { token: d.privateToken });
      expect(list.body.webhooks.map((h: any) => h.id)).toEqual([kept.id]);

      // The cancelled delivery stays on record as dead; the other subscription's is untouched.
      const dead = await deliveries(d, { state: "dead" });
      expect(dead.deliveries).toEqual([
        expect.objectContaining({
          url: "https://hooks.example.com/gone",
          state: "dead",
          attempts: 0,
          next_attempt_at: null,
          last_error: "webhook removed at 2031-01-01T09:05:00.000Z",
        }),
      ]);
      const pending = await deliveries(d, { state: "pending" });
      expect(pending.deliveries.map((x) => x.url)).toEqual(["https://hooks.example.com/kept"]);

      // Nothing more is queued for the removed subscription.
      await invite(d);
      expect((await deliveries(d)).deliveries.map((x) => x.url)).toEqual([
        "https://hooks.example.com/kept",
        "https://hooks.example.com/kept",
        "https://hooks.example.com/gone",
      ]);
    });
  });

  describe("deliveries of user events", () => {
    let e: Tenant;
    let other: Tenant;
    const hooks = {} as Record<"all" | "invited" | "updated" | "jobs", { id: number; url: string }>;
    let worker: any;

    beforeAll(async () => {
      e = await tenant("Event Co");
      other = await tenant("Quiet Co");
      hooks.all = await hook(e, { url: "https://hooks.example.com/e/all" });
      hooks.invited = await hook(e, {
        url: "https://hooks.example.com/e/invited",
        events: ["user.invited"],
      });
      hooks.updated = await hook(e, {
        url: "https://hooks.example.com/e/updated",
        events: ["user.updated"],
      });
      hooks.jobs = await hook(e, {
        url: "https://hooks.example.com/e/jobs",
        events: ["job.state_changed", "job_request.state_changed"],
      });
      await hook(other, { url: "https://hooks.example.com/quiet/all" });
    });

    it("queues user.invited for the subscriptions that want it, with the documented body", async () => {
      const now = at("10:00:00.250");
      setClock(() => now);
      worker = await invite(e, { first_name: "Katherine" });
      const page = await deliveries(e);
      expect(page).toMatchObject({ page: 1, per: 50, total: 2 });
      const byUrl = Object.fromEntries(page.deliveries.map((d) => [d.url, d]));
      expect(Object.keys(byUrl).sort()).toEqual([hooks.all.url, hooks.invited.url].sort());
      const eventId = byUrl[hooks.all.url].event_id;
      expect(eventId).toMatch(UUID);
      for (const [url, d] of Object.entries<any>(byUrl)) {
        expect(Object.keys(d), url).toEqual(DELIVERY_FIELDS);
        conforms(deliverySchema, d);
        expect(d, url).toEqual({
          id: expect.any(Number),
          event_id: eventId,
          event: "user.invited",
          webhook_id: url === hooks.all.url ? hooks.all.id : hooks.invited.id,
          url,
          state: "pending",
          attempts: 0,
          max_attempts: 4,
          next_attempt_at: ts(now),
          last_status: null,
          last_error: null,
          delivered_at: null,
          created_at: ts(now),
          payload: {
            id: eventId,
            event: "user.invited",
            occurred_at: now.toISOString(),
            data: { user: worker },
          },
          attempt_log: [],
        });
      }
      // Another company's subscriptions hear nothing of it.
      expect((await deliveries(other)).total).toBe(0);
    });

    it("queues user.updated with what changed, for the subscriptions that want it", async () => {
      const before = await deliveries(e);
      const now = at("10:10:00.000");
      setClock(() => now);
      const res = await patch(e, worker.id, { city: "Hampton", zip: "23669" });
      expect(res.status, res.text).toBe(200);
      const after = await deliveries(e);
      expect(after.total).toBe(before.total + 2);
      const fresh = after.deliveries.slice(0, 2);
      expect(fresh.map((d) => d.url).sort()).toEqual([hooks.all.url, hooks.updated.url].sort());
      expect(fresh[0].event_id).toBe(fresh[1].event_id);
      for (const d of fresh) {
        expect(d.payload).toEqual({
          id: d.event_id,
          event: "user.updated",
          occurred_at: now.toISOString(),
          data: {
            user: res.body,
            changes: { city: { from: null, to: "Hampton" }, zip: { from: null, to: "23669" } },
            badges_added: [],
            badges_removed: [],
          },
        });
      }
    });

    it("queues nothing for a PATCH that changes nothing", async () => {
      const before = await deliveries(e);
      const res = await patch(e, worker.id, { city: "Hampton" });
      expect(res.status, res.text).toBe(200);
      expect(await deliveries(e)).toEqual(before);
    });

    it("queues no mail, no delivery and no history for a refused invite", async () => {
      const [d0, m0, h0] = [await deliveries(e), await mails(e), await changeCount()];
      const res = await call("POST", "/api_v2/users/invite", {
        token: e.privateToken,
        json: workerBody({ email: worker.email }),
      });
      expect(res.status).toBe(422);
      expect(res.body.error.fields).toEqual({ email: ["has already been taken"] });
      expect(await deliveries(e)).toEqual(d0);
      expect(await mails(e)).toEqual(m0);
      expect(await changeCount()).toBe(h0);
    });

    it("filters by state and by subscription, and pages", async () => {
      const invitedOnly = await deliveries(e, { webhook_id: hooks.invited.id });
      expect(invitedOnly.deliveries.map((d) => d.event)).toEqual(["user.invited"]);
      expect((await deliveries(e, { webhook_id: hooks.jobs.id })).total).toBe(0);
      expect((await deliveries(e, { state: "dead" })).total).toBe(0);
      expect((await deliveries(e, { state: "delivered" })).total).toBe(0);
      const all = await deliveries(e, { state: "pending" });
      expect(all.total).toBe(4);
      // Newest first.
      expect(all.deliveries.map((d) => d.id)).toEqual(
        [...all.deliveries.map((d) => d.id)].sort((a, b) => b - a),
      );
      const second = await deliveries(e, { per: 1, page: 2 });
      expect(second).toEqual({ deliveries: [all.deliveries[1]], page: 2, per: 1, total: 4 });
      const bad = await call("GET", "/api_v2/webhook_deliveries", {
        token: e.privateToken,
        query: { state: "lost" },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe("malformed_request");
    });

    it("queues job.state_changed only for the subscriptions that want it: the whole job, without the worker's ssn and dob", async () => {
      const hired = await invite(e, { ssn: "123-45-6789", dob: "1990-05-17" });
      const created = at("10:20:00.000");
      const now = at("10:25:00.500");
      const { job_request_id } = await createJobRequest(
        db(),
        e.companyId,
        "Shift",
        "filled",
        created,
      );
      const { job_id } = await createJob(db(), job_request_id, hired.id, "filled", created);
      await setJobState(db(), job_id, "in_progress", now);
      const fresh = (await deliveries(e)).deliveries.filter((d) => d.event === "job.state_changed");
      expect(fresh.map((d) => d.url).sort()).toEqual([hooks.all.url, hooks.jobs.url].sort());
      expect(fresh[0].event_id).toBe(fresh[1].event_id);

      // The job as the owner reads it (nothing changed it since), the worker's ssn and dob blank.
      const read = await call("GET", `/api_v2/jobs/${job_id}`, { token: e.privateToken });
      expect(read.status, read.text).toBe(200);
      const job = read.body.job;
      expect(job.worker).toMatchObject({ id: hired.id, ssn: "123-45-6789", dob: "1990-05-17" });
      expect(job).toMatchObject({
        id: job_id,
        state: "in_progress",
        job_request_id,
        user_id: hired.id,
        updated_at: ts(now),
        transitions: [
          { job_id, name: "filled", from_state: null, actor: "operator", created_at: ts(created) },
          {
            job_id,
            name: "in_progress",
            from_state: "filled",
            actor: "operator",
            created_at: ts(now),
          },
        ],
      });
      for (const d of fresh) {
        expect(d.payload).toEqual({
          id: d.event_id,
          event: "job.state_changed",
          occurred_at: now.toISOString(),
          data: {
            job: { ...job, worker: { ...job.worker, ssn: null, dob: null } },
            previous_state: "filled",
          },
        });
        conforms(WEBHOOK_EVENT_SCHEMAS["job.state_changed"], d.payload);
        const text = JSON.stringify(d.payload);
        expect(text).not.toContain("6789");
        expect(text).not.toContain("1990-05-17");
      }
    });
  });

  describe("resending a delivery", () => {
    /** Before every other row of this file: the dispatcher below claims only this test's rows. */
    const T0 = new Date("2020-01-01T00:00:00.000Z");
    const later = (s: number) => new Date(T0.getTime() + s * 1000);
    let r: Tenant;
    let other: Tenant;
    let deliveryId: number;

    beforeAll(async () => {
      r = await tenant("Resend Co");
      other = await tenant("Not Resend Co");
      await hook(r, { url: "https://hooks.example.com/r" });
      setClock(() => T0);
      try {
        await invite(r);
      } finally {
        setClock(null);
      }
      const [d] = (await deliveries(r)).deliveries;
      deliveryId = d.id;
    });

    const resend = (id: number | string, token = r.privateToken) =>
      call("POST", `/api_v2/webhook_deliveries/${id}/resend`, { token });

    it("refuses a delivery that is still pending: 422", async () => {
      const res = await resend(deliveryId);
      expect(statusAndBody(res)).toEqual({
        status: 422,
        body: invalid(
          { state: ["is pending: the delivery is still being tried"] },
          "State is pending: the delivery is still being tried",
        ),
      });
    });

    it("sends a dead delivery again, with fresh retries and its attempts kept", async () => {
      const dispatcher = new Dispatcher({
        db: db(),
        deliver: async () => ({ ok: false, status: 500, error: "x" }),
        retryBaseMs: 1,
        random: () => 0,
      });
      setClock(() => T0);
      expect((await dispatcher.drain()).claimed).toBeGreaterThan(0);
      for (let s = 1; s <= 3; s++) {
        setClock(() => later(s));
        await dispatcher.drain();
      }
      const [dead] = (await deliveries(r, { state: "dead" })).deliveries;
      expect(dead).toMatchObject({
        id: deliveryId,
        state: "dead",
        attempts: 4,
        max_attempts: 4,
        next_attempt_at: null,
        last_status: 500,
        last_error: "x",
        delivered_at: null,
      });
      expect(dead.attempt_log).toEqual(
        [1, 2, 3, 4].map((attempt) => ({
          attempt,
          started_at: ts(later(attempt - 1)),
          latency_ms: expect.any(Number),
          ok: false,
          status: 500,
          error: "x",
        })),
      );

      setClock(() => later(60));
      const res = await resend(deliveryId);
      expect(res.status, res.text).toBe(202);
      expect(Object.keys(res.body)).toEqual(DELIVERY_FIELDS);
      conforms(deliverySchema, res.body);
      expect(res.body).toEqual({
        ...dead,
        state: "pending",
        max_attempts: 8,
        next_attempt_at: ts(later(60)),
      });

      // The same body (and event id) goes out again, and can now succeed.
      const ok = new Dispatcher({
        db: db(),
        deliver: async (row) =>
          row.id === deliveryId
            ? { ok: true, status: 204, error: null }
            : { ok: false, status: 500, error: "x" },
        retryBaseMs: 1,
      });
      await ok.tick();
      const [delivered] = (await deliveries(r, { state: "delivered" })).deliveries;
      expect(delivered).toMatchObject({
        id: deliveryId,
        payload: dead.payload,
        attempts: 5,
        last_status: 204,
        delivered_at: ts(later(60)),
      });
      expect(delivered.attempt_log).toHaveLength(5);
      expect(delivered.attempt_log[4]).toMatchObject({ attempt: 5, ok: true, status: 204 });
    });

    it("sends a delivered one again too; a pending one not twice", async () => {
      setClock(() => later(120));
      const res = await resend(deliveryId);
      expect(res.status, res.text).toBe(202);
      expect(res.body).toMatchObject({
        state: "pending",
        attempts: 5,
        max_attempts: 9,
        delivered_at: null,
      });
      expect((await resend(deliveryId)).status).toBe(422);
    });

    it("hides another company's delivery: 404", async () => {
      for (const id of [String(deliveryId), "999999", "x"]) {
        const res = await resend(id, other.privateToken);
        expect(statusAndBody(res), id).toEqual({ status: 404, body: notFound("Delivery") });
      }
      expect((await deliveries(other)).total).toBe(0);
    });
  });

  describe("invitation mails", () => {
    let m: Tenant;
    let other: Tenant;
    beforeAll(async () => {
      m = await tenant("Mail & Co");
      other = await tenant("No Mail Co");
      // The demo company: its listed mails show their links (other companies': leaks.test.ts).
      await makeDemo(api, m);
    });

    it("queues one mail per invite, to the worker, with the link", async () => {
      const now = at("11:00:00.000");
      setClock(() => now);
      const worker = await invite(m, { first_name: "Grace", last_name: "Hopper" });
      const page = await mails(m);
      expect(page).toMatchObject({ page: 1, per: 50, total: 1 });
      const [mail] = page.mails;
      expect(Object.keys(mail)).toEqual(MAIL_FIELDS);
      conforms(mailSchema, mail);
      expect(mail).toEqual({
        id: expect.any(Number),
        event: "user.invited",
        to: worker.email,
        to_name: "Grace Hopper",
        subject: "Mail & Co invited you to join their team",
        state: "pending",
        transport: null,
        attempts: 0,
        last_error: null,
        created_at: ts(now),
        delivered_at: null,
        link_expires_at: ts(new Date(now.getTime() + 7 * DAY_MS)),
        body_available: true,
        text: expect.stringMatching(/^Hi Grace,\n/),
        html: expect.stringContaining("Hi Grace, you're invited"),
        link: expect.stringMatching(/\/accept-invite#token=[A-Za-z0-9_-]{20,}$/),
        sent_by: null,
        link_state: "live",
      });
      expect(mail.text).toContain("Mail & Co has invited you");
      expect(mail.text).toContain(mail.link);
      expect(mail.html).toContain(mail.link);
      // HTML-escaped in the HTML part.
      expect(mail.html).toContain("Mail &amp; Co");
      expect(mail.html).not.toContain("Mail & Co");
    });

    it("shows a company none of another company's mails", async () => {
      expect(await mails(other)).toEqual({ mails: [], page: 1, per: 50, total: 0 });
    });

    it("is for private-pool keys only", async () => {
      const res = await call("GET", "/api_v2/mails", { token: m.publicToken });
      expect(statusAndBody(res)).toEqual({ status: 403, body: FORBIDDEN });
    });

    it("lists newest first, paged", async () => {
      await invite(m, { first_name: "Ada" });
      const all = await mails(m);
      expect(all.total).toBe(2);
      expect(all.mails.map((x) => x.to_name.split(" ")[0])).toEqual(["Ada", "Grace"]);
      const res = await call("GET", "/api_v2/mails", {
        token: m.privateToken,
        query: { per: 1, page: 2 },
      });
      expect(res.body).toEqual({ mails: [all.mails[1]], page: 2, per: 1, total: 2 });
    });
  });

  describe("change history", () => {
    let h: Tenant;
    let other: Tenant;
    let worker: any;
    let forklift: { id: number; name: string };
    let barista: { id: number; name: string };

    beforeAll(async () => {
      h = await tenant("History Co");
      other = await tenant("Nosy Co");
      const badge = async (name: string) => {
        const res = await call("POST", "/api_v2/badges", {
          token: h.privateToken,
          json: { name, description: `${name} badge` },
        });
        expect(res.status, res.text).toBe(201);
        return res.body as { id: number; name: string };
      };
      forklift = await badge("Forklift");
      barista = await badge("Barista");
      setClock(() => at("12:00:00.000"));
      try {
        worker = await invite(h, { first_name: "Mary", ssn: "123-45-6789" });
      } finally {
        setClock(null);
      }
    });

    it("records the invite, with who did it", async () => {
      const page = await history(h, worker.id);
      expect(page).toMatchObject({ page: 1, per: 50, total: 1 });
      const [entry] = page.history;
      expect(Object.keys(entry)).toEqual(CHANGE_FIELDS);
      conforms(userChangeSchema, entry);
      expect(entry).toMatchObject({
        user_id: worker.id,
        kind: "invited",
        occurred_at: "2031-01-01T12:00:00.000+00:00",
        actor: {
          type: "api_key",
          api_key: h.privateKeys.api_key,
          company_id: h.companyId,
          company_name: "History Co",
          user: null,
        },
        badges_added: [],
        badges_removed: [],
      });
      expect(entry.changes).toMatchObject({
        first_name: { from: null, to: "Mary" },
        email: { from: null, to: worker.email },
        ssn: { from: null, to: "•••-••-6789" },
      });
      // Unset fields, the id and the timestamps are no change.
      expect(entry.changes).not.toHaveProperty("city");
      expect(entry.changes).not.toHaveProperty("id");
      expect(entry.changes).not.toHaveProperty("updated_at");
    });

    it("records a PATCH as one entry: exactly the fields that changed, and the badge added", async () => {
      const before = await history(h, worker.id);
      const now = at("12:30:00.000");
      setClock(() => now);
      const res = await patch(h, worker.id, {
        user: {
          city: "Boston",
          last_name: worker.last_name, // unchanged: not recorded
          zip: "02115",
          user_badges_attributes: [{ badge_id: String(forklift.id) }],
        },
      });
      expect(res.status, res.text).toBe(200);
      const after = await history(h, worker.id);
      expect(after.total).toBe(before.total + 1);
      expect(after.history.slice(1)).toEqual(before.history);
      const [entry] = after.history;
      expect(entry).toEqual({
        id: expect.any(Number),
        user_id: worker.id,
        kind: "updated",
        occurred_at: ts(now),
        actor: {
          type: "api_key",
          api_key: h.privateKeys.api_key,
          company_id: h.companyId,
          company_name: "History Co",
          user: null,
        },
        changes: { city: { from: null, to: "Boston" }, zip: { from: null, to: "02115" } },
        badges_added: [{ badge_id: String(forklift.id), name: "Forklift" }],
        badges_removed: [],
      });
      expect(Object.keys(entry.changes).sort()).toEqual(["city", "zip"]);
    });

    it("records nothing for a PATCH that changes nothing", async () => {
      const before = await history(h, worker.id);
      for (const body of [{}, { city: "Boston", zip: "02115" }, { user: { id: worker.id } }]) {
        const res = await patch(h, worker.id, body);
        expect(res.status, res.text).toBe(200);
      }
      expect(await history(h, worker.id)).toEqual(before);
    });

    it("records a badge removed", async () => {
      const res = await patch(h, worker.id, {
        user_badges_attributes: [
          { badge_id: String(forklift.id), _destroy: true },
          { badge_id: String(barista.id) },
        ],
      });
      expect(res.status, res.text).toBe(200);
      const [entry] = (await history(h, worker.id)).history;
      expect(entry).toMatchObject({
        kind: "updated",
        changes: {},
        badges_added: [{ badge_id: String(barista.id), name: "Barista" }],
        badges_removed: [{ badge_id: String(forklift.id), name: "Forklift" }],
      });
    });

    it("masks ssn values: only their last four digits are kept", async () => {
      const res = await patch(h, worker.id, { ssn: "987-65-4321" });
      expect(res.status, res.text).toBe(200);
      const page = await history(h, worker.id);
      expect(page.history[0].changes).toEqual({
        ssn: { from: "•••-••-6789", to: "•••-••-4321" },
      });
      const text = JSON.stringify(page);
      expect(text).not.toContain("123-45-6789");
      expect(text).not.toContain("987-65-4321");
      expect(text).not.toContain("12345");
      expect(text).not.toContain("98765");
    });

    it("does not show an empty ssn as a masked number", async () => {
      const blank = await invite(h, { ssn: "" });
      const [entry] = (await history(h, blank.id)).history;
      expect(entry.changes.ssn).toEqual({ from: null, to: "" });
      const res = await patch(h, blank.id, { ssn: "111-22-3333" });
      expect(res.status, res.text).toBe(200);
      const [set] = (await history(h, blank.id)).history;
      expect(set.changes).toEqual({ ssn: { from: "", to: "•••-••-3333" } });
    });

    it("is readable by whoever may read the worker, and 404 for everyone else", async () => {
      const tries: [string, string, number][] = [
        ["owner, private key", h.privateToken, 200],
        ["owner, public key, no active job", h.publicToken, 404],
        ["another company, public key", other.publicToken, 404],
        ["another company, private key", other.privateToken, 404],
      ];
      for (const [who, token, status] of tries) {
        const res = await call("GET", `/api_v2/users/${worker.id}/history`, { token });
        expect(res.status, who).toBe(status);
        if (status === 404) expect(res.body, who).toEqual(notFound("User"));
      }
      // A public-pool key sees the history of a worker with an active job for its company.
      const now = new Date();
      const { job_request_id } = await createJobRequest(db(), h.companyId, "Shift", "filled", now);
      await createJob(db(), job_request_id, worker.id, "filled", now);
      const seen = await call("GET", `/api_v2/users/${worker.id}/history`, {
        token: h.publicToken,
      });
      expect(seen.status, seen.text).toBe(200);
      // Not the private pool that owns the worker: which fields changed, not their values.
      const whole = await history(h, worker.id);
      expect(seen.body).toEqual({
        ...whole,
        history: whole.history.map((e) => ({
          ...e,
          changes: Object.fromEntries(
            Object.keys(e.changes).map((f) => [f, { from: null, to: null }]),
          ),
        })),
      });
      const stillHidden = await call("GET", `/api_v2/users/${worker.id}/history`, {
        token: other.publicToken,
      });
      expect(statusAndBody(stillHidden)).toEqual({ status: 404, body: notFound("User") });
    });

    it("pages newest first; an unknown worker is 404", async () => {
      const all = await history(h, worker.id);
      expect(all.history.map((x) => x.kind).at(-1)).toBe("invited");
      expect(all.history.map((x) => x.id)).toEqual(
        [...all.history.map((x) => x.id)].sort((a, b) => b - a),
      );
      const res = await call("GET", `/api_v2/users/${worker.id}/history`, {
        token: h.privateToken,
        query: { per: 1, page: 2 },
      });
      expect(res.body).toEqual({ history: [all.history[1]], page: 2, per: 1, total: all.total });
      const missing = await call("GET", "/api_v2/users/999999/history", { token: h.privateToken });
      expect(statusAndBody(missing)).toEqual({ status: 404, body: notFound("User") });
    });
  });

  describe("invitation links", () => {
    let i: Tenant;
    beforeAll(async () => {
      i = await tenant("Invite Co");
      // The demo company, whose listed mails show their links, as a worker's inbox would.
      await makeDemo(api, i);
    });

    /** Invites a worker and reads the token from the link in their mail, as the worker would. */
    const inviteWithToken = async (overrides: Record<string, unknown> = {}) => {
      const worker = await invite(i, overrides);
      const mail = (await mails(i)).mails.find((x) => x.to === worker.email);
      const token = decodeURIComponent(String(mail.link).split("#token=")[1] ?? "");
      return { worker, token, mail };
    };
    const inspect = (json: unknown) => call("POST", "/api_v2/invitations/inspect", { json });
    const accept = (json: unknown) => call("POST", "/api_v2/invitations/accept", { json });

    it("is accepted once, with a password, and then says so", async () => {
      const now = at("13:00:00.000");
      setClock(() => now);
      const { worker, token, mail } = await inviteWithToken({ first_name: "Dorothy" });
      const expiresAt = ts(new Date(now.getTime() + 7 * DAY_MS));
      expect(mail.link_expires_at).toBe(expiresAt);

      const valid = await inspect({ token });
      expect(valid.status, valid.text).toBe(200);
      expect(Object.keys(valid.body)).toEqual(INVITATION_FIELDS);
      conforms(invitationSchema, valid.body);
      expect(valid.body).toEqual({
        state: "valid",
        first_name: "Dorothy",
        company_name: "Invite Co",
        email: worker.email,
        expires_at: expiresAt,
        used_at: null,
        type: "Worker",
        role: null,
      });

      const short = await accept({ token, password: "short" });
      expect(statusAndBody(short)).toEqual({
        status: 422,
        body: invalid(
          { password: ["is too short (minimum is 8 characters)"] },
          "Password is too short (minimum is 8 characters)",
        ),
      });
      expect((await inspect({ token })).body.state).toBe("valid");

      const acceptedAt = at("13:05:00.000");
      setClock(() => acceptedAt);
      const ok = await accept({ token, password: "correct horse battery" });
      expect(statusAndBody(ok)).toEqual({
        status: 200,
        body: { accepted: true, ...valid.body, state: "used", used_at: ts(acceptedAt) },
      });
      conforms(invitationAcceptedSchema, ok.body);
      const [row] = await db()
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, worker.id));
      expect(row?.passwordHash).toMatch(/^scrypt\$/);
      expect(row?.passwordHash).not.toContain("correct horse");

      const again = await accept({ token, password: "another password" });
      expect(statusAndBody(again)).toEqual({
        status: 422,
        body: invalid({ token: [USED] }, `Token ${USED}`),
      });
      const used = await inspect({ token });
      expect(statusAndBody(used)).toEqual({
        status: 200,
        body: { ...valid.body, state: "used", used_at: ts(acceptedAt) },
      });

      // The worker object does not grow a password field; its invitation status says accepted,
      // and its onboarding (the invitation, issue 27) is complete.
      const got = await call("GET", `/api_v2/users/${worker.id}`, { token: i.privateToken });
      expect(worker.invitation_status).toBe("invited");
      expect(got.body).toEqual({
        ...worker,
        invitation_status: "accepted",
        onboarding_last_state: "complete",
      });

      const [entry] = (await history(i, worker.id)).history;
      expect(entry).toEqual({
        id: expect.any(Number),
        user_id: worker.id,
        kind: "invitation_accepted",
        occurred_at: ts(acceptedAt),
        actor: { type: "worker", api_key: null, company_id: null, company_name: null, user: null },
        changes: {},
        badges_added: [],
        badges_removed: [],
      });
    });

    it("expires INVITE_TTL_DAYS (7) after the invite", async () => {
      const now = at("14:00:00.000");
      setClock(() => now);
      const { token } = await inviteWithToken();
      setClock(() => new Date(now.getTime() + 7 * DAY_MS - 1));
      expect((await inspect({ token })).body.state).toBe("valid");
      setClock(() => new Date(now.getTime() + 7 * DAY_MS));
      expect((await inspect({ token })).body).toMatchObject({ state: "expired", used_at: null });
      const res = await accept({ token, password: "correct horse battery" });
      expect(statusAndBody(res)).toEqual({
        status: 422,
        body: invalid({ token: [EXPIRED] }, `Token ${EXPIRED}`),
      });
      expect((await inspect({ token })).body.state).toBe("expired");
    });

    it("answers 404 for an unknown link, 422 for no link at all", async () => {
      const unknown = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg";
      expect(statusAndBody(await inspect({ token: unknown }))).toEqual({
        status: 404,
        body: UNKNOWN_LINK,
      });
      expect(
        statusAndBody(await accept({ token: unknown, password: "correct horse battery" })),
      ).toEqual({ status: 404, body: UNKNOWN_LINK });
      expect(statusAndBody(await inspect({}))).toEqual({
        status: 422,
        body: invalid({ token: ["must be a string"] }, "Token must be a string"),
      });
      expect(statusAndBody(await inspect({ token: "abc" }))).toEqual({
        status: 422,
        body: invalid({ token: ["is not a valid invitation"] }, "Token is not a valid invitation"),
      });
      const get = await call("GET", "/api_v2/invitations/inspect");
      expect(get.status).toBe(405);
      expect(get.headers.get("allow")).toBe("POST");
    });
  });
});
