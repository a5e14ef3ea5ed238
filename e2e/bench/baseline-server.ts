/**
 * The physical limit for the list request: a bare `node:http` server that replays the very
 * statements our handler ran for `GET /api_v2/users?per=50&page=N` (recorded from drizzle's
 * logger, see capture-sql.ts), through the same driver (pg's Pool of the same size, or PGlite
 * on the same data folder), and writes the rows as JSON. No framework, no validation, no
 * serialisation rules: nothing else.
 *
 *   node --import tsx e2e/bench/baseline-server.ts <config.json>
 *
 * Prints "listening <port>" once it answers.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import type { ListPlan } from "./capture-sql";

export type BaselineConfig = {
  port: number;
  plan: ListPlan;
  database:
    | { kind: "postgresql"; url: string; poolSize: number }
    | { kind: "embedded"; dataDir: string };
};

type Rows = { rows: Record<string, unknown>[] };
type Query = (text: string, params: unknown[]) => Promise<Rows>;

async function connect(
  db: BaselineConfig["database"],
): Promise<{ query: Query; close: () => Promise<void> }> {
  if (db.kind === "postgresql") {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: db.url, max: db.poolSize });
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const client = new PGlite({ dataDir: path.resolve(db.dataDir, "pg"), extensions: { pg_trgm } });
  await client.waitReady;
  return {
    query: (text, params) => client.query(text, params) as Promise<Rows>,
    close: () => client.close(),
  };
}

async function main() {
  const config = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8")) as BaselineConfig;
  const { plan } = config;
  const { query, close } = await connect(config.database);

  async function list(page: number): Promise<string> {
    const results: Rows[] = [];
    const paramsOf = (i: number): unknown[] => {
      const params = [...plan.statements[i]!.params];
      if (i === plan.offset.statement) params[plan.offset.param] = (page - 1) * plan.per;
      for (const x of plan.idParams) {
        if (x.statement !== i) continue;
        const ids = results[plan.offset.statement]!.rows.map((r) => r.id);
        if (ids.length !== x.count) throw new Error("a page that is not full");
        if (x.array) params[x.firstParam] = ids;
        else params.splice(x.firstParam, ids.length, ...ids);
      }
      return params;
    };
    for (const group of plan.groups) {
      const answers = await Promise.all(
        group.map((k) => query(plan.statements[k]!.sql, paramsOf(k))),
      );
      group.forEach((k, j) => {
        results[k] = answers[j]!;
      });
    }
    return JSON.stringify({ page, results: results.map((r) => r.rows) });
  }

  const server = http.createServer((req, res) => {
    const page = Number(new URL(req.url ?? "/", "http://x").searchParams.get("page") ?? 1);
    list(Number.isInteger(page) && page > 0 ? page : 1).then(
      (body) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body);
      },
      (err: Error) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(err.message);
      },
    );
  });
  server.keepAliveTimeout = 30_000;
  server.listen(config.port, "127.0.0.1", () => process.stdout.write(`listening ${config.port}\n`));
  process.on("SIGTERM", () => {
    server.close();
    server.closeAllConnections();
    void close().finally(() => process.exit(0));
  });
}

void main();
