import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { safeEqualText } from "@/lib/api-v2/hash-token";
import type { Database } from "@/lib/db/client";
import { rowsOf } from "@/lib/db/rate-limit";
import { type Gauges, metrics } from "@/lib/metrics";

/**
 * The operator's endpoints, answered by our server in front of Next:
 *   GET /healthz  the process is alive and serving: 200, for anyone (it says nothing more)
 *   GET /readyz   this instance should get traffic: 200, or 503 with the failing check (database
 *                 unreachable, migrations missing, outbox lagging, shutting down)
 *   GET /metrics  Prometheus text (prom-client)
 * /readyz and /metrics are not public: callers on this machine (the socket's own address, never
 * a forwarded header), or any caller with `Authorization: Bearer <OPS_TOKEN>`; anyone else gets
 * 404, as if they did not exist.
 */

export const OPS_PATHS = new Set(["/healthz", "/readyz", "/metrics"]);

const CHECK_TIMEOUT_MS = 2_000;

export type Ops = {
  handle(req: http.IncomingMessage, res: http.ServerResponse, local: boolean): Promise<void>;
  /** From SIGTERM on: not ready, so a load balancer stops sending new requests. */
  setStopping(): void;
};

type Check = { ok: boolean; [detail: string]: unknown };

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

function expectedMigrations(): number {
  const journal = path.join(process.cwd(), "lib/db/migrations/meta/_journal.json");
  return (JSON.parse(fs.readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

async function outboxState(database: Database): Promise<{ pending: number; lagSeconds: number }> {
  const rows = rowsOf<{ pending: number; lag: number | null }>(
    await database.db.execute(sql`
      select count(*)::int as pending,
             extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now()))::float8 as lag
      from outbox where state = 'pending'`),
  );
  return { pending: Number(rows[0]?.pending ?? 0), lagSeconds: Math.max(0, rows[0]?.lag ?? 0) };
}

export function createOps(database: Database, opts: { token?: string; maxLagSeconds: number }) {
  let stopping = false;
  const expected = expectedMigrations();
  const registry = metrics();
  registry.setCollector(async (): Promise<Gauges> => {
    const outbox = await within(outboxState(database), CHECK_TIMEOUT_MS);
    return {
      pool: database.poolUse?.(),
      outbox: { pending: outbox.pending, oldestDueSeconds: outbox.lagSeconds },
    };
  });

  const allowed = (req: http.IncomingMessage, local: boolean) => {
    if (local) return true;
    const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1];
    return Boolean(opts.token && given && safeEqualText(given, opts.token));
  };

  async function readiness(): Promise<{ ready: boolean; checks: Record<string, Check> }> {
    const checks: Record<string, Check> = {};
    const t0 = performance.now();
    try {
      await within(database.db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
      checks.database = { ok: true, ms: Math.round(performance.now() - t0) };
    } catch (err) {
      checks.database = { ok: false, error: (err as Error).message };
      return { ready: false, checks };
    }
    try {
      const rows = rowsOf<{ n: number }>(
        await within(
          database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
          CHECK_TIMEOUT_MS,
        ),
      );
      const applied = Number(rows[0]?.n ?? 0);
      checks.migrations = { ok: applied >= expected, applied, expected };
    } catch (err) {
      checks.migrations = { ok: false, error: (err as Error).message };
    }
    try {
      const o = await within(outboxState(database), CHECK_TIMEOUT_MS);
      checks.outbox = {
        ok: o.lagSeconds <= opts.maxLagSeconds,
        pending: o.pending,
        lag_seconds: Math.round(o.lagSeconds),
        max_lag_seconds: opts.maxLagSeconds,
      };
    } catch (err) {
      checks.outbox = { ok: false, error: (err as Error).message };
    }
    return { ready: Object.values(checks).every((c) => c.ok), checks };
  }

  const send = (res: http.ServerResponse, status: number, body: unknown, type?: string) => {
    res.writeHead(status, {
      "content-type": type ?? "application/json; charset=utf-8",
      "cache-control": "no-store",
    });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };

  return {
    async handle(req, res, local) {
      const p = (req.url ?? "/").split("?")[0];
      if (req.method !== "GET" && req.method !== "HEAD")
        return send(res, 405, { error: { code: "method_not_allowed", message: "GET only" } });
      if (p === "/healthz") return send(res, 200, { status: "ok" });
      if (!allowed(req, local))
        return send(res, 404, { error: { code: "not_found", message: "Not found" } });
      if (p === "/metrics")
        return send(res, 200, await registry.registry.metrics(), registry.registry.contentType);
      if (stopping) return send(res, 503, { status: "stopping", checks: {} });
      const r = await readiness();
      return send(res, r.ready ? 200 : 503, { status: r.ready ? "ready" : "not_ready", ...r });
    },
    setStopping() {
      stopping = true;
    },
  } satisfies Ops;
}
