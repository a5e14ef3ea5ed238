import type { Action, Role } from "@/lib/schemas/permissions";
import { METHODS, type Method } from "../handler";
import { call, type Person, type Tenant } from "./harness";

/**
 * The role × route matrix's own table (roles-matrix.test.ts): for every route file and method,
 * the action it performs as docs/people.md gives it, and the request a cell sends. Written from
 * the contract, not read from the code: the test derives each role's answer from the action.
 */

export const WHO = [
  "customer_admin",
  "requestor",
  "read_only",
  "deactivated",
  "privateKey",
] as const;
export type Who = (typeof WHO)[number];
export const ROLE_OF: Partial<Record<Who, Role>> = {
  customer_admin: "customer_admin",
  requestor: "requestor",
  read_only: "read_only",
};

export type Req = { path: string; json?: unknown; query?: Record<string, string>; token?: string };
export type Row = {
  /** The action the route performs (docs/people.md); `open`: no token; `none`: no such route. */
  needs: Action | "open" | "none";
  /** Built per cell: a permitted cell that uses up its record gets a fresh one. */
  request(who: Who, permitted: boolean): Req | Promise<Req>;
  /** Added by another part of issue 26: skipped until its route file serves the method. */
  pending?: boolean;
  /** Person-only calls (a password change): what a key pair gets is not a role question. */
  keyPairAnyAnswer?: boolean;
};
export type Fixture = {
  t: Tenant;
  token: Record<Who, string>;
  people: Record<Exclude<Who, "privateKey">, Person>;
  worker: number;
  badge: number;
  job: number;
  jobRequest: number;
  webhook: number;
  delivery: number;
};

/** What the rows need from the test: its fixture and makers of fresh records. */
export type Helpers = {
  fx: Fixture;
  unique(label: string): string;
  invite(): Promise<{ id: number; email: string }>;
  freshBadge(): Promise<number>;
  freshWebhook(): Promise<number>;
  freshToken(who: Who): Promise<string>;
  /** The invitation link's token mailed to `email`. */
  invitationFor(email: string): Promise<string>;
};

const get =
  (p: string): Row["request"] =>
  () => ({ path: p });

/** The table: route file → method → the action it performs and the request a cell sends. */
export function roleRows(h: Helpers): Record<string, Partial<Record<Method, Row>>> {
  const { fx, unique, invite, freshBadge, freshWebhook, freshToken } = h;
  // One bare series of the tenant's, made by its key pair on first use (issue 27).
  let series: Promise<number> | undefined;
  const seriesId = () =>
    (series ??= call("POST", "/api_v2/multi_day_job_requests", {
      token: fx.token.privateKey,
      json: { repeat_type: "daily" },
    }).then((r) => r.body.multi_day_job_request.id as number));
  /** A job request template of the tenant's (ours): fresh ones for deletes, one for the rest. */
  const freshTemplate = () =>
    call("POST", "/api_v2/job_request_templates", {
      token: fx.token.privateKey,
      json: { name: unique("Roles template") },
    }).then((r) => r.body.job_request_template.id as number);
  let template: Promise<number> | undefined;
  const templateId = () => (template ??= freshTemplate());
  let message: number | undefined;
  /** A message on the fixture's job (its worker to the admin), written once, by the key pair. */
  const aMessage = async () => {
    if (message === undefined) {
      const job = await call("GET", `/api_v2/jobs/${fx.job}`, { token: fx.t.privateToken });
      const res = await call("POST", "/api_v2/messages", {
        token: fx.t.privateToken,
        json: {
          body: "Roles matrix",
          job_id: fx.job,
          sender_id: job.body.job.user_id,
          receiver_id: fx.people.customer_admin.id,
        },
      });
      message = res.body.message.id as number;
    }
    return message;
  };
  return {
    "api_v2/[[...path]]": Object.fromEntries(
      METHODS.map((m) => [m, { needs: "none", request: get("/api_v2/no_such_endpoint/1") }]),
    ),
    "api_v2/authenticate": {
      POST: {
        needs: "open",
        request: () => ({ path: "/api_v2/authenticate", json: fx.t.privateKeys }),
      },
      DELETE: {
        needs: "session",
        request: async (who) => ({
          path: "/api_v2/authenticate",
          token: who === "deactivated" ? fx.token.deactivated : await freshToken(who),
        }),
      },
    },
    "api_v2/info": { GET: { needs: "open", request: get("/api_v2/info") } },
    "api_v2/openapi.json": { GET: { needs: "open", request: get("/api_v2/openapi.json") } },
    "api_v2/invitations/inspect": {
      POST: {
        needs: "open",
        request: () => ({ path: "/api_v2/invitations/inspect", json: { token: "x".repeat(32) } }),
      },
    },
    "api_v2/invitations/accept": {
      POST: {
        needs: "open",
        request: async () => {
          const w = await invite();
          return {
            path: "/api_v2/invitations/accept",
            json: { token: await h.invitationFor(w.email), password: "roles matrix 4 all" },
          };
        },
      },
    },
    "api_v2/password_resets": {
      POST: {
        needs: "open",
        pending: true,
        request: () => ({
          path: "/api_v2/password_resets",
          json: { email: `nobody.${process.pid}@example.com` },
        }),
      },
    },
    "api_v2/password_resets/confirm": {
      POST: {
        needs: "open",
        pending: true,
        request: () => ({
          path: "/api_v2/password_resets/confirm",
          json: { token: "x".repeat(32), password: "new password 4 all" },
        }),
      },
    },
    "api_v2/me": { GET: { needs: "session", request: get("/api_v2/me") } },
    "api_v2/me/two_factor": {
      POST: {
        needs: "session",
        keyPairAnyAnswer: true,
        request: () => ({ path: "/api_v2/me/two_factor" }),
      },
      DELETE: {
        needs: "session",
        keyPairAnyAnswer: true,
        // A wrong password: permitted, refused for its content (nothing turned off).
        request: () => ({ path: "/api_v2/me/two_factor", json: { password: "not the password" } }),
      },
    },
    "api_v2/me/two_factor/confirm": {
      POST: {
        needs: "session",
        keyPairAnyAnswer: true,
        // Nothing started for this person: 422 on base, never a change.
        request: () => ({ path: "/api_v2/me/two_factor/confirm", json: { code: "not a code" } }),
      },
    },
    "api_v2/me/company": {
      PATCH: {
        needs: "team.write",
        request: () => ({ path: "/api_v2/me/company", json: { require_two_factor: false } }),
      },
    },
    "api_v2/me/password": {
      PATCH: {
        needs: "session",
        pending: true,
        keyPairAnyAnswer: true,
        // A wrong current password: permitted, refused for its content (never a change).
        request: () => ({
          path: "/api_v2/me/password",
          json: {
            current_password: "not the password",
            password: "a new password 4 all",
            password_confirmation: "a new password 4 all",
          },
        }),
      },
    },
    "api_v2/users": {
      GET: { needs: "workers.read", request: get("/api_v2/users") },
      // Creating a teammate (docs/people.md): an admin's call. Minimal: no names.
      POST: {
        needs: "team.write",
        pending: true,
        request: () => ({ path: "/api_v2/users", json: { type: "Employer" } }),
      },
    },
    "api_v2/users/invite": {
      POST: {
        needs: "workers.write",
        request: () => ({ path: "/api_v2/users/invite", json: { type: "Worker" } }),
      },
    },
    "api_v2/users/[id]": {
      GET: { needs: "workers.read", request: () => ({ path: `/api_v2/users/${fx.worker}` }) },
      PATCH: {
        needs: "workers.write",
        request: () => ({ path: `/api_v2/users/${fx.worker}`, json: { first_name: unique("M") } }),
      },
    },
    "api_v2/users/[id]/history": {
      GET: {
        needs: "workers.read",
        request: () => ({ path: `/api_v2/users/${fx.worker}/history` }),
      },
    },
    "api_v2/users/[id]/ssn": {
      GET: {
        needs: "personal_data.reveal",
        request: () => ({ path: `/api_v2/users/${fx.worker}/ssn` }),
      },
    },
    "api_v2/users/[id]/invitation": {
      POST: {
        needs: "workers.write",
        request: async (_, permitted) => ({
          path: `/api_v2/users/${permitted ? (await invite()).id : fx.worker}/invitation`,
        }),
      },
    },
    "api_v2/badges": {
      GET: { needs: "badges.read", request: get("/api_v2/badges") },
      POST: {
        needs: "badges.write",
        request: () => ({ path: "/api_v2/badges", json: { name: unique("New") } }),
      },
    },
    "api_v2/badges/[id]": {
      GET: { needs: "badges.read", request: () => ({ path: `/api_v2/badges/${fx.badge}` }) },
      PATCH: {
        needs: "badges.write",
        request: () => ({ path: `/api_v2/badges/${fx.badge}`, json: { name: unique("Renamed") } }),
      },
      DELETE: {
        needs: "badges.write",
        request: async (_, permitted) => ({
          path: `/api_v2/badges/${permitted ? await freshBadge() : fx.badge}`,
        }),
      },
    },
    "api_v2/jobs": {
      GET: { needs: "jobs.read", request: get("/api_v2/jobs") },
      POST: { needs: "jobs.write", request: () => ({ path: "/api_v2/jobs", json: {} }) },
    },
    "api_v2/jobs/assign": {
      POST: { needs: "jobs.write", request: () => ({ path: "/api_v2/jobs/assign", json: {} }) },
    },
    "api_v2/jobs/[id]": {
      GET: { needs: "jobs.read", request: () => ({ path: `/api_v2/jobs/${fx.job}` }) },
      PATCH: {
        needs: "jobs.write",
        request: () => ({ path: `/api_v2/jobs/${fx.job}`, json: { requestor_notes: unique("n") } }),
      },
    },
    "api_v2/jobs/[id]/simulate": {
      POST: {
        needs: "jobs.write",
        request: () => ({ path: `/api_v2/jobs/${fx.job}/simulate`, json: {} }),
      },
    },
    "api_v2/job_requests": {
      GET: { needs: "job_requests.read", request: get("/api_v2/job_requests") },
      POST: {
        needs: "job_requests.write",
        request: () => ({ path: "/api_v2/job_requests", json: { request_name: unique("R") } }),
      },
    },
    "api_v2/job_requests/qualified_workers": {
      GET: {
        needs: "candidates.read",
        request: get("/api_v2/job_requests/qualified_workers?latitude=37.79&longitude=-122.39"),
      },
    },
    "api_v2/job_request_templates": {
      GET: { needs: "job_requests.read", request: get("/api_v2/job_request_templates") },
      POST: {
        needs: "job_requests.write",
        request: () => ({ path: "/api_v2/job_request_templates", json: { name: unique("T") } }),
      },
    },
    "api_v2/job_request_templates/[id]": {
      GET: {
        needs: "job_requests.read",
        request: async () => ({ path: `/api_v2/job_request_templates/${await templateId()}` }),
      },
      PATCH: {
        needs: "job_requests.write",
        request: async () => ({
          path: `/api_v2/job_request_templates/${await templateId()}`,
          json: { name: unique("Renamed T") },
        }),
      },
      DELETE: {
        needs: "job_requests.write",
        request: async (_, permitted) => ({
          path: `/api_v2/job_request_templates/${permitted ? await freshTemplate() : await templateId()}`,
        }),
      },
    },
    "api_v2/job_requests/categories": {
      GET: { needs: "job_requests.read", request: get("/api_v2/job_requests/categories") },
    },
    "api_v2/job_requests/[id]": {
      GET: {
        needs: "job_requests.read",
        request: () => ({ path: `/api_v2/job_requests/${fx.jobRequest}` }),
      },
      PATCH: {
        needs: "job_requests.write",
        request: () => ({
          path: `/api_v2/job_requests/${fx.jobRequest}`,
          json: { job_request: { request_name: unique("Renamed") } },
        }),
      },
    },
    // Multi-day job requests (issue 27): the job request actions.
    "api_v2/multi_day_job_requests": {
      POST: {
        needs: "job_requests.write",
        request: () => ({ path: "/api_v2/multi_day_job_requests", json: { repeat_type: "daily" } }),
      },
    },
    "api_v2/multi_day_job_requests/[id]": {
      GET: {
        needs: "job_requests.read",
        request: async () => ({ path: `/api_v2/multi_day_job_requests/${await seriesId()}` }),
      },
      PATCH: {
        needs: "job_requests.write",
        request: async () => ({
          path: `/api_v2/multi_day_job_requests/${await seriesId()}`,
          json: { same_workers: true },
        }),
      },
    },
    "api_v2/multi_day_job_requests/[id]/cancel": {
      POST: {
        needs: "job_requests.write",
        request: async () => ({
          path: `/api_v2/multi_day_job_requests/${await seriesId()}/cancel`,
          json: {},
        }),
      },
    },
    "api_v2/job_requests/[id]/candidates": {
      GET: {
        needs: "candidates.read",
        request: () => ({ path: `/api_v2/job_requests/${fx.jobRequest}/candidates` }),
      },
    },
    "api_v2/mails": { GET: { needs: "mails.read", request: get("/api_v2/mails") } },
    "api_v2/messages": {
      GET: { needs: "messages.read", request: get("/api_v2/messages") },
      POST: { needs: "messages.write", request: () => ({ path: "/api_v2/messages", json: {} }) },
    },
    "api_v2/messages/[id]": {
      GET: {
        needs: "messages.read",
        request: async () => ({ path: `/api_v2/messages/${await aMessage()}` }),
      },
      PATCH: {
        needs: "messages.read",
        request: async () => ({
          path: `/api_v2/messages/${await aMessage()}`,
          json: { read_at: null },
        }),
      },
    },
    "api_v2/messages/mark_read": {
      POST: {
        needs: "messages.read",
        request: () => ({ path: "/api_v2/messages/mark_read", json: { job_id: fx.job } }),
      },
    },
    "api_v2/home": {
      GET: { needs: "job_requests.read", request: get("/api_v2/home") },
    },
    "api_v2/messages/unread": {
      GET: { needs: "messages.read", request: get("/api_v2/messages/unread") },
    },
    "api_v2/zip_codes/[zip]": {
      GET: { needs: "session", request: get("/api_v2/zip_codes/60601") },
    },
    "api_v2/messages/stream": {
      // The harness reads a stream up to its first block and leaves it, as a client would.
      GET: { needs: "messages.read", request: get("/api_v2/messages/stream") },
    },
    "api_v2/webhooks": {
      GET: { needs: "webhooks.read", request: get("/api_v2/webhooks") },
      POST: {
        needs: "webhooks.write",
        request: () => ({
          path: "/api_v2/webhooks",
          json: { url: `https://hooks.example.test/${unique("w").replace(/\s/g, "-")}` },
        }),
      },
    },
    "api_v2/webhooks/[id]": {
      GET: { needs: "webhooks.read", request: () => ({ path: `/api_v2/webhooks/${fx.webhook}` }) },
      DELETE: {
        needs: "webhooks.write",
        request: async (_, permitted) => ({
          path: `/api_v2/webhooks/${permitted ? await freshWebhook() : fx.webhook}`,
        }),
      },
    },
    "api_v2/webhook_deliveries": {
      GET: { needs: "webhooks.read", request: get("/api_v2/webhook_deliveries") },
    },
    "api_v2/webhook_deliveries/[id]/resend": {
      POST: {
        needs: "webhooks.write",
        request: () => ({ path: `/api_v2/webhook_deliveries/${fx.delivery}/resend` }),
      },
    },
    // The rest of the reference (issue 27, docs/reference-rest.md).
    "api_v2/job_requests/[id]/rankings": {
      GET: {
        needs: "candidates.read",
        request: () => ({ path: `/api_v2/job_requests/${fx.jobRequest}/rankings` }),
      },
    },
    "api_v2/job_requests/[id]/re_rank_workers": {
      POST: {
        needs: "job_requests.write",
        request: () => ({ path: `/api_v2/job_requests/${fx.jobRequest}/re_rank_workers` }),
      },
    },
    "api_v2/job_requests/[id]/resend_notifications": {
      POST: {
        needs: "job_requests.write",
        // A bad value: permitted, refused for its content (no mail, the limit untouched).
        request: () => ({
          path: `/api_v2/job_requests/${fx.jobRequest}/resend_notifications`,
          json: { push_all_notifications_asap: "maybe" },
        }),
      },
    },
    "api_v2/customers": {
      // No role holds it; a key pair's token holds every action and is refused by the route
      // itself (403 operator_only): what a key pair gets is not a role question.
      POST: {
        needs: "customers.create",
        keyPairAnyAnswer: true,
        request: () => ({ path: "/api_v2/customers", json: { customer: { name: unique("C") } } }),
      },
    },
    "api_v2/customers/[id]": {
      GET: {
        needs: "customers.read",
        request: () => ({ path: `/api_v2/customers/${fx.t.companyId}` }),
      },
      PATCH: {
        needs: "customers.write",
        request: () => ({
          path: `/api_v2/customers/${fx.t.companyId}`,
          json: { contact_first_name: unique("C").slice(0, 50) },
        }),
      },
    },
    "api_v2/search": {
      GET: { needs: "search.read", request: () => ({ path: "/api_v2/search", query: { q: "a" } }) },
    },
    "api_v2/users/[id]/tracking": {
      GET: {
        needs: "tracking.read",
        request: () => ({ path: `/api_v2/users/${fx.worker}/tracking` }),
      },
    },
  };
}
