import fs from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, it } from "vitest";
import { noteIssuedSecret } from "@/e2e/support/secret-scan";
import { type Database, openDatabase, setDatabase } from "@/lib/db/client";
import { templateKey } from "@/lib/db/pglite-template";
import { companies, outbox } from "@/lib/db/schema";
import { zipDataVersion } from "@/lib/db/zip-codes";
import { env } from "@/lib/env";
import type { Role } from "@/lib/schemas/permissions";
import { matchRoute as matchRouteIn, sortRoutes } from "@/lib/server/api-router";
import { createCompany, createKeys } from "../admin/admin";
import { createEmployerUser, issuePersonToken } from "../admin/people";
import { setClock } from "../clock";
import { openStoredMail } from "../events/invitation-mail";
import type { RouteHandler } from "../handler";
import { poolerUnavailable, startPgBouncer } from "./pgbouncer";

/**
 * Drives the real route handlers with real Request objects, routed the way Next routes them
 * (the table is read from app/api_v2, so a route file that exists is a route that is tested),
 * on a fresh database per test file: in-memory PGlite, or a new PostgreSQL database.
 */

type RouteModule = Partial<Record<string, RouteHandler>>;
export type Route = { pattern: string[]; file: string; module?: RouteModule };

const APP = path.join(process.cwd(), "app");

/** The route files under app/api_v2, in the order Next matches them. */
export function discoverRoutes(): Route[] {
  const out: Route[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const rel = path
          .relative(APP, dir)
          .split(path.sep)
          .filter((s) => !/^\(.*\)$/.test(s));
        out.push({ pattern: rel, file: full });
      }
    }
  };
  walk(path.join(APP, "api_v2"));
  return sortRoutes(out);
}

const routes = discoverRoutes();

/** Every route file under app/api_v2, in Next's matching order (static before dynamic). */
export function routeTable(): readonly Route[] {
  return routes;
}

/** The route file Next would pick for a path, with its params; null when none matches. */
export function matchRoute(pathname: string) {
  return matchRouteIn(routes, pathname);
}

export type CallOptions = {
  token?: string;
  bearer?: string;
  json?: unknown;
  /** A raw body: text, or bytes (which need not be valid UTF-8). */
  body?: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  /** Defaults to https, as the contract requires. */
  scheme?: "http" | "https";
};

/** A request as Next would route it: to the handler of the route file its path matches. */
export async function dispatch(req: Request): Promise<Response> {
  const { pathname } = new URL(req.url);
  const found = matchRoute(pathname);
  if (!found) throw new Error(`No route file for ${pathname} (Next would serve its own 404)`);
  found.route.module ??= (await import(found.route.file)) as RouteModule;
  // Next answers HEAD with the GET handler when a route exports no HEAD (autoImplementMethods).
  const handler =
    found.route.module[req.method] ?? (req.method === "HEAD" ? found.route.module.GET : undefined);
  if (!handler) throw new Error(`${found.route.file} exports no ${req.method}`);
  return handler(req, { params: Promise.resolve(found.params) });
}

/**
 * The body as text. A live stream (text/event-stream) stays open while its token lives: it is
 * read up to its first block (the opening comment, or an event), then left, as a client that
 * closes it would; what was read is the text.
 */
async function responseText(res: Response): Promise<string> {
  if (!res.headers.get("content-type")?.startsWith("text/event-stream") || !res.body) {
    return res.text();
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("\n\n")) {
    const { value, done } = await reader.read();
    if (done) return text;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T; text: string };

export async function call<T = any>(
  method: string,
  pathAndQuery: string,
  opts: CallOptions = {},
): Promise<ApiResponse<T>> {
  const url = new URL(pathAndQuery, `${opts.scheme ?? "https"}://api.test`);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  if (opts.token !== undefined) url.searchParams.set("token", opts.token);
  const headers = new Headers(opts.headers);
  if (opts.bearer) headers.set("authorization", `Bearer ${opts.bearer}`);
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers.set("content-type", opts.contentType ?? "application/json");
  } else if (opts.body !== undefined) {
    body = opts.body;
    if (opts.contentType) headers.set("content-type", opts.contentType);
  }
  const res = await dispatch(new Request(url, { method, headers, body }));
  const text = await responseText(res);
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, headers: res.headers, body: parsed as T, text };
}

export type Tenant = {
  companyId: number;
  privateKeys: { api_key: string; secret_key: string };
  publicKeys: { api_key: string; secret_key: string };
  privateToken: string;
  publicToken: string;
};

export type Api = {
  database: Database;
  tenant(name?: string): Promise<Tenant>;
  authenticate(keys: { api_key: string; secret_key: string }): Promise<string>;
  /**
   * An employer user of the company with the role, and a token bound to them (as password
   * sign-in issues it; the row is written directly, with no password).
   */
  person(
    companyId: number,
    role: Role,
    overrides?: { firstName?: string; lastName?: string },
  ): Promise<Person>;
};

export type Person = { id: number; token: string; email: string; role: Role };

/** Why this project's engine cannot run here, or null when it can. */
function engineUnavailable(): string | null {
  const e = env();
  if (e.DB_UNDER_TEST === "pooler") return poolerUnavailable();
  if (e.DB_UNDER_TEST === "postgresql" && !e.TEST_DATABASE_URL) {
    return "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)";
  }
  return null;
}

/**
 * `describe` on the engine this project runs. PostgreSQL (and PostgreSQL behind PgBouncer) is
 * skipped, with the reason printed, when it cannot run here; on CI the pooler fails instead.
 */
export function describeApi(name: string, fn: (api: Api) => void): void {
  const e = env();
  const engine = e.DB_UNDER_TEST;
  const unavailable = engineUnavailable();
  if (unavailable && engine === "pooler" && e.CI) {
    describe(`${name} [${engine}]`, () => {
      it("runs behind PgBouncer", () => {
        throw new Error(unavailable);
      });
    });
    return;
  }
  if (unavailable && !(globalThis as { __pgSkipNoted?: boolean }).__pgSkipNoted) {
    (globalThis as { __pgSkipNoted?: boolean }).__pgSkipNoted = true;
    console.warn(`[api:${engine}] skipped: ${unavailable}`);
  }
  describe.skipIf(unavailable)(`${name} [${engine}]`, () => {
    const api = {} as Api;
    let dropDatabase: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      if (engine === "postgresql") {
        const { url, drop } = await createMigratedDatabase(e.TEST_DATABASE_URL!);
        dropDatabase = drop;
        api.database = await openDatabase({ kind: "postgresql", url, poolSize: 20 });
      } else if (engine === "pooler") {
        // The app's pool talks to PgBouncer; LISTEN and migrations go to the server itself.
        const { url, drop } = await createMigratedDatabase(e.TEST_DATABASE_URL!);
        const bouncer = await startPgBouncer(url);
        dropDatabase = async () => {
          await bouncer.stop();
          await drop();
        };
        api.database = await openDatabase({
          kind: "postgresql",
          url: bouncer.urlFor(url),
          poolSize: 20,
          transactionPooler: true,
          directUrl: url,
        });
      } else {
        api.database = await openDatabase({ kind: "embedded", dataDir: null });
      }
      setDatabase(api.database);
      let n = 0;
      api.authenticate = async (keys) => {
        const res = await call("POST", "/api_v2/authenticate", { json: keys });
        if (res.status !== 200) throw new Error(`authenticate failed: ${res.text}`);
        noteIssuedSecret(keys.secret_key, res.body.token);
        return res.body.token as string;
      };
      let people = 0;
      api.person = async (companyId, role, overrides = {}) => {
        const db = api.database.db;
        people++;
        const email = `person${people}.${process.pid}.${companyId}@example.com`;
        const { id } = await createEmployerUser(db, {
          companyId,
          role,
          email,
          firstName: overrides.firstName ?? "Dana",
          lastName: overrides.lastName ?? `Person${people}`,
        });
        const { token } = await issuePersonToken(db, id);
        noteIssuedSecret(token);
        return { id, token, email, role };
      };
      api.tenant = async (label) => {
        const db = api.database.db;
        const { company_id } = await createCompany(db, label ?? `Company ${++n}`);
        const privateKeys = await createKeys(db, company_id, "private", "test");
        const publicKeys = await createKeys(db, company_id, "public", "test");
        return {
          companyId: company_id,
          privateKeys,
          publicKeys,
          privateToken: await api.authenticate(privateKeys),
          publicToken: await api.authenticate(publicKeys),
        };
      };
    });
    afterEach(() => setClock(null));
    afterAll(async () => {
      setDatabase(undefined);
      await api.database?.close();
      await dropDatabase?.();
    });
    fn(api);
  });
}

/**
 * A new PostgreSQL database beside `adminUrl` that is already migrated (ZIP codes loaded), and
 * how to drop it: a copy of a template database made once per set of migrations
 * (`ep_tpl_<key>`, the embedded template's key), so each API test file does not run every
 * migration and load 42,555 ZIP codes again (seconds each, for every file on two engines).
 * Opening it still runs the migrate step, which then finds nothing to do.
 */
export async function createMigratedDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  return createScratchDatabase(adminUrl, await migratedTemplate(adminUrl));
}

let templateOnce: Promise<string> | undefined;
function migratedTemplate(adminUrl: string): Promise<string> {
  templateOnce ??= makeMigratedTemplate(adminUrl).catch((err: unknown) => {
    templateOnce = undefined;
    throw err;
  });
  return templateOnce;
}

async function makeMigratedTemplate(adminUrl: string): Promise<string> {
  const key = templateKey(path.join(process.cwd(), "lib/db/migrations"), [], zipDataVersion());
  const name = `ep_tpl_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Test processes start together: one builds the template, the others wait for it.
    await admin.query("select pg_advisory_lock(hashtext('ep_test_template'))");
    const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const db = await openDatabase({ kind: "postgresql", url: url.toString(), poolSize: 1 });
      await db.close();
      // Renamed when complete: a template that exists is a whole one.
      await admin.query(`alter database ${building} rename to ${name}`);
    }
  } finally {
    await admin.query("select pg_advisory_unlock(hashtext('ep_test_template'))").catch(() => {});
    await admin.end();
  }
  return name;
}

/** A new PostgreSQL database beside `adminUrl` (empty, or a copy of `template`), and how to drop it. */
export async function createScratchDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ep_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A valid invite body; override what the test is about. */
let seq = 0;
export function workerBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  seq++;
  // Exchange 200–549 (from the pid, so parallel test processes differ) and a line from the
  // sequence: never the 555 exchange the tests' hand-written numbers use.
  const exchange = 200 + (process.pid % 350);
  const line = String(seq % 10_000).padStart(4, "0");
  return {
    type: "Worker",
    first_name: "Ada",
    last_name: `Tester${seq}`,
    email: `ada.tester${seq}.${process.pid}@example.com`,
    phone: `+1415${exchange}${line}`,
    external_id: `ext-${process.pid}-${seq}`,
    ...overrides,
  };
}

/**
 * Makes the tenant's company the demo company (companies.demo), the one company whose listed
 * invitation mails (GET /mails) show their links.
 */
export async function makeDemo(api: Api, tenant: Tenant): Promise<void> {
  await api.database.db
    .update(companies)
    .set({ demo: true })
    .where(eq(companies.id, tenant.companyId));
}

/**
 * The invitation links mailed for a company, newest first (GET /mails's order), each as its
 * recipient and token, read from the outbox as the workers' inboxes hold them: GET /mails
 * shows the links to the demo company alone.
 */
export async function invitationTokens(
  api: Api,
  companyId: number,
): Promise<{ to: string; token: string }[]> {
  const rows = await api.database.db
    .select({ body: outbox.body })
    .from(outbox)
    .where(
      and(
        eq(outbox.companyId, companyId),
        eq(outbox.channel, "email"),
        eq(outbox.event, "user.invited"),
      ),
    )
    .orderBy(desc(outbox.id));
  return rows.flatMap((r) => {
    const { meta, content } = openStoredMail(r.body);
    const token = content?.link.split("#token=")[1];
    return token ? [{ to: meta.to, token: decodeURIComponent(token) }] : [];
  });
}
