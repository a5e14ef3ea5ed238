import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "@/lib/db/schema";
import { type Action, can, PERMISSIONS, ROLE_LABELS, type Role } from "@/lib/schemas/permissions";
import { createBadgeFor, createJob, createJobRequest } from "../admin/admin";
import { issuePersonToken } from "../admin/people";
import { METHODS, type Method } from "../handler";
import {
  type ApiResponse,
  call,
  describeApi,
  discoverRoutes,
  invitationTokens,
  workerBody,
} from "./harness";
import {
  type Fixture,
  type Req,
  ROLE_OF,
  type Row,
  roleRows,
  WHO,
  type Who,
} from "./roles-matrix-rows";

/**
 * The role × route matrix (issue 26): every route file under app/api_v2 × every method it
 * serves × every kind of person, each cell one expected status and code, checked over real
 * requests. The action each route+method performs is this test's own table, written from the
 * contract (docs/people.md), not read from the code; what each role may do is derived from
 * that action and lib/schemas/permissions.ts. A route file with no row fails the first test.
 *
 * The callers, all of one company:
 * - a `customer_admin`, a `requestor` and a `read_only` teammate, each with a person token;
 * - a deactivated teammate (an admin whose account was suspended after the token was issued);
 * - for contrast, the company's private key pair (the integration: every action).
 *
 * The rules:
 * - A permitted cell is not refused: a read answers 200; a write may answer 2xx, or 4xx for the
 *   deliberately minimal body (400, 404, 409, 422), never 401, 403, 405 or 5xx.
 * - A refused cell is exactly 403 `forbidden_for_role`, naming the role and the action, and
 *   changes nothing in the database (every table compared before and after).
 * - A deactivated teammate's token is 401 `invalid_token` wherever a token is needed.
 * - Routes without a token (sign-in, the service's info, invitation links, password resets)
 *   are open to everyone: the person's token is ignored, never refused.
 * - Methods a route does not serve: 405 `method_not_allowed` for everyone.
 * Rows for routes other parts of issue 26 add (marked `pending`) are skipped, and counted, until
 * their route file exists and serves the method.
 */

const NOBODY = 2147483000;

type Exp = { kind: "permitted" } | { kind: "error"; status: number; code: string };

const PERMITTED: Exp = { kind: "permitted" };
const NOT_ALLOWED: Exp = { kind: "error", status: 405, code: "method_not_allowed" };
const NOT_FOUND: Exp = { kind: "error", status: 404, code: "not_found" };
const DEACTIVATED: Exp = { kind: "error", status: 401, code: "invalid_token" };
const REFUSED: Exp = { kind: "error", status: 403, code: "forbidden_for_role" };

/** The expectation of one cell, from the row's action and the permission table. */
function expected(row: Row | undefined, who: Who): Exp {
  if (!row) return NOT_ALLOWED;
  if (row.needs === "none") return NOT_FOUND;
  if (row.needs === "open") return PERMITTED;
  if (who === "deactivated") return DEACTIVATED;
  const role = ROLE_OF[who];
  if (!role) return PERMITTED;
  return can({ pool: "private", role }, row.needs) ? PERMITTED : REFUSED;
}

/** The refusal's message, as docs/people.md words it. */
const refusalMessage = (role: Role, action: Action) => {
  const what = PERMISSIONS[action].description;
  return `Your role (${ROLE_LABELS[role]}) cannot do this: ${what[0]!.toLowerCase()}${what.slice(1)}`;
};

/** Statuses a permitted write may answer for its minimal body. */
const WRITE_OK = new Set([200, 201, 202, 204, 400, 404, 409, 422]);

/** The tables whose every row is compared around a refused cell. */
const TABLES = [
  "companies",
  "users",
  "user_badges",
  "user_changes",
  "badges",
  "job_requests",
  "job_request_badges",
  "multi_day_job_requests",
  "jobs",
  "job_transitions",
  "webhooks",
  "outbox",
  "invitations",
  "api_keys",
  "messages",
  "job_request_templates",
];

describeApi("role × route matrix", (api) => {
  const db = () => api.database.db;
  let fx: Fixture;
  let n = 0;
  const unique = (label: string) => `${label} ${process.pid}-${++n}`;
  const figures = { cells: 0, refused: 0, permitted: 0, skipped: 0, routes: 0, methods: 0 };

  const invite = async () => {
    const res = await call("POST", "/api_v2/users/invite", {
      token: fx.t.privateToken,
      json: workerBody(),
    });
    expect(res.status, res.text).toBe(201);
    return res.body as { id: number; email: string };
  };
  const freshBadge = async () =>
    (
      await createBadgeFor(
        db(),
        fx.t.companyId,
        { name: unique("Disposable"), description: "d" },
        new Date(),
      )
    ).badge_id;
  const freshWebhook = async () => {
    const res = await call("POST", "/api_v2/webhooks", {
      token: fx.t.privateToken,
      json: { url: `https://hooks.example.test/${unique("roles").replace(/\s/g, "-")}` },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  };
  /** A fresh token for the caller: a sign-out must not end the token later cells use. */
  const freshToken = async (who: Who) =>
    who === "privateKey"
      ? api.authenticate(fx.t.privateKeys)
      : (await issuePersonToken(db(), fx.people[who].id)).token;

  /** Every row of every compared table, as one text: equal before and after a refused cell. */
  const snapshot = async () => {
    const parts: string[] = [];
    for (const table of TABLES) {
      const res = await db().execute(
        sql.raw(
          `select coalesce(string_agg(t::text, '|' order by t::text), '') as v from ${table} t`,
        ),
      );
      const rows = ((res as { rows?: { v: string }[] }).rows ?? res) as { v: string }[];
      parts.push(`${table}: ${rows[0]?.v ?? ""}`);
    }
    return parts;
  };

  const table = () =>
    roleRows({
      fx,
      unique,
      invite,
      freshBadge,
      freshWebhook,
      freshToken,
      invitationFor: async (email) =>
        (await invitationTokens(api, fx.t.companyId)).find((m) => m.to === email)?.token ?? "",
    });

  /** Whether a route file serves a method yet: anything but the 405 every caller gets. */
  const serves = async (method: Method, req: Req) =>
    (await call(method, req.path, { json: req.json })).status !== 405;

  const runCell = async (key: string, method: Method, row: Row | undefined, who: Who) => {
    const want = expected(row, who);
    const where = `${method} ${key} as ${who}`;
    const permitted = want.kind === "permitted";
    const req: Req = row
      ? await row.request(who, permitted)
      : { path: `/api_v2/${key.replace(/^api_v2\/?/, "").replace(/\[\[?\.{0,3}\w+\]?\]/g, "1")}` };
    const refusal = want.kind === "error" && want.code === "forbidden_for_role";
    const before = refusal ? await snapshot() : null;
    const res: ApiResponse = await call(method, req.path, {
      token: req.token ?? fx.token[who],
      json: req.json,
      query: req.query,
    });
    figures.cells++;
    const problems: string[] = [];
    if (want.kind === "permitted") {
      figures.permitted++;
      const fine =
        (row?.keyPairAnyAnswer && who === "privateKey" && res.status < 500) ||
        (method === "GET" ? res.status === 200 : WRITE_OK.has(res.status));
      if (!fine) problems.push(`${where}: expected to be permitted, got ${res.status} ${res.text}`);
      return problems;
    }
    const got = { status: res.status, code: res.body?.error?.code };
    if (got.status !== want.status || got.code !== want.code) {
      problems.push(
        `${where}: expected ${want.status} ${want.code}, got ${res.status} ${res.text}`,
      );
      return problems;
    }
    if (refusal && row && row.needs !== "open" && row.needs !== "none") {
      figures.refused++;
      const role = ROLE_OF[who]!;
      const exact = {
        error: { code: "forbidden_for_role", message: refusalMessage(role, row.needs) },
      };
      if (JSON.stringify(res.body) !== JSON.stringify(exact))
        problems.push(`${where}: not the exact refusal: ${res.text}`);
      const after = await snapshot();
      const changed = after.filter((t, i) => t !== before![i]).map((t) => t.split(":")[0]);
      if (changed.length > 0)
        problems.push(`${where}: a refused call changed ${changed.join(", ")}`);
    }
    return problems;
  };

  beforeAll(async () => {
    const t = await api.tenant("Roles Matrix Co");
    const admin = await api.person(t.companyId, "customer_admin", { firstName: "Ada" });
    const requestor = await api.person(t.companyId, "requestor", { firstName: "Dana" });
    const viewer = await api.person(t.companyId, "read_only", { firstName: "Vic" });
    const gone = await api.person(t.companyId, "customer_admin", { firstName: "Gone" });
    // Deactivated after the token was issued: the token dies with the account.
    await db()
      .update(users)
      .set({ suspended: true, suspendedAt: new Date() })
      .where(eq(users.id, gone.id));
    fx = {
      t,
      token: {
        customer_admin: admin.token,
        requestor: requestor.token,
        read_only: viewer.token,
        deactivated: gone.token,
        privateKey: t.privateToken,
      },
      people: { customer_admin: admin, requestor, read_only: viewer, deactivated: gone },
      worker: 0,
      badge: 0,
      job: 0,
      jobRequest: 0,
      webhook: 0,
      delivery: 0,
    };
    fx.webhook = await freshWebhook();
    fx.worker = (await invite()).id;
    fx.badge = await freshBadge();
    const now = new Date();
    fx.jobRequest = (
      await createJobRequest(db(), t.companyId, "Roles shift", "filled", now)
    ).job_request_id;
    fx.job = (await createJob(db(), fx.jobRequest, (await invite()).id, "filled", now)).job_id;
    const deliveries = await call("GET", "/api_v2/webhook_deliveries", { token: t.privateToken });
    fx.delivery = deliveries.body.deliveries[0]?.id ?? NOBODY;
  });

  const routes = discoverRoutes();
  const keyOf = (pattern: string[]) => pattern.join("/");

  it("has a row for every route file and every method it serves, and the table's rows exist", async () => {
    const rows = table();
    const uncovered: string[] = [];
    for (const r of routes) {
      const key = keyOf(r.pattern);
      if (!(key in rows)) uncovered.push(key);
    }
    figures.routes = routes.length;
    expect(uncovered, "route files the role matrix has no row for").toEqual([]);
    // Rows for files that do not exist are allowed only when pending (another part adds them).
    const stale = Object.entries(rows)
      .filter(([k]) => !routes.some((r) => keyOf(r.pattern) === k))
      .filter(([, ms]) => !Object.values(ms).every((row) => row?.pending))
      .map(([k]) => k);
    expect(stale, "rows for route files that no longer exist").toEqual([]);
  });

  describe("every route × method × person", () => {
    for (const r of routes) {
      const key = keyOf(r.pattern);
      it(key, async () => {
        const rows = table()[key] ?? {};
        const problems: string[] = [];
        for (const method of METHODS) {
          const row = rows[method];
          if (row?.pending && !(await serves(method, await row.request("privateKey", true)))) {
            figures.skipped++;
            continue;
          }
          figures.methods++;
          for (const who of WHO) problems.push(...(await runCell(key, method, row, who)));
        }
        expect(problems).toEqual([]);
      });
    }
  });

  afterAll(() => {
    process.stdout.write(
      `[roles matrix ${api.database?.kind}] ${figures.routes} route files, ${figures.methods} route × method pairs, ${WHO.length} callers: ${figures.cells} cells checked (${figures.permitted} permitted, ${figures.refused} refused with nothing changed), ${figures.skipped} rows waiting for their route\n`,
    );
  });
});
