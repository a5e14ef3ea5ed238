/**
 * The SQL one API request really runs, recorded from drizzle's logger while our own route
 * handler answers a real Request in this process. The baseline server replays exactly these
 * statements, so "same SQL" is a fact of the run, not a hand-copied claim.
 */
import type { Logger } from "drizzle-orm/logger";
import { type OpenOptions, openDatabase, setDatabase } from "@/lib/db/client";

export type Statement = { sql: string; params: unknown[] };

type RouteModule = {
  GET?: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
  POST?: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
};

const routes: Record<string, () => Promise<RouteModule>> = {
  "/api_v2/users": () => import("@/app/api_v2/users/route"),
  "/api_v2/authenticate": () => import("@/app/api_v2/authenticate/route"),
};

export type Recorded = { statements: Statement[]; status: number; body: unknown };

/** The database opened in this process, with a recorder on every statement. */
export type Session = {
  request(method: "GET" | "POST", path: string, init?: RequestInit): Promise<Recorded>;
  /** EXPLAIN (ANALYZE) of a recorded statement, as text. */
  explain(statement: Statement): Promise<string>;
  close(): Promise<void>;
};

export async function openSession(open: OpenOptions): Promise<Session> {
  let statements: Statement[] = [];
  const logger: Logger = {
    logQuery: (sql, params) => statements.push({ sql, params: [...params] }),
  };
  const database = await openDatabase({ ...open, logger });
  setDatabase(database);
  // Both drivers answer `query(text, params)` with `{ rows }`.
  const client = (database.db as unknown as { $client: RawClient }).$client;
  return {
    async request(method, path, init) {
      statements = [];
      // As behind a TLS-terminating proxy: the API refuses plain http from non-local callers.
      const url = new URL(path, "https://127.0.0.1");
      const load = routes[url.pathname];
      const handler = load ? (await load())[method] : undefined;
      if (!handler) throw new Error(`no route module mapped for ${method} ${url.pathname}`);
      const res = await handler(new Request(url, { method, ...init }), {
        params: Promise.resolve({}),
      });
      const body = await res.json();
      return { statements, status: res.status, body };
    },
    async explain(statement) {
      const res = await client.query(
        `explain (analyze, costs off, timing on, summary on) ${statement.sql}`,
        statement.params,
      );
      return res.rows.map((r) => Object.values(r)[0]).join("\n");
    },
    async close() {
      setDatabase(undefined);
      await database.close();
    },
  };
}

type RawClient = {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
};
