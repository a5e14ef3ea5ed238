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

/**
 * The list request's statements, with the parts that change per request marked: the page's
 * offset in the statement that picks the page's ids, and those ids wherever a later statement
 * uses them (the rows, their badges). Groups run in order; the statements of a group run side
 * by side, as the handler's Promise.all does: the token lookup, then what needs only the page
 * number, then what needs the page's ids.
 */
export type ListPlan = {
  statements: Statement[];
  offset: { statement: number; param: number };
  /** Statements whose parameters include the page's ids: where they start, how many. */
  idParams: { statement: number; firstParam: number; count: number; array: boolean }[];
  groups: number[][];
  per: number;
};

export function planList(
  statements: Statement[],
  offset: number,
  per: number,
  ids: number[],
): ListPlan {
  const offsetAt = statements.findIndex(
    (s) => /\boffset\b/i.test(s.sql) && s.params.some((p) => Number(p) === offset),
  );
  if (offsetAt < 0) throw new Error("no statement carries the page's offset");
  const param = statements[offsetAt]!.params.findIndex((p) => Number(p) === offset);
  if (ids.length === 0) throw new Error("the probed page is empty");
  const sameIds = (p: unknown) =>
    Array.isArray(p) && p.length === ids.length && p.every((x, k) => Number(x) === ids[k]);
  const idParams = statements.flatMap((s, i): ListPlan["idParams"] => {
    if (i === offsetAt) return [];
    // One array parameter (`= any($1)`) …
    const array = s.params.findIndex(sameIds);
    if (array >= 0) return [{ statement: i, firstParam: array, count: ids.length, array: true }];
    // … or one parameter per id (`in ($1, $2, …)`).
    const first = s.params.findIndex((p) => Number(p) === ids[0]);
    const holds = ids.every((id, k) => Number(s.params[first + k]) === id);
    return first >= 0 && holds
      ? [{ statement: i, firstParam: first, count: ids.length, array: false }]
      : [];
  });
  if (idParams.length === 0) throw new Error("no statement carries the page's user ids");
  const auth = statements.flatMap((s, i) => (/"tokens"/.test(s.sql) ? [i] : []));
  const usesIds = new Set(idParams.map((x) => x.statement));
  const rest = statements.map((_, i) => i).filter((i) => !auth.includes(i));
  return {
    statements,
    offset: { statement: offsetAt, param },
    idParams,
    groups: [auth, rest.filter((i) => !usesIds.has(i)), rest.filter((i) => usesIds.has(i))].filter(
      (g) => g.length > 0,
    ),
    per,
  };
}
