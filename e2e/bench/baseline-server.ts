/**
 * The honest limit for the list request: a bare `node:http` server running the best statements
 * we can write by hand for `GET /api_v2/users?per=50&page=N` (not ours, not replayed), through
 * the same driver (pg's Pool of the same size, or PGlite on the same data folder, on a thread of
 * its own as the server runs it):
 *   1. the bearer token, by its SHA-256, joined to its key (what any real server must check);
 *   2. the page in one round trip: the page's ids by an index-only walk of
 *      (company_id, updated_at, id) (a deferred join: a deep page skips index entries, not
 *      rows), joined back to the rows, each row's badges aggregated in the database, and the
 *      exact total read from the counter the triggers keep (no count over 100,000 rows).
 * Both are prepared statements on PostgreSQL. The rows are written as they come (JSON.stringify),
 * with no framework, no validation and no serialisation rules, except what the page cannot do
 * without: each worker's SSN and date of birth are sealed at rest (issue 14) and the page shows
 * them in clear, so they are opened (the same AES-GCM call, ~10 µs each). Until 2026-11-26 the
 * baseline sent the ciphertext: a page no client could use, cheaper by ~100 openings.
 *
 *   node --import tsx e2e/bench/baseline-server.ts <config.json>
 *
 * Prints "listening <port>" once it answers.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { unsealPersonal } from "@/lib/api-v2/users/personal-data";

export type BaselineConfig = {
  port: number;
  database:
    | { kind: "postgresql"; url: string; poolSize: number }
    | { kind: "embedded"; dataDir: string };
};

type Rows = { rows: Record<string, unknown>[] };
type Query = (name: string, text: string, params: unknown[]) => Promise<Rows>;

const TOKEN_SQL = `select k.company_id, t.expires_at from tokens t join api_keys k on k.id = t.api_key_id
  where t.token_hash = $1 and t.revoked_at is null and k.revoked_at is null`;

// The workers' list index holds workers only (migration 0013): the page says so in so many words.
const PAGE_SQL = `with page as (
    select id, updated_at from users where company_id = $1 and type = 'Worker'
    order by updated_at desc nulls first, id desc nulls first limit $2 offset $3
  )
  select u.*, coalesce(b.badges, '[]'::json) as badges,
    (select c.users from company_user_counts c where c.company_id = $1) as total
  from page p join users u on u.id = p.id
  left join lateral (
    select json_agg(json_build_object('id', ub.badge_id, 'assigned_at', ub.created_at) order by ub.id) as badges
    from user_badges ub where ub.user_id = u.id
  ) b on true
  order by p.updated_at desc, p.id desc`;

async function connect(
  db: BaselineConfig["database"],
): Promise<{ query: Query; close: () => Promise<void> }> {
  if (db.kind === "postgresql") {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: db.url, max: db.poolSize });
    return {
      query: (name, text, values) => pool.query({ name, text, values }),
      close: () => pool.end(),
    };
  }
  // PGlite on a thread of its own, as the server runs it (lib/db/engine-thread.ts): statements
  // are sent as they come and run one at a time there, while this thread answers.
  const { startEngineThread } = await import("@/lib/db/engine-thread");
  const client = await startEngineThread({
    dataDir: path.resolve(db.dataDir, "pg"),
    sharedBuffers: "16MB",
  });
  return {
    query: (_name, text, params) => client.query(text, params) as Promise<Rows>,
    close: () => client.close(),
  };
}

async function main() {
  const config = JSON.parse(fs.readFileSync(process.argv[2]!, "utf8")) as BaselineConfig;
  const { query, close } = await connect(config.database);
  const per = 50;

  async function list(token: string, page: number): Promise<{ status: number; body: string }> {
    const hash = createHash("sha256").update(token).digest("hex");
    const caller = (await query("baseline_token", TOKEN_SQL, [hash])).rows[0];
    if (!caller || (caller.expires_at as Date) <= new Date())
      return { status: 401, body: '{"error":"invalid_token"}' };
    const { rows } = await query("baseline_page", PAGE_SQL, [
      caller.company_id,
      per,
      (page - 1) * per,
    ]);
    const total = rows[0]?.total ?? 0;
    for (const r of rows) {
      delete r.total;
      r.ssn = unsealPersonal("ssn", r.ssn as string | null);
      r.dob = unsealPersonal("dob", r.dob as string | null);
    }
    return { status: 200, body: JSON.stringify({ users: rows, page, per, total }) };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const page = Number(url.searchParams.get("page") ?? 1);
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
    list(token, Number.isInteger(page) && page > 0 ? page : 1).then(
      ({ status, body }) => {
        res.writeHead(status, { "content-type": "application/json" });
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
