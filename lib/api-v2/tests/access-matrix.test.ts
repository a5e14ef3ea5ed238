import { and, eq, gt, inArray, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  badges,
  companies,
  jobRequests,
  jobs,
  messages,
  outbox,
  users,
  webhooks,
} from "@/lib/db/schema";
import { createBadgeFor, createJob, createJobRequest, createKeys, revokeKey } from "../admin/admin";
import { createEmployerUser } from "../admin/people";
import { setClock } from "../clock";
import { Dispatcher } from "../events/dispatcher";
import { METHODS, type Method } from "../handler";
import {
  type ApiResponse,
  call,
  describeApi,
  discoverRoutes,
  invitationTokens,
  type Tenant,
  workerBody,
} from "./harness";

/**
 * The tenancy and access matrix: every route file under app/api_v2 × every method it exports ×
 * every kind of caller, each cell with exactly one expected status and error code. The rows
 * come from the route files themselves, so a new route (or a new method on one) that this
 * table does not cover fails the first test below instead of slipping in untested.
 *
 * The callers, and the records they ask about (all of company A unless the row says otherwise):
 * - A's private key: the owner.
 * - B's private key: another company.
 * - P's public key, where A's worker has an active (in_progress) job with P.
 * - Q's public key, with no job with A's worker.
 * - A's own public key (A's worker has no job with A; the public pool is a different level).
 * - an expired token of A's private key; a token of A's key revoked by the operator after the
 *   token was issued; no token at all.
 *
 * The rules (contract.md "Errors" and "Access levels"):
 * - A record the caller may not see is 404 not_found, identical (status and body) to an id that
 *   does not exist. Every error cell of a route with an id is compared with that twin.
 * - A public-pool key asking for a write (and for the private-pool-only additions: webhooks,
 *   deliveries, mails) gets 403 forbidden_for_public_pool whatever the record, also for an id
 *   that does not exist: the refusal is about the operation and the key's level, so it reveals
 *   nothing about the record (the twin comparison proves the answers are identical).
 * - A write that names another company's record in its body (a hire's job_request_id) is
 *   refused as if the id did not exist: 422 on that field, identical to the nonexistent id's
 *   answer; a refused write leaves A's job and job request as they were.
 * - expired token 401 token_expired, revoked key 401 invalid_token, no token 401 missing_token.
 * - Methods a route does not serve: 405 method_not_allowed for everyone, before any token.
 * - Lists hold only what the caller may see: compared with the ground truth read from the
 *   database (the whole set when it fits a page, and `total`).
 * - No answer to a caller outside company A (or without a valid token) carries A's keys,
 *   tokens, invitation tokens or name.
 */

const HOUR = 60 * 60 * 1000;
const NOBODY = 2147483000;
const STRESS = process.env.STRESS === "1";
/** What the public-pool rule counts as an active job (contract.md "Access levels"). */
const ACTIVE = ["filled", "in_progress", "paused", "completed"];

const WHO = [
  "ownPrivate",
  "otherPrivate",
  "publicActive",
  "publicWithout",
  "ownPublic",
  "expired",
  "revoked",
  "none",
] as const;
type Who = (typeof WHO)[number];
type KeyHolder = Exclude<Who, "expired" | "revoked" | "none">;

const DESCRIBE: Record<Who, string> = {
  ownPrivate: "A private (owner)",
  otherPrivate: "B private (other company)",
  publicActive: "P public (worker has an active job with P)",
  publicWithout: "Q public (no job with the worker)",
  ownPublic: "A public (worker has no job with A)",
  expired: "expired token",
  revoked: "revoked key",
  none: "no token",
};

/** `fields`: for validation_failed, exactly the fields the error names. */
type Exp = { status: number; code?: string; fields?: string[] };
const ok = (status = 200): Exp => ({ status });
const NOT_FOUND: Exp = { status: 404, code: "not_found" };
const PUBLIC_POOL: Exp = { status: 403, code: "forbidden_for_public_pool" };
const NOT_ALLOWED: Exp = { status: 405, code: "method_not_allowed" };
const UNAUTHENTICATED: Record<Exclude<Who, KeyHolder>, Exp> = {
  expired: { status: 401, code: "token_expired" },
  revoked: { status: 401, code: "invalid_token" },
  none: { status: 401, code: "missing_token" },
};

const authed = (e: Record<KeyHolder, Exp>): Record<Who, Exp> => ({ ...e, ...UNAUTHENTICATED });
const everyone = (e: Exp) => Object.fromEntries(WHO.map((w) => [w, e])) as Record<Who, Exp>;
/** A person's own call: every key pair's token gets 422 on `base`. */
const personOnly = () =>
  authed(
    Object.fromEntries(
      (["ownPrivate", "otherPrivate", "publicActive", "publicWithout", "ownPublic"] as const).map(
        (w) => [w, { status: 422, code: "validation_failed", fields: ["base"] }],
      ),
    ) as Record<KeyHolder, Exp>,
  );
/** Reads that any valid token may make (its own company's data). */
const anyKey = (status = 200) =>
  authed({
    ownPrivate: ok(status),
    otherPrivate: ok(status),
    publicActive: ok(status),
    publicWithout: ok(status),
    ownPublic: ok(status),
  });
/** A read of A's record: the owner sees it, other companies get 404; the public columns vary. */
const readRecord = (publicActive: Exp, ownPublic: Exp) =>
  authed({
    ownPrivate: ok(),
    otherPrivate: NOT_FOUND,
    publicActive,
    publicWithout: NOT_FOUND,
    ownPublic,
  });
/** Private pool only: public keys are refused before any record is looked at. */
const privateOnly = (status: number, otherPrivate: Exp) =>
  authed({
    ownPrivate: ok(status),
    otherPrivate,
    publicActive: PUBLIC_POOL,
    publicWithout: PUBLIC_POOL,
    ownPublic: PUBLIC_POOL,
  });

/** `token`: instead of the caller's own (a sign-out must not end the token later cells use). */
type Req = { path: string; json?: unknown; token?: string };
type Row = {
  expect: Record<Who, Exp>;
  /** The request this caller sends; a cell that changes or uses up its record gets a fresh one. */
  request(who: Who, expected: Exp): Req | Promise<Req>;
  /** The same request about a record that does not exist. */
  twin?: () => Req;
  /** Further checks of a 2xx answer. */
  check?(res: ApiResponse, who: Who): void | Promise<void>;
  /**
   * Endpoints without an API token whose answer is meant to carry a secret or a name (a new
   * token; the invitation the link's holder may read): the leak check does not apply.
   */
  answersWithSecrets?: boolean;
};
type RouteRows = Partial<Record<Method, Row>>;

type Keys = { api_key: string; secret_key: string };
type Fixture = {
  a: Tenant;
  b: Tenant;
  p: Tenant;
  q: Tenant;
  token: Record<Who, string | undefined>;
  keys: Record<Who, Keys>;
  company: Record<KeyHolder, number>;
  worker: { id: number; external_id: string; email: string };
  badge: number;
  job: number;
  jobRequest: number;
  /** A's job and job request as the matrix found them, to show the refused writes left them. */
  before: { job: unknown; jobRequest: unknown };
  webhook: number;
  invitation: string;
  /** What no one outside company A may ever be shown. */
  secretsOfA: string[];
};

const isPrivate = (who: KeyHolder) => who === "ownPrivate" || who === "otherPrivate";

describeApi("tenancy and access matrix", (api) => {
  const db = () => api.database.db;
  let fx: Fixture;
  let n = 0;
  const unique = (label: string) => `${label} ${process.pid}-${++n}`;
  const figures = { cells: 0, twins: 0, lists: 0, leakScans: 0, routes: 0, methods: 0 };

  const invite = async (t: Tenant, overrides: Record<string, unknown> = {}) => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody(overrides),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; external_id: string; email: string };
  };

  /** The invitation token mailed to `email` by A, as the worker's inbox holds it. */
  const invitationFor = async (email: string) => {
    const mail = (await invitationTokens(api, fx.a.companyId)).find((m) => m.to === email);
    const token = mail?.token ?? "";
    expect(token.length, `invitation link for ${email}`).toBeGreaterThanOrEqual(20);
    fx.secretsOfA.push(token);
    return token;
  };

  /** Delivers every due outbox row with a transport that always succeeds (no network). */
  const deliverAll = () =>
    new Dispatcher({
      db: db(),
      random: () => 0,
      deliver: async () => ({ ok: true, status: 200, error: null, transport: "database" }),
    }).drain();

  const freshBadge = async () =>
    (
      await createBadgeFor(
        db(),
        fx.a.companyId,
        { name: unique("Disposable"), description: "d" },
        new Date(),
      )
    ).badge_id;
  const freshWebhook = async () => {
    const res = await call("POST", "/api_v2/webhooks", {
      token: fx.a.privateToken,
      json: { url: `https://hooks.example.test/${unique("fresh").replace(/\s/g, "-")}` },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  /** A finished (delivered) webhook delivery of A, which may be sent again. */
  const freshDelivery = async (): Promise<number> => {
    const finished = () =>
      db()
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            eq(outbox.companyId, fx.a.companyId),
            eq(outbox.channel, "webhook"),
            eq(outbox.state, "delivered"),
          ),
        )
        .limit(1);
    let [row] = await finished();
    if (!row) {
      await invite(fx.a);
      await deliverAll();
      [row] = await finished();
    }
    expect(row, "a delivered delivery of A").toBeDefined();
    return row!.id;
  };

  /** A message about `job` from its worker to a requestor of A (made once). */
  let requestorOfA: number | undefined;
  const messageTo = async (job: number) => {
    requestorOfA ??= (
      await createEmployerUser(db(), {
        companyId: fx.a.companyId,
        role: "requestor",
        email: `${unique("matrix.requestor").replace(/\W+/g, ".")}@example.com`,
        firstName: "Matrix",
        lastName: "Requestor",
      })
    ).id;
    const [j] = await db().select({ worker: jobs.userId }).from(jobs).where(eq(jobs.id, job));
    return { body: "Matrix", job_id: job, sender_id: j!.worker, receiver_id: requestorOfA };
  };
  let aMessage: number | undefined;
  const messageOfA = async () => {
    if (aMessage === undefined) {
      const res = await call("POST", "/api_v2/messages", {
        token: fx.a.privateToken,
        json: await messageTo(fx.job),
      });
      expect(res.status, res.text).toBe(201);
      aMessage = res.body.message.id as number;
    }
    return aMessage;
  };

  /** A complete posting: every field a posted job request needs. */
  const posting = () => ({
    request_name: unique("Matrix shift"),
    category: "General Labor",
    state: "posted",
    description_tasks: "Stack boxes",
    slots: 2,
    address: "1 Matrix Way",
    city: "Oakland",
    zip: "94607",
    latitude: "37.8",
    longitude: "-122.27",
  });
  /** A new posted job request of A, with free slots. */
  const freshJobRequest = async (): Promise<number> => {
    const res = await call("POST", "/api_v2/job_requests", {
      token: fx.a.privateToken,
      json: posting(),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.job_request.id;
  };
  /** A new two-day series of A (issue 27), and the one the matrix reads. */
  const freshSeries = async (): Promise<number> => {
    const res = await call("POST", "/api_v2/multi_day_job_requests", {
      token: fx.a.privateToken,
      json: {
        repeat_type: "daily",
        repeat_number: 2,
        job_request: { ...posting(), start_time: "2027-01-11 09:00" },
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.multi_day_job_request.id;
  };
  let seriesA: Promise<number> | undefined;
  const seriesOfA = () => (seriesA ??= freshSeries());
  /** A new job request template of A (ours), and the one the matrix reads. */
  const freshTemplate = async (): Promise<number> => {
    const res = await call("POST", "/api_v2/job_request_templates", {
      token: fx.a.privateToken,
      json: { name: unique("Template"), job_request: { request_name: "Matrix shift" } },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.job_request_template.id;
  };
  let templateA: Promise<number> | undefined;
  const templateOfA = () => (templateA ??= freshTemplate());
  /** A new worker of A and a new open request of A: a hire that will succeed. */
  const freshHire = async () => ({
    worker_id: (await invite(fx.a)).id,
    job_request_id: await freshJobRequest(),
  });
  /** A new filled job of A. */
  const freshJob = async (): Promise<number> => {
    const res = await call("POST", "/api_v2/jobs/assign", {
      token: fx.a.privateToken,
      json: await freshHire(),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.job.id;
  };
  /** A's job and job request that the refused cells aim at, as stored. */
  const jobRecordsOfA = async () => ({
    job: (await db().select().from(jobs).where(eq(jobs.id, fx.job)))[0],
    jobRequest: (await db().select().from(jobRequests).where(eq(jobRequests.id, fx.jobRequest)))[0],
  });

  // Ground truth for the lists, read straight from the tables.
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  /** The workers a key of `companyId` at `pool` level may see, by the contract's rule. */
  const visibleUserIds = async (companyId: number, pool: "private" | "public") => {
    if (pool === "private") {
      return ids(
        await db()
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, companyId), eq(users.type, "Worker"))),
      );
    }
    const since = new Date(Date.now() - 24 * HOUR);
    const rows = await db()
      .selectDistinct({ id: jobs.userId })
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, companyId),
          or(
            inArray(jobs.state, ACTIVE),
            and(eq(jobs.state, "approved"), gt(jobs.approvedAt, since)),
          ),
        ),
      );
    return ids(rows);
  };
  const truth = {
    users: (who: KeyHolder) =>
      visibleUserIds(fx.company[who], isPrivate(who) ? "private" : "public"),
    badges: async (who: KeyHolder) =>
      ids(
        await db()
          .select({ id: badges.id })
          .from(badges)
          .where(eq(badges.companyId, fx.company[who])),
      ),
    jobs: async (who: KeyHolder) =>
      ids(await db().select({ id: jobs.id }).from(jobs).where(eq(jobs.companyId, fx.company[who]))),
    job_requests: async (who: KeyHolder) =>
      ids(
        await db()
          .select({ id: jobRequests.id })
          .from(jobRequests)
          .where(eq(jobRequests.companyId, fx.company[who])),
      ),
    webhooks: async (who: KeyHolder) =>
      ids(
        await db()
          .select({ id: webhooks.id })
          .from(webhooks)
          .where(eq(webhooks.companyId, fx.company[who])),
      ),
    /** The workers of A's pool that may be ranked for A's job request: not already on it. */
    candidates: async (who: KeyHolder) => {
      const hired = (
        await db()
          .select({ id: jobs.userId })
          .from(jobs)
          .where(eq(jobs.jobRequestId, fx.jobRequest))
      ).map((r) => r.id);
      return ids(
        await db()
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.companyId, fx.company[who]), eq(users.type, "Worker"))),
      ).filter((id) => !hired.includes(id));
    },
    mails: async (who: KeyHolder) => outboxIds(who, "email"),
    deliveries: async (who: KeyHolder) => outboxIds(who, "webhook"),
  };
  const outboxIds = async (who: KeyHolder, channel: "email" | "webhook") =>
    ids(
      await db()
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.companyId, fx.company[who]), eq(outbox.channel, channel))),
    );

  /** A list holds exactly what the caller may see: all of it when it fits the page. */
  const listCheck =
    (key: string, expected: (who: KeyHolder) => Promise<number[]>) =>
    async (res: ApiResponse, who: Who) => {
      figures.lists++;
      const got = (res.body[key] as { id: number }[]).map((x) => x.id);
      const allowed = await expected(who as KeyHolder);
      const foreign = got.filter((id) => !allowed.includes(id));
      expect(foreign, `${key} the caller may not see`).toEqual([]);
      if (typeof res.body.total === "number") expect(res.body.total, "total").toBe(allowed.length);
      if (allowed.length <= got.length || res.body.per === undefined) {
        expect([...got].sort((x, y) => x - y)).toEqual([...allowed].sort((x, y) => x - y));
      } else {
        expect(got.length, "a full page").toBe(res.body.per);
      }
    };

  const recordPath = (base: string) => ({
    path: (id: number | string) => `/api_v2/${base}/${id}`,
  });

  /**
   * Hiring (POST /jobs/assign, POST /jobs): the ids are in the body. Another company's request
   * is refused exactly as one that does not exist (422 on job_request_id, the twin's answer);
   * the owner's hire uses up a fresh worker and request.
   */
  const hireRow = (path: string): Row => ({
    expect: privateOnly(201, {
      status: 422,
      code: "validation_failed",
      fields: ["job_request_id"],
    }),
    request: async (_, e) => ({
      path,
      json:
        e.status === 201
          ? await freshHire()
          : { job: { worker_id: fx.worker.id, job_request_id: fx.jobRequest } },
    }),
    twin: () => ({ path, json: { job: { worker_id: NOBODY, job_request_id: NOBODY } } }),
    check: (res) => {
      expect(res.headers.get("location")).toBe(`/api_v2/jobs/${res.body.job.id}`);
      expect(res.body.job).toMatchObject({ state: "filled", classification: "1099" });
    },
  });

  /** The expectation table, keyed by route file (its folder under app/). */
  const table: Record<string, RouteRows> = {
    "api_v2/[[...path]]": Object.fromEntries(
      METHODS.map((m) => [
        m,
        {
          expect: everyone(NOT_FOUND),
          request: () => ({ path: "/api_v2/no_such_endpoint/1" }),
        } satisfies Row,
      ]),
    ),

    "api_v2/authenticate": {
      // No API token: the key pair in the body is the credential; a token alongside is ignored.
      POST: {
        expect: { ...everyone(ok()), revoked: { status: 401, code: "invalid_credentials" } },
        request: (who) => ({ path: "/api_v2/authenticate", json: fx.keys[who] }),
        check: (res) => {
          expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
          expect(res.body.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
        },
        answersWithSecrets: true,
      },
      // Sign-out: any valid token may revoke itself (a fresh one here, not the caller's own).
      DELETE: {
        expect: anyKey(204),
        request: async (who) => ({
          path: "/api_v2/authenticate",
          token: who in fx.company ? await api.authenticate(fx.keys[who]) : undefined,
        }),
      },
    },

    "api_v2/info": {
      GET: {
        expect: everyone(ok()),
        request: () => ({ path: "/api_v2/info" }),
        check: (res) => expect(res.body.api_version).toBe("2.0"),
      },
    },

    "api_v2/openapi.json": {
      GET: {
        expect: everyone(ok()),
        request: () => ({ path: "/api_v2/openapi.json" }),
        check: (res) => expect(res.body.openapi).toMatch(/^3\.1/),
      },
    },

    "api_v2/invitations/inspect": {
      // No API token: the link's own secret is the credential, whoever calls.
      POST: {
        expect: everyone(ok()),
        request: () => ({ path: "/api_v2/invitations/inspect", json: { token: fx.invitation } }),
        check: (res) => expect(res.body).toMatchObject({ state: "valid", email: fx.worker.email }),
        answersWithSecrets: true,
      },
    },

    "api_v2/invitations/accept": {
      POST: {
        expect: everyone(ok()),
        request: async () => {
          const w = await invite(fx.a);
          const token = await invitationFor(w.email);
          return {
            path: "/api_v2/invitations/accept",
            json: { token, password: "matrix password 4 all" },
          };
        },
        check: (res) => expect(res.body).toMatchObject({ accepted: true, state: "used" }),
        answersWithSecrets: true,
      },
    },

    "api_v2/password_resets": {
      // No API token: the same 202 for every address, whoever asks.
      POST: {
        expect: everyone(ok(202)),
        request: () => ({
          path: "/api_v2/password_resets",
          json: { email: "nobody.in.the.matrix@example.com" },
        }),
      },
    },

    "api_v2/password_resets/confirm": {
      // No API token: the link's token is the credential; a made-up one is refused on `token`.
      POST: {
        expect: everyone({ status: 422, code: "validation_failed", fields: ["token"] }),
        request: () => ({
          path: "/api_v2/password_resets/confirm",
          json: {
            token: "x".repeat(43),
            password: "matrix password 4 all",
            password_confirmation: "matrix password 4 all",
          },
        }),
      },
    },

    "api_v2/me/password": {
      // A person's own password: a key pair's token has none (422 on base), whichever pool.
      PATCH: {
        expect: authed(
          Object.fromEntries(
            (
              ["ownPrivate", "otherPrivate", "publicActive", "publicWithout", "ownPublic"] as const
            ).map((w) => [w, { status: 422, code: "validation_failed", fields: ["base"] }]),
          ) as Record<KeyHolder, Exp>,
        ),
        request: () => ({
          path: "/api_v2/me/password",
          json: {
            current_password: "matrix password 4 all",
            password: "another matrix password",
            password_confirmation: "another matrix password",
          },
        }),
      },
    },

    // Two-factor sign-in is a person's own: a key pair's token has none (422 on base).
    "api_v2/me/two_factor": {
      POST: { expect: personOnly(), request: () => ({ path: "/api_v2/me/two_factor" }) },
      DELETE: {
        expect: personOnly(),
        request: () => ({ path: "/api_v2/me/two_factor", json: { password: "matrix password" } }),
      },
    },
    "api_v2/me/two_factor/confirm": {
      POST: {
        expect: personOnly(),
        request: () => ({ path: "/api_v2/me/two_factor/confirm", json: { code: "123456" } }),
      },
    },
    "api_v2/me/company": {
      // The company's sign-in rule: team.write, which a private pool key holds.
      PATCH: {
        expect: authed({
          ownPrivate: ok(),
          otherPrivate: ok(),
          publicActive: PUBLIC_POOL,
          publicWithout: PUBLIC_POOL,
          ownPublic: PUBLIC_POOL,
        }),
        request: () => ({ path: "/api_v2/me/company", json: { require_two_factor: false } }),
      },
    },

    "api_v2/me": {
      GET: {
        expect: anyKey(),
        request: () => ({ path: "/api_v2/me" }),
        check: (res, who) => {
          expect(res.body.company.id).toBe(fx.company[who as KeyHolder]);
          expect(res.body.pool).toBe(isPrivate(who as KeyHolder) ? "private" : "public");
        },
      },
    },

    "api_v2/users": {
      GET: {
        expect: anyKey(),
        request: () => ({ path: "/api_v2/users?per=50" }),
        check: async (res, who) => {
          await listCheck("users", truth.users)(res, who);
          // The worker of A, filtered for by its external id: listed exactly for those who see it.
          const byId = await call("GET", "/api_v2/users", {
            token: fx.token[who],
            query: { external_id: fx.worker.external_id },
          });
          const seen = who === "ownPrivate" || who === "publicActive";
          expect(byId.body.users.map((u: any) => u.id)).toEqual(seen ? [fx.worker.id] : []);
        },
      },
      // POST creates an employer user (a teammate) of the caller's own company: no record of A
      // is involved, so B succeeds too; workers are still created by /users/invite.
      POST: {
        expect: privateOnly(201, ok(201)),
        request: (who) => ({
          path: "/api_v2/users",
          json: {
            type: "Employer",
            first_name: "Matrix",
            last_name: "Teammate",
            email: `${unique("teammate").replace(/\W+/g, ".")}@example.com`,
            customer_id: fx.company[who as KeyHolder],
            role: "read_only",
            password: "matrix password 4 all",
            password_confirmation: "matrix password 4 all",
          },
        }),
        check: (res) => {
          expect(res.headers.get("location")).toBe(`/api_v2/users/${res.body.id}`);
          expect(res.body.type).toBe("Employer");
        },
      },
    },

    "api_v2/users/invite": {
      // Creates a worker in the caller's own pool: no record of A is involved, so B succeeds too.
      POST: {
        expect: privateOnly(201, ok(201)),
        request: () => ({ path: "/api_v2/users/invite", json: workerBody() }),
        check: (res) => expect(res.headers.get("location")).toBe(`/api_v2/users/${res.body.id}`),
      },
    },

    "api_v2/users/[id]": (() => {
      const { path } = recordPath("users");
      return {
        GET: {
          expect: readRecord(ok(), NOT_FOUND),
          request: () => ({ path: path(fx.worker.id) }),
          twin: () => ({ path: path(NOBODY) }),
          check: (res) => {
            expect(res.body.id).toBe(fx.worker.id);
            expect(res.headers.get("etag")).toBeTruthy();
          },
        },
        PATCH: {
          expect: privateOnly(200, NOT_FOUND),
          request: () => ({ path: path(fx.worker.id), json: { first_name: "Matrix" } }),
          twin: () => ({ path: path(NOBODY), json: { first_name: "Matrix" } }),
          check: (res) =>
            expect(res.body).toMatchObject({ id: fx.worker.id, first_name: "Matrix" }),
        },
      };
    })(),

    "api_v2/users/[id]/history": {
      GET: {
        expect: readRecord(ok(), NOT_FOUND),
        request: () => ({ path: `/api_v2/users/${fx.worker.id}/history` }),
        twin: () => ({ path: `/api_v2/users/${NOBODY}/history` }),
        check: (res) => {
          expect(res.body.history.length).toBeGreaterThan(0);
          for (const entry of res.body.history) expect(entry.user_id).toBe(fx.worker.id);
        },
      },
    },

    // Ours: the full SSN, for the private pool that owns the worker (recorded in its history).
    "api_v2/users/[id]/ssn": {
      GET: {
        expect: privateOnly(200, NOT_FOUND),
        request: () => ({ path: `/api_v2/users/${fx.worker.id}/ssn` }),
        twin: () => ({ path: `/api_v2/users/${NOBODY}/ssn` }),
        check: (res) => expect(Object.keys(res.body)).toEqual(["ssn"]),
      },
    },

    "api_v2/users/[id]/invitation": {
      // A new link for a worker of A's who has not accepted: a fresh one per cell (the resends
      // per worker are limited).
      POST: {
        expect: privateOnly(201, NOT_FOUND),
        request: async () => ({ path: `/api_v2/users/${(await invite(fx.a)).id}/invitation` }),
        twin: () => ({ path: `/api_v2/users/${NOBODY}/invitation` }),
        check: (res) => expect(res.body.invitation_status).toBe("invited"),
      },
    },

    "api_v2/badges": {
      GET: {
        expect: anyKey(),
        request: () => ({ path: "/api_v2/badges?per=50" }),
        check: listCheck("badges", truth.badges),
      },
      POST: {
        expect: privateOnly(201, ok(201)),
        request: () => ({
          path: "/api_v2/badges",
          json: { name: unique("New"), description: "d" },
        }),
      },
    },

    "api_v2/badges/[id]": (() => {
      const { path } = recordPath("badges");
      return {
        // Badges belong to a company: P's public key reads P's badges, not A's; A's public key
        // reads A's.
        GET: {
          expect: readRecord(NOT_FOUND, ok()),
          request: () => ({ path: path(fx.badge) }),
          twin: () => ({ path: path(NOBODY) }),
          check: (res) => expect(res.body.id).toBe(fx.badge),
        },
        PATCH: {
          expect: privateOnly(200, NOT_FOUND),
          request: () => ({ path: path(fx.badge), json: { name: unique("Renamed") } }),
          twin: () => ({ path: path(NOBODY), json: { name: "Renamed" } }),
        },
        DELETE: {
          expect: privateOnly(204, NOT_FOUND),
          request: async (_, e) => ({
            path: path(e.status === 204 ? await freshBadge() : fx.badge),
          }),
          twin: () => ({ path: path(NOBODY) }),
        },
      };
    })(),

    "api_v2/jobs": {
      GET: {
        expect: anyKey(),
        request: () => ({ path: "/api_v2/jobs?per=50" }),
        check: listCheck("jobs", truth.jobs),
      },
      // "Create a Job": the same hire as /jobs/assign.
      POST: hireRow("/api_v2/jobs"),
    },
    "api_v2/jobs/assign": {
      POST: hireRow("/api_v2/jobs/assign"),
    },
    "api_v2/jobs/[id]": (() => {
      const { path } = recordPath("jobs");
      const cancel = { state: "cancelled", cancelled_reason: "decided_to_cancel" };
      return {
        // Jobs are the company's that created them, in either pool.
        GET: {
          expect: readRecord(NOT_FOUND, ok()),
          request: () => ({ path: path(fx.job) }),
          twin: () => ({ path: path(NOBODY) }),
          check: (res) => {
            expect(Object.keys(res.body)).toEqual(["job"]);
            expect(res.body.job).toMatchObject({ id: fx.job, job_request_id: fx.jobRequest });
          },
        },
        PATCH: {
          expect: privateOnly(200, NOT_FOUND),
          // Everyone else aims at A's job: the owner's cancel uses up a job of its own.
          request: async (_, e) => ({
            path: path(e.status === 200 ? await freshJob() : fx.job),
            json: cancel,
          }),
          twin: () => ({ path: path(NOBODY), json: cancel }),
          check: (res) =>
            expect(res.body.job).toMatchObject({
              state: "cancelled",
              cancelled_reason: "decided_to_cancel",
            }),
        },
      };
    })(),
    // Ours, test environment (the matrix runs there): the worker starts A's job.
    "api_v2/jobs/[id]/simulate": (() => {
      const { path: jobPath } = recordPath("jobs");
      const path = (id: number) => `${jobPath(id)}/simulate`;
      const start = { action: "start" };
      return {
        POST: {
          expect: privateOnly(200, NOT_FOUND),
          request: async (_, e) => ({
            path: path(e.status === 200 ? await freshJob() : fx.job),
            json: start,
          }),
          twin: () => ({ path: path(NOBODY), json: start }),
          check: (res) =>
            expect(res.body.job).toMatchObject({
              state: "in_progress",
              started_at: expect.any(String),
            }),
        },
      };
    })(),
    "api_v2/job_requests": {
      GET: {
        expect: anyKey(),
        request: () => ({ path: "/api_v2/job_requests?per=50" }),
        check: listCheck("job_requests", truth.job_requests),
      },
      // Posts in the caller's own company: no record of A is involved, so B succeeds too.
      POST: {
        expect: privateOnly(201, ok(201)),
        request: () => ({ path: "/api_v2/job_requests", json: posting() }),
        check: (res, who) => {
          const jr = res.body.job_request;
          expect(res.headers.get("location")).toBe(`/api_v2/job_requests/${jr.id}`);
          expect(jr).toMatchObject({ state: "posted", company_id: fx.company[who as KeyHolder] });
        },
      },
    },
    "api_v2/job_requests/categories": {
      GET: {
        expect: anyKey(),
        request: () => ({ path: "/api_v2/job_requests/categories" }),
        check: async (res, who) => {
          const [c] = await db()
            .select({ list: companies.jobCategories })
            .from(companies)
            .where(eq(companies.id, fx.company[who as KeyHolder]));
          figures.lists++;
          expect(res.body).toEqual({ categories: c!.list });
        },
      },
    },
    "api_v2/job_requests/[id]": (() => {
      const { path } = recordPath("job_requests");
      const cancel = { job_request: { state: "cancelled" } };
      return {
        GET: {
          expect: readRecord(NOT_FOUND, ok()),
          request: () => ({ path: path(fx.jobRequest) }),
          twin: () => ({ path: path(NOBODY) }),
          check: (res) => {
            expect(Object.keys(res.body)).toEqual(["job_request"]);
            expect(res.body.job_request).toMatchObject({
              id: fx.jobRequest,
              company_id: fx.a.companyId,
            });
          },
        },
        PATCH: {
          expect: privateOnly(200, NOT_FOUND),
          // Cancelling would cancel A's job too: the owner cancels a request of its own.
          request: async (_, e) => ({
            path: path(e.status === 200 ? await freshJobRequest() : fx.jobRequest),
            json: cancel,
          }),
          twin: () => ({ path: path(NOBODY), json: cancel }),
          check: (res) => expect(res.body.job_request.state).toBe("cancelled"),
        },
      };
    })(),
    // Multi-day job requests (issue 27): read and written as the job requests they hold.
    "api_v2/multi_day_job_requests": {
      POST: {
        expect: privateOnly(201, ok(201)),
        request: () => ({
          path: "/api_v2/multi_day_job_requests",
          json: {
            repeat_type: "daily",
            repeat_number: 2,
            job_request: { ...posting(), start_time: "2027-01-11 09:00" },
          },
        }),
        check: (res, who) =>
          expect(res.body.multi_day_job_request).toMatchObject({
            company_id: fx.company[who as KeyHolder],
            job_request_ids: [expect.any(Number), expect.any(Number)],
          }),
      },
    },
    "api_v2/multi_day_job_requests/[id]": (() => {
      const { path } = recordPath("multi_day_job_requests");
      return {
        GET: {
          expect: readRecord(NOT_FOUND, ok()),
          request: async () => ({ path: path(await seriesOfA()) }),
          twin: () => ({ path: path(NOBODY) }),
          check: async (res) => expect(res.body.multi_day_job_request.id).toBe(await seriesOfA()),
        },
        PATCH: {
          expect: privateOnly(200, NOT_FOUND),
          request: async () => ({ path: path(await seriesOfA()), json: { same_workers: true } }),
          twin: () => ({ path: path(NOBODY), json: { same_workers: true } }),
          check: (res) => expect(res.body.multi_day_job_request.same_workers).toBe(true),
        },
      };
    })(),
    "api_v2/multi_day_job_requests/[id]/cancel": {
      POST: {
        expect: privateOnly(200, NOT_FOUND),
        // Cancelling uses the series up: the owner cancels a fresh one.
        request: async (_, e) => ({
          path: `/api_v2/multi_day_job_requests/${e.status === 200 ? await freshSeries() : await seriesOfA()}/cancel`,
          json: {},
        }),
        twin: () => ({ path: `/api_v2/multi_day_job_requests/${NOBODY}/cancel`, json: {} }),
        check: (res) => expect(res.body.cancelled_job_request_ids).toHaveLength(2),
      },
    },
    // Ours: how many workers a posting would reach; the private pool's own workers only.
    "api_v2/job_requests/qualified_workers": {
      GET: {
        expect: privateOnly(200, ok()),
        request: () => ({
          path: "/api_v2/job_requests/qualified_workers?latitude=37.79&longitude=-122.39&distance=500",
        }),
        check: (res) => expect(Object.keys(res.body)).toEqual(["count", "distance"]),
      },
    },
    // Ours: templates belong to a company; its public key reads them as it reads its requests.
    "api_v2/job_request_templates": {
      GET: {
        expect: anyKey(),
        // A's template exists before the list is read.
        request: async () => {
          await templateOfA();
          return { path: "/api_v2/job_request_templates" };
        },
        check: async (res, who) => {
          const mine = who === "ownPrivate" || who === "ownPublic";
          const got = (res.body.job_request_templates as { id: number }[]).map((x) => x.id);
          figures.lists++;
          if (mine) expect(got).toContain(await templateOfA());
          else expect(got).not.toContain(await templateOfA());
        },
      },
      POST: {
        expect: privateOnly(201, ok(201)),
        request: () => ({
          path: "/api_v2/job_request_templates",
          json: { name: unique("New template") },
        }),
      },
    },
    "api_v2/job_request_templates/[id]": (() => {
      const { path } = recordPath("job_request_templates");
      return {
        GET: {
          expect: readRecord(NOT_FOUND, ok()),
          request: async () => ({ path: path(await templateOfA()) }),
          twin: () => ({ path: path(NOBODY) }),
          check: async (res) => expect(res.body.job_request_template.id).toBe(await templateOfA()),
        },
        PATCH: {
          expect: privateOnly(200, NOT_FOUND),
          request: async () => ({
            path: path(await templateOfA()),
            json: { name: unique("Renamed template") },
          }),
          twin: () => ({ path: path(NOBODY), json: { name: "Renamed template" } }),
        },
        DELETE: {
          expect: privateOnly(204, NOT_FOUND),
          request: async (_, e) => ({
            path: path(e.status === 204 ? await freshTemplate() : await templateOfA()),
          }),
          twin: () => ({ path: path(NOBODY) }),
        },
      };
    })(),
    "api_v2/job_requests/[id]/candidates": {
      // Ranking reads the pool's workers: private pool only, and only the company's own request.
      GET: {
        expect: privateOnly(200, NOT_FOUND),
        request: () => ({ path: `/api_v2/job_requests/${fx.jobRequest}/candidates?per=50` }),
        twin: () => ({ path: `/api_v2/job_requests/${NOBODY}/candidates?per=50` }),
        check: async (res, who) => {
          expect(res.body.job_request_id).toBe(fx.jobRequest);
          const got = (res.body.candidates as { worker: { id: number } }[]).map((c) => c.worker.id);
          const allowed = await truth.candidates(who as KeyHolder);
          figures.lists++;
          expect(
            got.filter((id) => !allowed.includes(id)),
            "candidates the caller may not see",
          ).toEqual([]);
          if (res.body.has_more) expect(got.length, "a full page").toBe(res.body.per);
          else expect([...got].sort((x, y) => x - y)).toEqual(allowed.sort((x, y) => x - y));
        },
      },
    },

    // Messages: the private pool's alone; another company's job or message is unknown.
    "api_v2/messages": {
      GET: {
        expect: privateOnly(200, ok()),
        request: () => ({ path: "/api_v2/messages?per=50" }),
        check: listCheck("messages", async (who) =>
          ids(
            await db()
              .select({ id: messages.id })
              .from(messages)
              .where(eq(messages.companyId, fx.company[who])),
          ),
        ),
      },
      POST: {
        expect: privateOnly(201, { status: 422, code: "validation_failed", fields: ["job_id"] }),
        request: async () => ({ path: "/api_v2/messages", json: await messageTo(fx.job) }),
        twin: () => ({
          path: "/api_v2/messages",
          json: { body: "Matrix", job_id: NOBODY, sender_id: NOBODY, receiver_id: NOBODY },
        }),
        check: (res) => expect(res.body.message.job_id).toBe(fx.job),
      },
    },
    "api_v2/messages/[id]": (() => {
      const { path } = recordPath("messages");
      return {
        GET: {
          expect: privateOnly(200, NOT_FOUND),
          request: async () => ({ path: path(await messageOfA()) }),
          twin: () => ({ path: path(NOBODY) }),
          check: async (res) => expect(res.body.message.id).toBe(await messageOfA()),
        },
        PATCH: {
          expect: privateOnly(200, NOT_FOUND),
          request: async () => ({ path: path(await messageOfA()), json: { read_at: null } }),
          twin: () => ({ path: path(NOBODY), json: { read_at: null } }),
          check: (res) => expect(res.body.message.read_at).toBeNull(),
        },
      };
    })(),
    "api_v2/messages/mark_read": {
      POST: {
        expect: privateOnly(200, { status: 422, code: "validation_failed", fields: ["job_id"] }),
        request: () => ({ path: "/api_v2/messages/mark_read", json: { job_id: fx.job } }),
        twin: () => ({ path: "/api_v2/messages/mark_read", json: { job_id: NOBODY } }),
        check: (res) => expect(typeof res.body.marked).toBe("number"),
      },
    },
    "api_v2/zip_codes/[zip]": {
      // Not company data: the same answer for every key.
      GET: {
        expect: anyKey(),
        request: () => ({ path: "/api_v2/zip_codes/60601" }),
        check: (res) => expect(res.body).toMatchObject({ zip: "60601", state: "IL" }),
      },
    },
    "api_v2/home": {
      GET: {
        expect: anyKey(),
        request: () => ({ path: "/api_v2/home" }),
        check: (res, who) => {
          // Every section is the caller's company's: another company never sees A's posting.
          if (fx.company[who as KeyHolder] === fx.company.ownPrivate) return;
          const h = res.body.home;
          const ids = [
            ...h.upcoming.job_requests.map((r: { id: number }) => r.id),
            ...h.at_risk.job_requests.map((r: { id: number }) => r.id),
            ...h.awaiting_approval.jobs.map((j: { job_request_id: number }) => j.job_request_id),
          ];
          expect(ids).not.toContain(fx.jobRequest);
        },
      },
    },
    "api_v2/messages/unread": {
      GET: {
        expect: privateOnly(200, ok()),
        request: () => ({ path: "/api_v2/messages/unread" }),
        check: (res, who) => {
          if (who !== "ownPrivate") expect(res.body.jobs[String(fx.job)]).toBeUndefined();
        },
      },
    },
    "api_v2/messages/stream": {
      // The harness reads a stream up to its first block and leaves it, as a client would.
      GET: {
        expect: privateOnly(200, ok()),
        request: () => ({ path: "/api_v2/messages/stream" }),
        check: (res) => {
          expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
          expect(res.text).toBe("retry: 5000\n: connected\n\n");
        },
      },
    },

    "api_v2/mails": {
      GET: {
        expect: privateOnly(200, ok()),
        request: () => ({ path: "/api_v2/mails?per=50" }),
        check: listCheck("mails", truth.mails),
      },
    },

    "api_v2/webhooks": {
      GET: {
        expect: privateOnly(200, ok()),
        request: () => ({ path: "/api_v2/webhooks" }),
        check: listCheck("webhooks", truth.webhooks),
      },
      POST: {
        expect: privateOnly(201, ok(201)),
        request: () => ({
          path: "/api_v2/webhooks",
          json: { url: `https://hooks.example.test/${unique("new").replace(/\s/g, "-")}` },
        }),
      },
    },
    "api_v2/webhooks/[id]": (() => {
      const { path } = recordPath("webhooks");
      return {
        GET: {
          expect: privateOnly(200, NOT_FOUND),
          request: () => ({ path: path(fx.webhook) }),
          twin: () => ({ path: path(NOBODY) }),
          check: (res) => expect(res.body.id).toBe(fx.webhook),
        },
        DELETE: {
          expect: privateOnly(200, NOT_FOUND),
          request: async (_, e) => ({
            path: path(e.status === 200 ? await freshWebhook() : fx.webhook),
          }),
          twin: () => ({ path: path(NOBODY) }),
          check: (res) => expect(res.body.removed).toBe(true),
        },
      };
    })(),

    "api_v2/webhook_deliveries": {
      GET: {
        expect: privateOnly(200, ok()),
        request: () => ({ path: "/api_v2/webhook_deliveries?per=50" }),
        check: listCheck("deliveries", truth.deliveries),
      },
    },
    "api_v2/webhook_deliveries/[id]/resend": {
      POST: {
        expect: privateOnly(202, NOT_FOUND),
        // Every cell asks about a finished delivery of A; the owner's resend uses one up.
        request: async () => ({
          path: `/api_v2/webhook_deliveries/${await freshDelivery()}/resend`,
        }),
        twin: () => ({ path: `/api_v2/webhook_deliveries/${NOBODY}/resend` }),
        check: (res) => expect(res.body.state).toBe("pending"),
      },
    },

    // The rest of the reference (issue 27, docs/reference-rest.md).
    "api_v2/job_requests/[id]/rankings": {
      GET: {
        expect: privateOnly(200, NOT_FOUND),
        request: () => ({ path: `/api_v2/job_requests/${fx.jobRequest}/rankings?per=50` }),
        twin: () => ({ path: `/api_v2/job_requests/${NOBODY}/rankings?per=50` }),
        check: async (res, who) => {
          const got = (res.body.rankings as { worker: { id: number } }[]).map((c) => c.worker.id);
          const allowed = await truth.candidates(who as KeyHolder);
          expect(
            got.filter((id) => !allowed.includes(id)),
            "rankings the caller may not see",
          ).toEqual([]);
        },
      },
    },
    "api_v2/job_requests/[id]/re_rank_workers": {
      POST: {
        expect: privateOnly(200, NOT_FOUND),
        request: () => ({ path: `/api_v2/job_requests/${fx.jobRequest}/re_rank_workers` }),
        twin: () => ({ path: `/api_v2/job_requests/${NOBODY}/re_rank_workers` }),
        check: (res) => expect(res.body.job_request_id).toBe(fx.jobRequest),
      },
    },
    "api_v2/job_requests/[id]/resend_notifications": {
      POST: {
        expect: privateOnly(200, NOT_FOUND),
        // At most one resend per request in ten minutes: the owner's cell gets a fresh request.
        request: async (_, e) => ({
          path: `/api_v2/job_requests/${e.status === 200 ? await freshJobRequest() : fx.jobRequest}/resend_notifications`,
        }),
        twin: () => ({ path: `/api_v2/job_requests/${NOBODY}/resend_notifications` }),
        check: (res) => expect(res.body.state).toBe("posted"),
      },
    },
    "api_v2/customers": {
      // Creating a customer is the operator's: every key is refused, and nothing is created.
      POST: {
        expect: authed({
          ownPrivate: { status: 403, code: "operator_only" },
          otherPrivate: { status: 403, code: "operator_only" },
          publicActive: PUBLIC_POOL,
          publicWithout: PUBLIC_POOL,
          ownPublic: PUBLIC_POOL,
        }),
        request: () => ({ path: "/api_v2/customers", json: { customer: { name: unique("C") } } }),
      },
    },
    "api_v2/customers/[id]": {
      // Only the caller's own company: A's record is A's keys' (either pool), 404 for the rest.
      GET: {
        expect: readRecord(NOT_FOUND, ok()),
        request: () => ({ path: `/api_v2/customers/${fx.a.companyId}` }),
        twin: () => ({ path: `/api_v2/customers/${NOBODY}` }),
        check: (res) => expect(res.body.id).toBe(fx.a.companyId),
      },
      PATCH: {
        expect: privateOnly(200, NOT_FOUND),
        request: () => ({
          path: `/api_v2/customers/${fx.a.companyId}`,
          json: { contact_first_name: unique("C").slice(0, 50) },
        }),
        twin: () => ({ path: `/api_v2/customers/${NOBODY}`, json: { contact_first_name: "C" } }),
        check: (res) => expect(res.body.id).toBe(fx.a.companyId),
      },
    },
    "api_v2/search": {
      // Every key searches its own company: nothing of A reaches another company's key.
      GET: {
        expect: anyKey(),
        request: () => ({ path: `/api_v2/search?q=${encodeURIComponent(fx.worker.email)}` }),
        check: async (res, who) => {
          const got = (res.body.users as { id: number }[]).map((u) => u.id);
          const allowed = await truth.users(who as KeyHolder);
          expect(
            got.filter((id) => !allowed.includes(id)),
            "workers the caller may not see",
          ).toEqual([]);
        },
      },
    },
    "api_v2/users/[id]/tracking": {
      GET: {
        expect: privateOnly(200, NOT_FOUND),
        request: () => ({ path: `/api_v2/users/${fx.worker.id}/tracking` }),
        twin: () => ({ path: `/api_v2/users/${NOBODY}/tracking` }),
        check: (res) => expect(res.body.user_id).toBe(fx.worker.id),
      },
    },
  };

  /** Every method a route does not serve is 405 for everyone, before any token is read. */
  const rowsOf = (key: string): Record<Method, Row> => {
    const given = table[key] ?? {};
    return Object.fromEntries(
      METHODS.map((m) => [
        m,
        given[m] ?? {
          expect: everyone(NOT_ALLOWED),
          request: () => ({ path: `/${key.replace(/\[[^\]]+\]/g, "1")}` }),
        },
      ]),
    ) as Record<Method, Row>;
  };

  /** Runs one cell; returns what was wrong with it. */
  const runCell = async (key: string, method: Method, row: Row, who: Who): Promise<string[]> => {
    const where = `${method} ${key} as ${DESCRIBE[who]}`;
    const expected = row.expect[who];
    const req = await row.request(who, expected);
    const token = req.token ?? fx.token[who];
    const res = await call(method, req.path, { token, json: req.json });
    figures.cells++;
    const problems: string[] = [];
    const got = `${res.status} ${res.body?.error?.code ?? ""}`.trim();
    const want = `${expected.status} ${expected.code ?? ""}`.trim();
    if (got !== want)
      problems.push(`${where}: expected ${want}, got ${got} ${res.text.slice(0, 200)}`);
    if (!res.headers.get("x-request-id")) problems.push(`${where}: no X-Request-Id`);
    if (expected.status >= 400) {
      const { code, message, fields, ...extra } = res.body?.error ?? {};
      const fieldsOk =
        expected.fields === undefined
          ? fields === undefined
          : JSON.stringify(Object.keys(fields ?? {})) === JSON.stringify(expected.fields) &&
            Object.values(fields).every((m) => Array.isArray(m) && m.length > 0);
      if (
        typeof message !== "string" ||
        Object.keys(extra).length > 0 ||
        code !== expected.code ||
        !fieldsOk
      )
        problems.push(`${where}: not the house error shape: ${res.text.slice(0, 200)}`);
      if (expected.status === 404 && res.headers.get("etag"))
        problems.push(`${where}: a 404 with an ETag`);
      if (row.twin) {
        const t = row.twin();
        const nobody = await call(method, t.path, { token, json: t.json });
        figures.twins++;
        if (nobody.status !== res.status || nobody.text !== res.text)
          problems.push(
            `${where}: differs from the same request about a nonexistent id: ${res.status} ${res.text} vs ${nobody.status} ${nobody.text}`,
          );
      }
    } else if (got === want && row.check) {
      try {
        await row.check(res, who);
      } catch (err) {
        problems.push(`${where}: ${(err as Error).message.split("\n")[0]}`);
      }
    }
    if (!row.answersWithSecrets && who !== "ownPrivate" && who !== "ownPublic") {
      figures.leakScans++;
      for (const secret of fx.secretsOfA)
        if (res.text.includes(secret))
          problems.push(`${where}: the answer carries A's ${secret.slice(0, 12)}…`);
    }
    return problems;
  };

  beforeAll(async () => {
    const [a, b, p, q] = [
      await api.tenant("Acme Owner Co"),
      await api.tenant("Brightside Rival Co"),
      await api.tenant("Pioneer Public Pool Co"),
      await api.tenant("Quiet Public Pool Co"),
    ] as [Tenant, Tenant, Tenant, Tenant];

    // A token of A's private key issued 25 hours ago: expired an hour ago.
    setClock(() => new Date(Date.now() - 25 * HOUR));
    let expired: string;
    try {
      expired = await api.authenticate(a.privateKeys);
    } finally {
      setClock(null);
    }
    // A second private key of A, revoked the way the operator command does, after its token
    // was issued and used.
    const revokedKeys = await createKeys(db(), a.companyId, "private", "test");
    const revoked = await api.authenticate(revokedKeys);
    expect((await call("GET", "/api_v2/me", { token: revoked })).status).toBe(200);
    expect(await revokeKey(db(), revokedKeys.api_key, new Date())).toEqual({ revoked: true });

    fx = {
      a,
      b,
      p,
      q,
      token: {
        ownPrivate: a.privateToken,
        otherPrivate: b.privateToken,
        publicActive: p.publicToken,
        publicWithout: q.publicToken,
        ownPublic: a.publicToken,
        expired,
        revoked,
        none: undefined,
      },
      keys: {
        ownPrivate: a.privateKeys,
        otherPrivate: b.privateKeys,
        publicActive: p.publicKeys,
        publicWithout: q.publicKeys,
        ownPublic: a.publicKeys,
        expired: a.privateKeys,
        revoked: revokedKeys,
        none: a.privateKeys,
      },
      company: {
        ownPrivate: a.companyId,
        otherPrivate: b.companyId,
        publicActive: p.companyId,
        publicWithout: q.companyId,
        ownPublic: a.companyId,
      },
      worker: { id: 0, external_id: "", email: "" },
      badge: 0,
      job: 0,
      jobRequest: 0,
      before: { job: null, jobRequest: null },
      webhook: 0,
      invitation: "",
      secretsOfA: [
        "Acme Owner Co",
        ...[a.privateKeys, a.publicKeys, revokedKeys].flatMap((k) => [k.api_key, k.secret_key]),
        a.privateToken,
        a.publicToken,
        expired,
        revoked,
      ],
    };

    fx.webhook = (
      await call("POST", "/api_v2/webhooks", {
        token: a.privateToken,
        json: { url: "https://hooks.example.test/acme" },
      })
    ).body.id;
    fx.worker = await invite(a, { external_id: `matrix-worker-${process.pid}` });
    fx.invitation = await invitationFor(fx.worker.email);
    fx.badge = (
      await createBadgeFor(db(), a.companyId, { name: "Forklift", description: "d" }, new Date())
    ).badge_id;
    // The worker's active job is with P; A's own job goes to another of A's workers, so that
    // A's public key does not see the worker the rows ask about.
    const now = new Date();
    const jrP = (await createJobRequest(db(), p.companyId, "P shift", "filled", now))
      .job_request_id;
    await createJob(db(), jrP, fx.worker.id, "in_progress", now);
    const other = await invite(a);
    fx.jobRequest = (
      await createJobRequest(db(), a.companyId, "A shift", "filled", now)
    ).job_request_id;
    fx.job = (await createJob(db(), fx.jobRequest, other.id, "filled", now)).job_id;
    fx.before = await jobRecordsOfA();
    // Some data in every other company too, so that a leak would have something to show.
    await invite(b);
    await createBadgeFor(db(), b.companyId, { name: "Forklift", description: "d" }, now);
    await call("POST", "/api_v2/webhooks", {
      token: b.privateToken,
      json: { url: "https://hooks.example.test/brightside" },
    });
    await invite(b);
    await deliverAll();
  });

  const routes = discoverRoutes();
  const keyOf = (pattern: string[]) => pattern.join("/");

  it("covers every route file and every method it exports, and nothing else", async () => {
    const HTTP = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
    const uncovered: string[] = [];
    for (const r of routes) {
      const mod = (await import(r.file)) as Record<string, unknown>;
      const exported = Object.keys(mod).filter((k) => HTTP.has(k));
      expect(exported.length, `${r.file} exports no handler`).toBeGreaterThan(0);
      for (const m of exported) {
        if (!(keyOf(r.pattern) in table) || !(METHODS as readonly string[]).includes(m))
          uncovered.push(`${m} ${keyOf(r.pattern)}`);
      }
      figures.methods += exported.length;
    }
    figures.routes = routes.length;
    expect(uncovered, "routes or methods the matrix does not cover").toEqual([]);
    const stale = Object.keys(table).filter((k) => !routes.some((r) => keyOf(r.pattern) === k));
    expect(stale, "rows for route files that no longer exist").toEqual([]);
  });

  describe("every route × method × caller", () => {
    for (const r of routes) {
      const key = keyOf(r.pattern);
      it(`${key}`, async () => {
        const rows = rowsOf(key);
        const problems: string[] = [];
        for (const method of METHODS) {
          for (const who of WHO) problems.push(...(await runCell(key, method, rows[method], who)));
        }
        expect(problems).toEqual([]);
      });
    }
  });

  it("left A's job and job request as they were, whatever the refused cells sent", async () => {
    const now = await jobRecordsOfA();
    expect(now.job).toBeDefined();
    expect(now).toEqual(fx.before);
  });

  describe.runIf(STRESS)("long form: the public-pool column for every job state", () => {
    // Each of A's workers has one job with P, in one state; P's public key sees exactly those
    // with an active job (approved: only within 24 hours of the approval).
    const states: [string, boolean, number][] = [
      ...ACTIVE.map((s): [string, boolean, number] => [s, true, 0]),
      ["approved", true, 23],
      ["approved", false, 25],
      ...["pending", "rejected", "cancelled", "withdrawn", "no_show"].map(
        (s): [string, boolean, number] => [s, false, 0],
      ),
    ];
    it("every worker-shaped route agrees with the rule", async () => {
      const problems: string[] = [];
      for (const [state, visible, hoursAgo] of states) {
        const w = await invite(fx.a);
        const at = new Date(Date.now() - hoursAgo * HOUR);
        const jr = (await createJobRequest(db(), fx.p.companyId, `P ${state}`, "filled", at))
          .job_request_id;
        await createJob(db(), jr, w.id, state, at);
        for (const who of ["publicActive", "publicWithout", "ownPublic", "otherPrivate"] as const) {
          const sees = who === "publicActive" && visible;
          const token = fx.token[who];
          for (const path of [`/api_v2/users/${w.id}`, `/api_v2/users/${w.id}/history`]) {
            const res = await call("GET", path, { token });
            const twin = await call("GET", path.replace(String(w.id), String(NOBODY)), { token });
            figures.cells++;
            if (sees ? res.status !== 200 : res.status !== 404 || res.text !== twin.text)
              problems.push(`${state}/${hoursAgo}h GET ${path} as ${DESCRIBE[who]}: ${res.status}`);
          }
          const listed = await call("GET", "/api_v2/users", {
            token,
            query: { external_id: w.external_id },
          });
          figures.cells++;
          if (listed.body.users.length !== (sees ? 1 : 0))
            problems.push(`${state}/${hoursAgo}h list as ${DESCRIBE[who]}`);
          const patch = await call("PATCH", `/api_v2/users/${w.id}`, {
            token,
            json: { first_name: "Nope" },
          });
          figures.cells++;
          const want = who === "otherPrivate" ? 404 : 403;
          if (patch.status !== want)
            problems.push(`${state}/${hoursAgo}h PATCH as ${DESCRIBE[who]}: ${patch.status}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });

  describe.runIf(STRESS)("long form: a crowd of companies hiring each other's workers", () => {
    it("every key sees exactly the workers the rule gives it, in the list and one by one", async () => {
      // A small deterministic generator: the same crowd on every run.
      let seed = 20260611;
      const rand = (k: number) => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return Math.floor((seed / 2147483648) * k); // the high bits: the low ones cycle
      };
      const crowd: Tenant[] = [];
      for (let i = 0; i < 8; i++) crowd.push(await api.tenant(`Crowd ${i}`));
      const workers: number[] = [];
      for (const t of crowd) for (let i = 0; i < 6; i++) workers.push((await invite(t)).id);
      const states = [...ACTIVE, "approved", "pending", "rejected", "cancelled", "withdrawn"];
      // Away from the 24-hour edge, so that the test and the API agree whatever the timing.
      const hoursAgo = [1, 12, 23, 25, 36];
      for (let i = 0; i < 80; i++) {
        const employer = crowd[rand(crowd.length)]!;
        const at = new Date(Date.now() - hoursAgo[rand(hoursAgo.length)]! * HOUR);
        const jr = (await createJobRequest(db(), employer.companyId, "Crowd shift", "filled", at))
          .job_request_id;
        await createJob(db(), jr, workers[rand(workers.length)]!, states[rand(states.length)]!, at);
      }
      const problems: string[] = [];
      let cells = 0;
      let visibleCells = 0;
      for (const t of crowd) {
        for (const pool of ["private", "public"] as const) {
          const token = pool === "private" ? t.privateToken : t.publicToken;
          const expected = new Set(await visibleUserIds(t.companyId, pool));
          const listed: number[] = [];
          for (let page = 1; ; page++) {
            const res = await call("GET", "/api_v2/users", { token, query: { per: 50, page } });
            listed.push(...res.body.users.map((u: any) => u.id));
            if (res.body.users.length < 50) break;
          }
          const crowdListed = listed.filter((id) => workers.includes(id)).sort((x, y) => x - y);
          const crowdExpected = workers.filter((id) => expected.has(id)).sort((x, y) => x - y);
          if (JSON.stringify(crowdListed) !== JSON.stringify(crowdExpected))
            problems.push(`${t.companyId}/${pool} list: ${crowdListed} vs ${crowdExpected}`);
          if (listed.some((id) => !expected.has(id)))
            problems.push(`${t.companyId}/${pool} lists workers it may not see`);
          for (const id of workers) {
            const res = await call("GET", `/api_v2/users/${id}`, { token });
            cells++;
            if (expected.has(id)) {
              visibleCells++;
              if (res.status !== 200)
                problems.push(`${t.companyId}/${pool} GET ${id}: ${res.status}`);
            } else {
              const twin = await call("GET", `/api_v2/users/${NOBODY}`, { token });
              if (res.status !== 404 || res.text !== twin.text)
                problems.push(`${t.companyId}/${pool} GET ${id}: ${res.status} ${res.text}`);
            }
          }
        }
      }
      figures.cells += cells;
      process.stdout.write(
        `[access matrix crowd ${api.database.kind}] ${crowd.length} companies × 2 pools × ${workers.length} workers: ${cells} reads (${visibleCells} visible), 80 jobs\n`,
      );
      expect(problems).toEqual([]);
    });
  });

  afterAll(() => {
    process.stdout.write(
      `[access matrix ${api.database?.kind}] ${figures.routes} route files, ${figures.methods} route × method pairs, ${WHO.length} callers: ${figures.cells} cells checked, ${figures.twins} error answers compared with a nonexistent id, ${figures.lists} lists compared with the database, ${figures.leakScans} answers scanned for A's secrets\n`,
    );
  });
});
