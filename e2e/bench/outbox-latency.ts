import pg from "pg";
import { startReceiver } from "@/e2e/support/webhook-receiver";
import {
  createCompany,
  createJob,
  createJobRequest,
  createKeys,
  setJobState,
} from "@/lib/api-v2/admin/admin";
import { Dispatcher, wakeDispatchers } from "@/lib/api-v2/events/dispatcher";
import { createWebhook } from "@/lib/api-v2/events/webhooks";
import { type Database, openDatabase } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { defaultEnv, env, resetEnv } from "@/lib/env";

/**
 * How long from a committed change to the receiver holding its webhook, over 1,000 events, on
 * the embedded database and (with TEST_DATABASE_URL or DATABASE_URL) on PostgreSQL. Then an
 * outage: the receiver answers 503 for a while, and we watch the backlog drain after it is back.
 *
 *   npm run --silent bench:outbox
 */

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function scratchPg(adminUrl: string) {
  const name = `ep_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

let companyCounter = 100;

async function fixture(database: Database) {
  const db = database.db;
  const { company_id } = await createCompany(db, "Bench Co");
  await createKeys(db, company_id, "private", env().API_ENVIRONMENT);
  const [u] = await db
    .insert(users)
    .values({
      companyId: company_id,
      firstName: "Bench",
      lastName: "Worker",
      email: `bench.${Date.now()}@example.com`,
      phone: `+1415555${String(companyCounter++).padStart(4, "0")}`,
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning();
  const { job_request_id } = await createJobRequest(db, company_id, "Bench", "posted", new Date());
  const { job_id } = await createJob(db, job_request_id, u!.id, "filled", new Date());
  return { companyId: company_id, jobId: job_id };
}

async function latency(kind: string, database: Database) {
  const { companyId, jobId } = await fixture(database);
  const committedAt = new Map<string, number>();
  const receiver = await startReceiver();
  await createWebhook(database.db, companyId, null, { url: receiver.url }, new Date());
  const dispatcher = new Dispatcher({ db: database.db });
  dispatcher.start();

  const states = ["in_progress", "paused"] as const;
  for (let i = 0; i < EVENTS; i++) {
    await setJobState(database.db, jobId, states[i % 2]!, new Date());
    committedAt.set(String(i), performance.timeOrigin + performance.now());
    wakeDispatchers(); // what every successful API write does
    await new Promise((r) => setTimeout(r, 2)); // a steady stream, not one burst
  }
  const deadline = Date.now() + 60_000;
  while (receiver.received.length < EVENTS && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  await dispatcher.stop();
  // Events arrive with the job state that was committed; pair them by order of occurred_at.
  const arrivals = [...receiver.received].sort((a, b) =>
    a.json.occurred_at.localeCompare(b.json.occurred_at),
  );
  const commits = [...committedAt.values()];
  const lat = arrivals.map((r, i) => r.at - commits[i]!).sort((a, b) => a - b);
  await receiver.close();
  return {
    engine: kind,
    events: EVENTS,
    received: receiver.received.length,
    distinct: new Set(receiver.received.map((r) => r.json.id)).size,
    p50_ms: pct(lat, 50),
    p90_ms: pct(lat, 90),
    p99_ms: pct(lat, 99),
    max_ms: lat.at(-1),
  };
}

async function outage(kind: string, database: Database, downMs: number) {
  const { companyId, jobId } = await fixture(database);
  let down = true;
  const receiver = await startReceiver(() => (down ? 503 : 200));
  await createWebhook(database.db, companyId, null, { url: receiver.url }, new Date());
  const dispatcher = new Dispatcher({ db: database.db, pollMs: 100 });
  dispatcher.start();
  const n = 100;
  for (let i = 0; i < n; i++) {
    await setJobState(database.db, jobId, i % 2 ? "paused" : "in_progress", new Date());
    wakeDispatchers();
  }
  await new Promise((r) => setTimeout(r, downMs));
  down = false;
  const upAt = Date.now();
  const acked = () => receiver.received.filter((r) => r.status === 200);
  const deadline = Date.now() + 120_000;
  while (acked().length < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const drainedMs = Date.now() - upAt;
  await dispatcher.stop();
  await receiver.close();
  return {
    engine: kind,
    events: n,
    receiver_down_ms: downMs,
    retry_base_s: env().OUTBOX_RETRY_SECONDS,
    failed_attempts: receiver.received.filter((r) => r.status === 503).length,
    acknowledged: acked().length,
    distinct_acknowledged: new Set(acked().map((r) => r.json.id)).size,
    all_delivered_ms_after_recovery: drainedMs,
  };
}

async function main() {
  defaultEnv("LOG_LEVEL", "error");
  // The receiver is on this machine: allowed by default only without DATABASE_URL.
  defaultEnv("WEBHOOK_ALLOW_LOOPBACK", "true");
  const results: unknown[] = [];
  const engines: {
    kind: string;
    open: () => Promise<{ db: Database; done: () => Promise<void> }>;
  }[] = [
    {
      kind: "embedded",
      open: async () => {
        const db = await openDatabase({ kind: "embedded", dataDir: null });
        return { db, done: () => db.close() };
      },
    },
  ];
  const pgUrl = env().TEST_DATABASE_URL ?? env().DATABASE_URL;
  if (pgUrl) {
    engines.push({
      kind: "postgresql",
      open: async () => {
        const s = await scratchPg(pgUrl);
        const db = await openDatabase({ kind: "postgresql", url: s.url });
        const done = async () => {
          await db.close();
          await s.drop();
        };
        return { db, done };
      },
    });
  }
  for (const e of engines) {
    const { db, done } = await e.open();
    resetEnv({ OUTBOX_RETRY_SECONDS: undefined });
    results.push({ benchmark: "commit→receiver latency", ...(await latency(e.kind, db)) });
    // The outage is scaled down (first retry after 1 s instead of 60 s) to fit a benchmark run.
    resetEnv({ OUTBOX_RETRY_SECONDS: "1" });
    results.push({ benchmark: "receiver down, then back", ...(await outage(e.kind, db, 5_000)) });
    await done();
  }
  for (const r of results as Record<string, unknown>[]) {
    const cells = Object.entries(r).map(
      ([k, v]) => `${k}=${typeof v === "number" && !Number.isInteger(v) ? v.toFixed(1) : v}`,
    );
    process.stdout.write(`${cells.join("  ")}\n`);
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : err}\n`);
  process.exit(1);
});
