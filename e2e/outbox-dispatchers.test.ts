import { type ChildProcess, spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "@/e2e/support/webhook-receiver";
import { createCompany, createKeys } from "@/lib/api-v2/admin/admin";
import { emitEvent } from "@/lib/api-v2/events/emit";
import { createWebhook, removeWebhook } from "@/lib/api-v2/events/webhooks";
import { createScratchDatabase } from "@/lib/api-v2/tests/harness";
import { type Database, openDatabase } from "@/lib/db/client";
import { outbox, outboxAttempts } from "@/lib/db/schema";
import { env, inheritedEnv, resetEnv } from "@/lib/env";

/**
 * Dispatchers as separate processes (`operator outbox run`) on one PostgreSQL database: several
 * at once deliver every event once; one killed with SIGKILL mid-run loses nothing, and what it
 * had in flight is the only thing a receiver may see twice (delivery is at least once).
 */

const root = process.cwd();
const pgUrl = env().TEST_DATABASE_URL;

type Child = {
  proc: ChildProcess;
  stdout: string;
  ready: Promise<void>;
  exited: Promise<number | null>;
};

function dispatcherProcess(databaseUrl: string, extraEnv: Record<string, string> = {}): Child {
  // What `npm run operator -- outbox run` runs: the bundle, in this one process, so SIGKILL
  // reaches the process that does the work.
  const proc = spawn(process.execPath, ["lib/server/launch.mjs", "operator", "outbox", "run"], {
    cwd: root,
    env: {
      ...inheritedEnv(),
      DATABASE_URL: databaseUrl,
      // The receiver is on this machine, which PostgreSQL deployments refuse unless told.
      WEBHOOK_ALLOW_LOOPBACK: "true",
      LOG_LEVEL: "info",
      OUTBOX_POLL_MS: "50",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const child = { proc, stdout: "" } as Child;
  proc.stdout!.on("data", (c: Buffer) => {
    child.stdout += c.toString();
  });
  child.ready = new Promise((resolve, reject) => {
    let err = "";
    proc.stderr!.on("data", (c: Buffer) => {
      err += c.toString();
      if (err.includes("outbox dispatcher running")) resolve();
    });
    proc.once("exit", (code) => reject(new Error(`dispatcher exited (${code}): ${err}`)));
  });
  child.exited = new Promise((resolve) => proc.once("exit", (code) => resolve(code)));
  return child;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(!pgUrl)("outbox dispatchers as processes on one PostgreSQL database", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;
  let companyId: number;
  const children: Child[] = [];
  const db = () => database.db;

  beforeAll(async () => {
    resetEnv({ WEBHOOK_ALLOW_LOOPBACK: "true" }); // for createWebhook here, as in the children
    ({ url, drop } = await createScratchDatabase(pgUrl!));
    database = await openDatabase({ kind: "postgresql", url, poolSize: 5 });
    ({ company_id: companyId } = await createCompany(db(), "Many Events Ltd"));
    await createKeys(db(), companyId, "private", "test");
  });
  afterAll(async () => {
    resetEnv({ WEBHOOK_ALLOW_LOOPBACK: undefined });
    for (const c of children) c.proc.kill("SIGKILL");
    await database?.close();
    await drop?.();
  });

  /** `n` events through the real writer, 100 to a transaction. */
  async function queueEvents(n: number) {
    for (let i = 0; i < n; i += 100) {
      await db().transaction(async (tx) => {
        for (let j = i; j < Math.min(n, i + 100); j++) {
          await emitEvent(tx, {
            companyId,
            event: "job.state_changed",
            live: { jobRequestId: 1, jobId: j + 1 },
            data: { job: { id: j + 1, state: "filled" }, previous_state: "pending" },
            now: new Date(),
          });
        }
      });
    }
  }

  const counts = async () => {
    const rows = await db()
      .select({ state: outbox.state, n: sql<number>`count(*)::int` })
      .from(outbox)
      .groupBy(outbox.state);
    return Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>;
  };

  it("two dispatchers deliver 1,000 events with none delivered twice", async () => {
    const receiver = await startReceiver(() => 200, { delayMs: 2 });
    const hook = await createWebhook(db(), companyId, null, { url: receiver.url }, new Date());
    const pair = [dispatcherProcess(url), dispatcherProcess(url)];
    children.push(...pair);
    await Promise.all(pair.map((c) => c.ready));

    await queueEvents(1000);
    await until(async () => (await counts()).delivered === 1000, 120_000, "1,000 deliveries");
    for (const c of pair) c.proc.kill("SIGTERM");
    expect(await Promise.all(pair.map((c) => c.exited))).toEqual([0, 0]);

    const ids = receiver.received.map((r) => r.json.id);
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    const totals = pair.map((c) => JSON.parse(c.stdout.trim()));
    expect(totals.reduce((s, t) => s + t.delivered, 0)).toBe(1000);
    // Both took part (SKIP LOCKED shares the work instead of serialising it).
    for (const t of totals) expect(t.delivered).toBeGreaterThan(0);
    const [attempts] = await db()
      .select({ n: sql<number>`count(*)::int`, ok: sql<number>`count(*) filter (where ok)::int` })
      .from(outboxAttempts);
    expect(attempts).toEqual({ n: 1000, ok: 1000 });
    await removeWebhook(db(), companyId, hook.id, new Date());
    await receiver.close();
  });

  it("a dispatcher killed with SIGKILL mid-run: the next one loses nothing and records nothing twice", async () => {
    await db().delete(outbox);
    const receiver = await startReceiver(() => 200, { delayMs: 40 });
    const hook = await createWebhook(db(), companyId, null, { url: receiver.url }, new Date());
    await queueEvents(600);

    const first = dispatcherProcess(url, { OUTBOX_LEASE_SECONDS: "2" });
    children.push(first);
    await until(() => receiver.received.length >= 200, 60_000, "the first 200 deliveries");
    first.proc.kill("SIGKILL");
    const receivedAtKill = receiver.received.length;
    expect(await first.exited).toBeNull();
    const beforeRestart = await counts();
    expect(beforeRestart.delivered ?? 0).toBeLessThan(600);

    // Until now only the killed dispatcher could send: a copy first seen before this moment came
    // from it. (Not the moment of the kill: the receiver here timestamps a request when this process reads it,
    // and bytes the dispatcher wrote just before the kill can be read a millisecond after it.)
    const secondStartedAt = Date.now();
    const second = dispatcherProcess(url, { OUTBOX_LEASE_SECONDS: "2" });
    children.push(second);
    await until(
      async () => (await counts()).delivered === 600,
      60_000,
      "all 600 after the restart",
    );
    second.proc.kill("SIGTERM");
    expect(await second.exited).toBe(0);

    // Nothing lost: every event reached the receiver.
    const ids = receiver.received.map((r) => r.json.id);
    expect(new Set(ids).size).toBe(600);
    // Nothing acknowledged twice on record: one successful attempt per delivery.
    const perRow = await db()
      .select({ ok: sql<number>`count(*) filter (where ${outboxAttempts.ok})::int` })
      .from(outboxAttempts)
      .groupBy(outboxAttempts.outboxId);
    expect(perRow).toHaveLength(600);
    expect(perRow.every((r) => r.ok === 1)).toBe(true);
    // A receiver sees an event twice only if it was in flight when the process died.
    const firstSeen = new Map<string, number>();
    const duplicates: string[] = [];
    for (const r of receiver.received) {
      if (firstSeen.has(r.json.id)) duplicates.push(r.json.id);
      else firstSeen.set(r.json.id, r.at);
    }
    for (const id of duplicates) expect(firstSeen.get(id)!).toBeLessThan(secondStartedAt);
    expect(duplicates.length).toBeLessThanOrEqual(16); // one batch at most
    const [pending] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.state, "pending"));
    expect(pending?.n).toBe(0);
    process.stdout.write(
      `[outbox crash] at the kill: receiver had ${receivedAtKill}, database had ${beforeRestart.delivered ?? 0}/600 delivered; in the end receiver had ${receiver.received.length} requests and saw ${duplicates.length} event(s) twice (in flight at the kill)\n`,
    );
    await removeWebhook(db(), companyId, hook.id, new Date());
    await receiver.close();
  });
});
