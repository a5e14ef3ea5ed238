import fs from "node:fs";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { companies, jobRequests, outbox, users, webhooks } from "@/lib/db/schema";
import { runCommand } from "@/lib/operator/commands";
import { setClock } from "../clock";
import {
  customerSchema,
  rankingListSchema,
  reRankSchema,
  resendNotificationsSchema,
  searchResultSchema,
  trackingListSchema,
} from "../openapi/response-schemas";
import { call, describeApi, type Tenant, workerBody } from "./harness";
import { createJob } from "./jobs-support";

/**
 * The rest of the real reference (issue 27, docs/reference-rest.md): rankings, re-ranking and
 * resending notifications, the customer record, search, a worker's tracking, the users fields
 * from tap-wonolo's schema, /info's deployment fields and webhook targets unique on the
 * normalised URL. Every refusal is exact and changes nothing.
 */

const NOBODY = 2147483000;
const PUBLIC_POOL = {
  error: {
    code: "forbidden_for_public_pool",
    message: "This operation needs a private pool key; public pool keys may only read",
  },
};
const NOT_FOUND = (what: string) => ({
  error: { code: "not_found", message: `${what} not found` },
});
const invalid = (fields: Record<string, string[]>) => ({
  error: { code: "validation_failed", message: expect.any(String), fields },
});

/** The OpenAPI document's output schema describes the response exactly: every key, in order. */
function conforms(schema: z.ZodObject, body: unknown): void {
  expect(Object.keys(body as object)).toEqual(Object.keys(schema.shape));
  expect(schema.parse(body)).toEqual(body);
}

const SITE = { latitude: "37.7898", longitude: "-122.3942" };
const north = (km: number) => (37.7898 + km * 0.0089932).toFixed(7);
const posting = (o: Record<string, unknown> = {}) => ({
  request_name: "Warehouse pick/pack AM",
  category: "Fulfillment / Warehousing",
  state: "posted",
  description_tasks: "Pick and pack orders",
  slots: 3,
  start_time: "2026-12-01 08:00",
  timezone: "America/Los_Angeles",
  duration: 480,
  wage: 22.5,
  venue: "Dock 3",
  address: "123 Fremont St",
  city: "San Francisco",
  address_state: "CA",
  zip: "94105",
  ...SITE,
  ...o,
});

describeApi("the rest of the reference", (api) => {
  const db = () => api.database.db;
  let t: Tenant;
  let other: Tenant;
  beforeAll(async () => {
    t = await api.tenant("Rest Co");
    other = await api.tenant("Other Co");
  });
  const invite = async (o: Record<string, unknown> = {}, tenant = t) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: tenant.privateToken,
      json: workerBody(o),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; first_name: string };
  };
  const newRequest = async (o: Record<string, unknown> = {}, tenant = t) => {
    const res = await call("POST", "/api_v2/job_requests", {
      token: tenant.privateToken,
      json: posting(o),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.job_request as { id: number; state: string };
  };
  const offers = async (companyId: number) =>
    (
      await db()
        .select({ target: outbox.target })
        .from(outbox)
        .where(and(eq(outbox.companyId, companyId), eq(outbox.event, "job_request.offered")))
    ).map((r) => r.target);

  describe("GET /job_requests/:id/rankings and POST …/re_rank_workers", () => {
    it("answer the candidates' ranking under `rankings`: same order, same rules, same paging", async () => {
      const c = await api.tenant("Rank Co");
      const far = await invite(
        { first_name: "Far", latitude: north(5), longitude: SITE.longitude },
        c,
      );
      const near = await invite(
        { first_name: "Near", latitude: north(1), longitude: SITE.longitude },
        c,
      );
      const nowhere = await invite({ first_name: "Nowhere" }, c);
      const jr = await newRequest({}, c);
      const cands = await call("GET", `/api_v2/job_requests/${jr.id}/candidates`, {
        token: c.privateToken,
      });
      const ranks = await call("GET", `/api_v2/job_requests/${jr.id}/rankings`, {
        token: c.privateToken,
      });
      expect(ranks.status, ranks.text).toBe(200);
      expect(Object.keys(ranks.body)).toEqual([
        "rankings",
        "job_request_id",
        "site",
        "page",
        "per",
        "has_more",
      ]);
      expect(ranks.body.rankings).toEqual(cands.body.candidates);
      conforms(rankingListSchema, ranks.body);
      expect(ranks.body.rankings.map((r: any) => r.worker.id)).toEqual([
        near.id,
        far.id,
        nowhere.id,
      ]);
      const page2 = await call("GET", `/api_v2/job_requests/${jr.id}/rankings`, {
        token: c.privateToken,
        query: { per: 2, page: 2 },
      });
      expect(page2.body.rankings.map((r: any) => r.worker.id)).toEqual([nowhere.id]);
      expect(page2.body.rankings[0].rank).toBe(3);

      // Re-ranking: computed live, so it stores nothing and answers the fresh ranking.
      await db()
        .update(users)
        .set({ latitude: north(0.5), longitude: SITE.longitude })
        .where(eq(users.id, far.id));
      const re = await call("POST", `/api_v2/job_requests/${jr.id}/re_rank_workers`, {
        token: c.privateToken,
      });
      expect(re.status, re.text).toBe(200);
      expect(re.body.rankings.map((r: any) => r.worker.id)).toEqual([far.id, near.id, nowhere.id]);
      expect(re.body.ranked_at).toEqual(expect.any(String));
      conforms(reRankSchema, re.body);
      // Form-encoded, as the reference documents it (token in the body).
      const form = await call("POST", `/api_v2/job_requests/${jr.id}/re_rank_workers`, {
        body: `token=${encodeURIComponent(c.privateToken)}`,
        contentType: "application/x-www-form-urlencoded",
      });
      expect(form.status, form.text).toBe(200);

      for (const [method, path] of [
        ["GET", `/api_v2/job_requests/${jr.id}/rankings`],
        ["POST", `/api_v2/job_requests/${jr.id}/re_rank_workers`],
      ] as const) {
        const pub = await call(method, path, { token: c.publicToken });
        expect({ status: pub.status, body: pub.body }).toEqual({ status: 403, body: PUBLIC_POOL });
        const theirs = await call(method, path, { token: other.privateToken });
        const none = await call(method, path.replace(String(jr.id), String(NOBODY)), {
          token: c.privateToken,
        });
        expect({ status: theirs.status, body: theirs.body }).toEqual({
          status: 404,
          body: NOT_FOUND("Job request"),
        });
        expect(none.body).toEqual(theirs.body);
      }
      const readOnly = await api.person(c.companyId, "read_only");
      expect(
        (await call("GET", `/api_v2/job_requests/${jr.id}/rankings`, { token: readOnly.token }))
          .status,
      ).toBe(200);
      const ro = await call("POST", `/api_v2/job_requests/${jr.id}/re_rank_workers`, {
        token: readOnly.token,
      });
      expect([ro.status, ro.body.error.code]).toEqual([403, "forbidden_for_role"]);
    });
  });

  describe("POST /job_requests/:id/resend_notifications", () => {
    it("tells preferred workers who have not accepted first, then the re-ranked pool, at most every 10 minutes", async () => {
      const c = await api.tenant("Resend Co");
      const t0 = new Date("2026-11-20T10:00:00Z");
      setClock(() => t0);
      const pref = await invite(
        { first_name: "Pref", email: `pref.${process.pid}@example.com` },
        c,
      );
      const accepted = await invite(
        { first_name: "Took", email: `took.${process.pid}@example.com` },
        c,
      );
      const near = await invite(
        {
          first_name: "Near",
          email: `near.${process.pid}@example.com`,
          latitude: north(1),
          longitude: SITE.longitude,
        },
        c,
      );
      const jr = await newRequest(
        { state: "draft", preferred_candidate_ids: [pref.id, accepted.id] },
        c,
      );
      await createJob(db(), jr.id, accepted.id, "filled", t0);
      await db().update(jobRequests).set({ state: "posted" }).where(eq(jobRequests.id, jr.id));
      const before = (await offers(c.companyId)).length;

      const res = await call("POST", `/api_v2/job_requests/${jr.id}/resend_notifications`, {
        token: c.privateToken,
        json: { push_all_notifications_asap: "on" },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        job_request_id: jr.id,
        state: "posted",
        push_all_notifications_asap: true,
        notified: [
          { user_id: pref.id, preferred: true, rank: null },
          { user_id: near.id, preferred: false, rank: 1 },
        ],
        notifications_resent_at: "2026-11-20T10:00:00.000+00:00",
        next_resend_at: "2026-11-20T10:10:00.000+00:00",
      });
      conforms(resendNotificationsSchema, res.body);
      const mailed = (await offers(c.companyId)).slice(before);
      expect(mailed.sort()).toEqual(
        [`pref.${process.pid}@example.com`, `near.${process.pid}@example.com`].sort(),
      );

      // Again within ten minutes: 429 with Retry-After, nothing mailed, nothing changed.
      setClock(() => new Date(t0.getTime() + 9 * 60_000));
      const again = await call("POST", `/api_v2/job_requests/${jr.id}/resend_notifications`, {
        token: c.privateToken,
        body: "push_all_notifications_asap=off",
        contentType: "application/x-www-form-urlencoded",
      });
      expect(again.status).toBe(429);
      expect(again.body.error.code).toBe("rate_limited");
      expect(again.headers.get("retry-after")).toBe("60");
      expect((await offers(c.companyId)).length).toBe(before + 2);
      const [row] = await db().select().from(jobRequests).where(eq(jobRequests.id, jr.id));
      expect(row!.pushAllNotificationsAsap).toBe(true);

      // After ten minutes, form-encoded as the reference documents it.
      setClock(() => new Date(t0.getTime() + 10 * 60_000));
      const later = await call("POST", `/api_v2/job_requests/${jr.id}/resend_notifications`, {
        token: c.privateToken,
        body: "job_request[push_all_notifications_asap]=off",
        contentType: "application/x-www-form-urlencoded",
      });
      expect(later.status, later.text).toBe(200);
      expect(later.body.push_all_notifications_asap).toBe(false);
      expect((await offers(c.companyId)).length).toBe(before + 4);
    });

    it("tells only preferred workers of an unassigned request; refuses other states, bad values, other companies and the public pool", async () => {
      const c = await api.tenant("Resend Two");
      const pref = await invite({ first_name: "P2" }, c);
      await invite({ first_name: "Pool", latitude: north(1), longitude: SITE.longitude }, c);
      const jr = await newRequest({ state: "unassigned", preferred_candidate_ids: [pref.id] }, c);
      const path = `/api_v2/job_requests/${jr.id}/resend_notifications`;
      const ok = await call("POST", path, { token: c.privateToken });
      expect(ok.status, ok.text).toBe(200);
      expect(ok.body.notified).toEqual([{ user_id: pref.id, preferred: true, rank: null }]);

      const draft = await newRequest({ state: "draft" }, c);
      const snapshot = async () =>
        JSON.stringify([
          await db().select().from(jobRequests).where(eq(jobRequests.companyId, c.companyId)),
          (await offers(c.companyId)).length,
        ]);
      const before = await snapshot();
      const cases: [string, Record<string, unknown>, string | undefined, number, unknown][] = [
        [
          `/api_v2/job_requests/${draft.id}/resend_notifications`,
          {},
          c.privateToken,
          422,
          invalid({
            state: [
              "is draft: notifications are resent only for a posted or unassigned job request",
            ],
          }),
        ],
        [
          path,
          { push_all_notifications_asap: "maybe" },
          c.privateToken,
          422,
          invalid({ push_all_notifications_asap: ["must be on or off"] }),
        ],
        [path, {}, c.publicToken, 403, PUBLIC_POOL],
        [path, {}, other.privateToken, 404, NOT_FOUND("Job request")],
        [
          `/api_v2/job_requests/${NOBODY}/resend_notifications`,
          {},
          c.privateToken,
          404,
          NOT_FOUND("Job request"),
        ],
      ];
      for (const [p, json, token, status, body] of cases) {
        const res = await call("POST", p, { token, json });
        expect({ p, status: res.status, body: res.body }).toEqual({ p, status, body });
      }
      expect(await snapshot()).toBe(before);
    });

    it("lets exactly one of many concurrent resends through (the limit lives in the database)", async () => {
      const c = await api.tenant("Resend Race");
      await invite({ first_name: "R", latitude: north(1), longitude: SITE.longitude }, c);
      const jr = await newRequest({}, c);
      const path = `/api_v2/job_requests/${jr.id}/resend_notifications`;
      const results = await Promise.all(
        Array.from({ length: 8 }, () => call("POST", path, { token: c.privateToken })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    });
  });

  describe("GET and PATCH /customers/:id", () => {
    it("shows the caller's own company with the reference's fields; any other id is 404", async () => {
      const res = await call("GET", `/api_v2/customers/${t.companyId}`, { token: t.privateToken });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body)).toEqual([
        "id",
        "name",
        "account_owner",
        "account_manager",
        "address",
        "city",
        "state",
        "zip",
        "phone",
        "contact_first_name",
        "contact_last_name",
        "contact_email",
        "billing_first_name",
        "billing_last_name",
        "billing_email",
        "billing_phone",
        "fee_percentage",
        "can_post_w2",
        "can_post_1099",
        "can_use_premier_features",
        "use_start_and_complete_pin",
        "strategic_pilot",
        "use_pending_state",
        "created_at",
        "updated_at",
      ]);
      conforms(customerSchema, res.body);
      expect(res.body).toMatchObject({
        id: t.companyId,
        name: "Rest Co",
        fee_percentage: null,
        can_post_w2: false,
        can_post_1099: true,
        use_pending_state: false,
      });
      expect(
        (await call("GET", `/api_v2/customers/${t.companyId}`, { token: t.publicToken })).status,
      ).toBe(200);
      for (const id of [other.companyId, NOBODY]) {
        const r = await call("GET", `/api_v2/customers/${id}`, { token: t.privateToken });
        expect({ status: r.status, body: r.body }).toEqual({
          status: 404,
          body: NOT_FOUND("Customer"),
        });
      }
    });

    it("changes contact and billing details (JSON or the reference's form), normalising phones", async () => {
      const res = await call("PATCH", `/api_v2/customers/${t.companyId}`, {
        token: t.privateToken,
        json: {
          customer: {
            contact_first_name: "Ana",
            contact_last_name: "Silva",
            contact_email: "ana@example.com",
            phone: "+1415-555-5555",
            billing_first_name: "Bill",
            billing_last_name: "Payer",
            billing_email: "ap@example.com",
            billing_phone: "+1 (415) 555 0100",
            address: "1 Market St",
            city: "San Francisco",
            state: "CA",
            zip: "94105",
          },
        },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({
        contact_first_name: "Ana",
        phone: "+14155555555",
        billing_phone: "+14155550100",
        billing_email: "ap@example.com",
        city: "San Francisco",
      });
      const form = await call("PATCH", `/api_v2/customers/${t.companyId}`, {
        token: t.privateToken,
        body: "customer[account_manager]=Jo+Lee&customer[can_post_1099]=true&customer[fee_percentage]=",
        contentType: "application/x-www-form-urlencoded",
      });
      // fee_percentage "" is not a number: refused, and nothing of the request is applied.
      expect(form.status).toBe(422);
      const form2 = await call("PATCH", `/api_v2/customers/${t.companyId}`, {
        token: t.privateToken,
        body: "customer[account_manager]=Jo+Lee&customer[can_post_1099]=true",
        contentType: "application/x-www-form-urlencoded",
      });
      expect(form2.status, form2.text).toBe(200);
      expect(form2.body.account_manager).toBe("Jo Lee");

      // Echoing the fetched object back unchanged works (terms equal to the stored values).
      const fetched = (
        await call("GET", `/api_v2/customers/${t.companyId}`, { token: t.privateToken })
      ).body;
      const echo = await call("PATCH", `/api_v2/customers/${t.companyId}`, {
        token: t.privateToken,
        json: { ...fetched, city: "Oakland" },
      });
      expect(echo.status, echo.text).toBe(200);
      expect(echo.body.city).toBe("Oakland");
    });

    it("refuses the platform's terms, bad values, other companies, non-admins and the public pool; nothing is written", async () => {
      await db()
        .update(companies)
        .set({ feePercentage: "0.2000" })
        .where(eq(companies.id, t.companyId));
      const stored = async () =>
        JSON.stringify(await db().select().from(companies).where(eq(companies.id, t.companyId)));
      const before = await stored();
      const path = `/api_v2/customers/${t.companyId}`;
      const requestor = await api.person(t.companyId, "requestor");
      const admin = await api.person(t.companyId, "customer_admin");
      const TERM = "is set by the platform and cannot be changed here";
      const cases: [string, unknown, string, number, unknown][] = [
        [
          path,
          { fee_percentage: 0.1, can_post_w2: true, city: "X" },
          t.privateToken,
          422,
          invalid({ fee_percentage: [TERM], can_post_w2: [TERM] }),
        ],
        [
          path,
          {
            strategic_pilot: true,
            use_pending_state: true,
            can_use_premier_features: true,
            use_start_and_complete_pin: true,
            can_post_1099: false,
          },
          admin.token,
          422,
          invalid({
            can_post_1099: [TERM],
            can_use_premier_features: [TERM],
            use_start_and_complete_pin: [TERM],
            strategic_pilot: [TERM],
            use_pending_state: [TERM],
          }),
        ],
        [
          path,
          { fee_percentage: 2 },
          t.privateToken,
          422,
          invalid({ fee_percentage: ["must be between 0.0 and 1.0"] }),
        ],
        [
          path,
          {
            billing_first_name: "",
            billing_last_name: "x".repeat(51),
            billing_email: "nope",
            billing_phone: "555",
            contact_email: "a@b",
            name: "",
          },
          t.privateToken,
          422,
          invalid({
            name: ["can't be blank"],
            contact_email: ["is invalid"],
            billing_last_name: ["is too long (maximum is 50 characters)"],
            billing_email: ["is invalid"],
            billing_phone: [
              "must be in international format, starting with + and the country code",
            ],
          }),
        ],
        [
          path,
          { city: "Y" },
          requestor.token,
          403,
          expect.objectContaining({
            error: expect.objectContaining({ code: "forbidden_for_role" }),
          }),
        ],
        [path, { city: "Y" }, t.publicToken, 403, PUBLIC_POOL],
        [
          `/api_v2/customers/${other.companyId}`,
          { city: "Y" },
          t.privateToken,
          404,
          NOT_FOUND("Customer"),
        ],
        [`/api_v2/customers/${NOBODY}`, { city: "Y" }, t.privateToken, 404, NOT_FOUND("Customer")],
      ];
      for (const [p, json, token, status, body] of cases) {
        const res = await call("PATCH", p, { token, json });
        expect({ json, status: res.status, body: res.body }).toEqual({ json, status, body });
      }
      expect(await stored()).toBe(before);
      // The same fee written as the stored value is an echo, not a change.
      const same = await call("PATCH", path, {
        token: admin.token,
        json: { fee_percentage: "0.2", city: "Z" },
      });
      expect(same.status, same.text).toBe(200);
      expect(same.body).toMatchObject({ fee_percentage: 0.2, city: "Z" });
    });

    it("the operator sets the platform's terms (`company terms`), which the company then reads", async () => {
      const c = await api.tenant("Terms Co");
      const set = await runCommand(api.database, "company terms", {
        company: String(c.companyId),
        "fee-percentage": "0.15",
        "can-post-w2": "true",
        "use-pending-state": "true",
      });
      expect(set.code, set.stderr).toBe(0);
      const got = await call("GET", `/api_v2/customers/${c.companyId}`, { token: c.privateToken });
      expect(got.body).toMatchObject({
        fee_percentage: 0.15,
        can_post_w2: true,
        use_pending_state: true,
        can_post_1099: true,
      });
      const bad = await runCommand(api.database, "company terms", {
        company: String(c.companyId),
        "fee-percentage": "1.5",
      });
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toContain("fee_percentage");
    });

    it("POST /customers is the operator's: every token is refused", async () => {
      const admin = await api.person(t.companyId, "customer_admin");
      const count = async () =>
        (await db().select({ n: sql<number>`count(*)::int` }).from(companies))[0]!.n;
      const before = await count();
      const cases: [string, number, string][] = [
        [t.privateToken, 403, "operator_only"],
        [admin.token, 403, "forbidden_for_role"],
        [t.publicToken, 403, "forbidden_for_public_pool"],
      ];
      for (const [token, status, code] of cases) {
        const res = await call("POST", "/api_v2/customers", {
          token,
          json: { customer: { name: "New" } },
        });
        expect([res.status, res.body.error.code]).toEqual([status, code]);
      }
      expect(await count()).toBe(before);
    });
  });

  describe("the user object's reference fields and /info", () => {
    it("carries onboarding_last_state, suspended_at and agreed_to_terms; suspended_at follows suspended", async () => {
      const w = await invite();
      const got = await call("GET", `/api_v2/users/${w.id}`, { token: t.privateToken });
      const keys = Object.keys(got.body);
      expect(keys.slice(keys.indexOf("user_badges") + 1)).toEqual([
        "onboarding_last_state",
        "suspended_at",
        "agreed_to_terms",
        "invitation_status",
      ]);
      expect(got.body).toMatchObject({
        onboarding_last_state: "invited",
        suspended_at: null,
        agreed_to_terms: null,
      });
      setClock(() => new Date("2026-11-21T09:00:00Z"));
      const sus = await call("PATCH", `/api_v2/users/${w.id}`, {
        token: t.privateToken,
        json: { suspended: true },
      });
      expect(sus.body.suspended_at).toBe("2026-11-21T09:00:00.000+00:00");
      // Echoing the read-only fields back changes nothing.
      const echo = await call("PATCH", `/api_v2/users/${w.id}`, {
        token: t.privateToken,
        json: {
          ...sus.body,
          suspended_at: "2020-01-01T00:00:00Z",
          onboarding_last_state: "x",
          agreed_to_terms: true,
        },
      });
      expect(echo.status, echo.text).toBe(200);
      expect(echo.body).toMatchObject({
        suspended_at: "2026-11-21T09:00:00.000+00:00",
        onboarding_last_state: "invited",
        agreed_to_terms: null,
      });
      await db()
        .update(users)
        .set({ passwordHash: "x", agreedToTerms: true })
        .where(eq(users.id, w.id));
      const un = await call("PATCH", `/api_v2/users/${w.id}`, {
        token: t.privateToken,
        json: { suspended: false },
      });
      expect(un.body).toMatchObject({
        suspended_at: null,
        onboarding_last_state: "complete",
        agreed_to_terms: true,
      });
    });

    it("/info carries rails_environment, rack_environment and deploy", async () => {
      const res = await call("GET", "/api_v2/info");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        rails_environment: expect.any(String),
        rack_environment: res.body.rails_environment,
        deploy: {
          release_version: res.body.release_version,
          environment: "test",
          started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        },
      });
    });
  });

  describe("GET /search", () => {
    it("finds the caller's workers, job requests, jobs and badges, accent- and case-insensitively", async () => {
      const c = await api.tenant("Search Co");
      const w = await invite({ first_name: "Chloé", last_name: "Zyxwvut" }, c);
      const hidden = await invite({ first_name: "Chloe", last_name: "Zyxwvuthidden" }, c);
      await invite({ first_name: "Chloe", last_name: "Zyxwvut" }, other);
      const jr = await newRequest({ request_name: "Zyxwvut festival set-up" }, c);
      await newRequest({ request_name: "Zyxwvut elsewhere" }, other);
      const other1 = await newRequest({ request_name: "Unrelated" }, c);
      const viaRequest = await createJob(db(), jr.id, hidden.id, "cancelled", new Date());
      const viaWorker = await createJob(db(), other1.id, w.id, "in_progress", new Date());
      const badge = await call("POST", "/api_v2/badges", {
        token: c.privateToken,
        json: { name: "ZYXWVUT certified", description: "d" },
      });
      expect(badge.status, badge.text).toBe(201);

      const res = await call("GET", "/api_v2/search", {
        token: c.privateToken,
        query: { q: "zyxwvut" },
      });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.body)).toEqual(["users", "job_requests", "jobs", "badges"]);
      conforms(searchResultSchema, res.body);
      expect(res.body.users.map((u: any) => u.id).sort()).toEqual([w.id, hidden.id].sort());
      expect(res.body.job_requests.map((r: any) => r.id)).toEqual([jr.id]);
      expect(res.body.jobs.map((j: any) => j.id).sort()).toEqual(
        [viaRequest.job_id, viaWorker.job_id].sort(),
      );
      expect(res.body.badges.map((b: any) => b.id)).toEqual([badge.body.id]);
      // Accents: "chloe" finds Chloé; "Festival" finds the request by name, any case.
      const accent = await call("GET", "/api_v2/search", {
        token: c.privateToken,
        query: { q: "CHLOE ZYX" },
      });
      expect(accent.body.users.map((u: any) => u.id).sort()).toEqual([w.id, hidden.id].sort());

      // The public pool sees what it sees elsewhere: only the worker with an active job.
      const pub = await call("GET", "/api_v2/search", {
        token: c.publicToken,
        query: { q: "zyxwvut" },
      });
      expect(pub.status, pub.text).toBe(200);
      expect(pub.body.users.map((u: any) => u.id)).toEqual([w.id]);
      expect(pub.body.jobs.map((j: any) => j.id).sort()).toEqual(
        [viaRequest.job_id, viaWorker.job_id].sort(),
      );
      const hiddenJob = pub.body.jobs.find((j: any) => j.id === viaRequest.job_id);
      expect(hiddenJob.worker).toBeNull();
      // Another company finds none of it.
      const theirs = await call("GET", "/api_v2/search", {
        token: other.privateToken,
        query: { q: "festival" },
      });
      expect(theirs.body).toEqual({ users: [], job_requests: [], jobs: [], badges: [] });
    });

    it("matches through the trigram indexes (the planner can use them for every kind)", async () => {
      const plans: Record<string, string> = {};
      await db().transaction(async (tx) => {
        // A few test rows make a sequential scan cheapest; forbid it to see the index is usable.
        await tx.execute(sql`set local enable_seqscan = off`);
        for (const [table, index] of [
          ["users", "users_search_trgm_idx"],
          ["job_requests", "job_requests_search_trgm_idx"],
          ["badges", "badges_search_trgm_idx"],
        ] as const) {
          const res = await tx.execute(
            sql.raw(
              `explain select id from ${table} where search_text like lower(search_unaccent('%festival%'))`,
            ),
          );
          const rows = ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<
            string,
            string
          >[];
          plans[index] = rows.map((r) => Object.values(r)[0]).join("\n");
        }
      });
      for (const [index, plan] of Object.entries(plans)) expect(plan, index).toContain(index);
    });

    it("is bounded: q 1..100 characters, at most 10 of each kind; LIKE wildcards are literal", async () => {
      const c = await api.tenant("Search Bounds");
      for (let i = 0; i < 12; i++) await invite({ last_name: `Manyname${i}` }, c);
      const res = await call("GET", "/api_v2/search", {
        token: c.privateToken,
        query: { q: "manyname" },
      });
      expect(res.body.users).toHaveLength(10);
      const wild = await call("GET", "/api_v2/search", {
        token: c.privateToken,
        query: { q: "%" },
      });
      expect(wild.body.users).toEqual([]);
      for (const [query, message] of [
        [{}, "Query parameter q can't be blank"],
        [{ q: "  " }, "Query parameter q can't be blank"],
        [{ q: "x".repeat(101) }, "Query parameter q is too long (maximum is 100 characters)"],
      ] as const) {
        const bad = await call("GET", "/api_v2/search", { token: c.privateToken, query });
        expect({ status: bad.status, body: bad.body }).toEqual({
          status: 400,
          body: { error: { code: "malformed_request", message } },
        });
      }
    });
  });

  describe("GET /users/:id/tracking", () => {
    it("gives the worker's transitions on the company's jobs with coordinates, newest first, paged", async () => {
      const c = await api.tenant("Track Co");
      const w = await invite({}, c);
      const jr = await newRequest({ slots: 1 }, c);
      const t0 = new Date("2026-11-22T08:00:00Z");
      setClock(() => t0);
      const hired = await call("POST", "/api_v2/jobs/assign", {
        token: c.privateToken,
        json: { job_request_id: jr.id, worker_id: w.id },
      });
      expect(hired.status, hired.text).toBe(201);
      const jobId = hired.body.job?.id ?? hired.body.id;
      setClock(() => new Date(t0.getTime() + 3_600_000));
      const started = await call("PATCH", `/api_v2/jobs/${jobId}`, {
        token: c.privateToken,
        json: { state: "in_progress", latitude: "37.7900000", longitude: "-122.3900000" },
      });
      expect(started.status, started.text).toBe(200);
      // The same worker on another company's job: never in this trail.
      const res = await call("GET", `/api_v2/users/${w.id}/tracking`, { token: c.privateToken });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ user_id: w.id, page: 1, per: 50, total: 2 });
      conforms(trackingListSchema, res.body);
      expect(res.body.tracking.map((x: any) => [x.name, x.job_id, x.job_request_id])).toEqual([
        ["in_progress", jobId, jr.id],
        ["filled", jobId, jr.id],
      ]);
      expect(res.body.tracking[0]).toMatchObject({
        latitude: 37.79,
        longitude: -122.39,
        from_state: "filled",
      });
      const p2 = await call("GET", `/api_v2/users/${w.id}/tracking`, {
        token: c.privateToken,
        query: { per: 1, page: 2 },
      });
      expect(p2.body.tracking.map((x: any) => x.name)).toEqual(["filled"]);

      const employer = await api.person(c.companyId, "requestor");
      const cases: [number, string, number, unknown][] = [
        [w.id, other.privateToken, 404, NOT_FOUND("User")],
        [NOBODY, c.privateToken, 404, NOT_FOUND("User")],
        [employer.id, c.privateToken, 404, NOT_FOUND("User")],
        [w.id, c.publicToken, 403, PUBLIC_POOL],
      ];
      for (const [id, token, status, body] of cases) {
        const r = await call("GET", `/api_v2/users/${id}/tracking`, { token });
        expect({ id, status: r.status, body: r.body }).toEqual({ id, status, body });
      }
      const ro = await api.person(c.companyId, "read_only");
      expect(
        (await call("GET", `/api_v2/users/${w.id}/tracking`, { token: ro.token })).status,
      ).toBe(200);
    });
  });

  describe("webhook targets, unique per company on the normalised URL", () => {
    const SPELLINGS = [
      "https://Hooks.Example.com/receive",
      "HTTPS://hooks.example.com/receive",
      "https://hooks.example.com:443/receive",
      "https://hooks.example.com/receive#ignored",
      "https://hooks.example.com/a/../receive",
      "https://hooks.example.com/./receive",
    ];

    it("stores the normalised URL; the other five spellings are 422 naming the one that exists", async () => {
      const c = await api.tenant("Hook Co");
      const first = await call("POST", "/api_v2/webhooks", {
        token: c.privateToken,
        json: { url: SPELLINGS[0] },
      });
      expect(first.status, first.text).toBe(201);
      expect(first.body.url).toBe("https://hooks.example.com/receive");
      for (const url of SPELLINGS.slice(1)) {
        const res = await call("POST", "/api_v2/webhooks", {
          token: c.privateToken,
          json: { url },
        });
        expect({ url, status: res.status, body: res.body }).toEqual({
          url,
          status: 422,
          body: invalid({ url: [`is already registered (webhook ${first.body.id})`] }),
        });
      }
      const bare = await call("POST", "/api_v2/webhooks", {
        token: c.privateToken,
        json: { url: "https://hooks.example.com" },
      });
      expect(bare.body.url).toBe("https://hooks.example.com/");
      const list = await call("GET", "/api_v2/webhooks", { token: c.privateToken });
      expect(list.body.webhooks.map((h: any) => h.url)).toEqual([
        "https://hooks.example.com/receive",
        "https://hooks.example.com/",
      ]);
      // Another company may subscribe the same receiver.
      const theirs = await call("POST", "/api_v2/webhooks", {
        token: other.privateToken,
        json: { url: SPELLINGS[3] },
      });
      expect(theirs.status, theirs.text).toBe(201);
    });

    it("lets one of six concurrent spellings through", async () => {
      const c = await api.tenant("Hook Race");
      const results = await Promise.all(
        SPELLINGS.map((url) =>
          call("POST", "/api_v2/webhooks", { token: c.privateToken, json: { url } }),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
      const kept = results.find((r) => r.status === 201)!.body.id;
      for (const r of results.filter((x) => x.status === 422)) {
        expect(r.body.error.fields.url).toEqual([`is already registered (webhook ${kept})`]);
      }
    });

    it("the migration normalises stored URLs and merges each company's duplicates into the oldest", async () => {
      const c = await api.tenant("Hook Migration");
      const at = new Date("2026-11-01T00:00:00Z");
      const rows = await db()
        .insert(webhooks)
        .values([
          ...SPELLINGS.map((url, i) => ({
            companyId: c.companyId,
            url,
            events:
              i === 1 ? ["job.state_changed"] : i === 2 ? ["user.invited"] : ["job.state_changed"],
            createdAt: at,
          })),
          {
            companyId: c.companyId,
            url: "https://Other.example.com:8443",
            events: ["user.updated"],
            createdAt: at,
          },
          {
            companyId: other.companyId,
            url: "https://HOOKS.example.com/migration",
            events: [],
            createdAt: at,
          },
        ])
        .returning({ id: webhooks.id });
      const ids = rows.map((r) => r.id);
      await db().insert(outbox).values({
        companyId: c.companyId,
        channel: "webhook",
        eventId: "evt-merge-1",
        event: "job.state_changed",
        webhookId: ids[2]!,
        target: SPELLINGS[2]!,
        body: "{}",
        state: "dead",
        maxAttempts: 4,
        nextAttemptAt: at,
        createdAt: at,
      });
      const sqlText = fs.readFileSync(
        path.join(process.cwd(), "lib/db/migrations/0012_reference_rest.sql"),
        "utf8",
      );
      const webhookPart = sqlText.slice(sqlText.indexOf('CREATE TEMP TABLE "webhook_norm"'));
      for (const stmt of webhookPart.split("--> statement-breakpoint")) {
        if (stmt.trim()) await db().execute(sql.raw(stmt));
      }
      const left = await db()
        .select({
          id: webhooks.id,
          url: webhooks.url,
          events: webhooks.events,
          companyId: webhooks.companyId,
        })
        .from(webhooks)
        .where(inArray(webhooks.id, ids))
        .orderBy(webhooks.id);
      expect(left).toEqual([
        // The oldest spelling keeps its id, takes the others' events (sorted) and deliveries.
        {
          id: ids[0],
          url: "https://hooks.example.com/receive",
          events: ["job.state_changed", "user.invited"],
          companyId: c.companyId,
        },
        // The five other spellings (dot segments too) were merged into it and removed.
        {
          id: ids[6],
          url: "https://other.example.com:8443/",
          events: ["user.updated"],
          companyId: c.companyId,
        },
        // Another company's subscription is its own (normalised, never merged across companies).
        {
          id: ids[7],
          url: "https://hooks.example.com/migration",
          events: [],
          companyId: other.companyId,
        },
      ]);
      const [moved] = await db()
        .select({ webhookId: outbox.webhookId })
        .from(outbox)
        .where(eq(outbox.eventId, "evt-merge-1"));
      expect(moved!.webhookId).toBe(ids[0]);
    });
  });
});
