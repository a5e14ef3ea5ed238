import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inheritedEnv } from "@/lib/env";
import { type Answer, apiClient, Identities, percentile, sleep } from "./support/api-client";
import { type PrivatePostgres, startPrivatePostgres } from "./support/private-postgres";
import {
  authenticate,
  buildOnce,
  type ServerProcess,
  startServer,
  tempDataDir,
} from "./support/server-process";
import { startReceiver } from "./support/webhook-receiver";

/**
 * Three instances of the production server on one PostgreSQL database, driven round-robin as a
 * load balancer would: a portal session works on every instance (and its sign-out everywhere),
 * rate limits are counted once, each webhook event reaches its subscription once, and a
 * PostgreSQL restart in the middle of writes is survived without restarting the app: requests
 * during the outage are answered at once with 503 `database_unavailable`, and every write that
 * was acknowledged is there afterwards.
 *
 * The PostgreSQL server is the test's own (e2e/support/private-postgres.ts): restarting the
 * machine's shared one would break every other test file running beside this one.
 * STRESS=1 (`npm run test:stress`): more writers, two restarts, longer outages.
 */

const stress = inheritedEnv().STRESS === "1";
const WRITERS = stress ? 8 : 4;
const RESTARTS = stress ? 2 : 1;
const OUTAGE_MS = stress ? 6_000 : 2_000;
const EVENTS = stress ? 120 : 30;

const INSTANCE_ENV = {
  SESSION_SECRET: "three-instances-session-secret-0123456789",
  DATA_ENCRYPTION_KEY: "three-instances-data-encryption-key-0123456789",
  WEBHOOK_ALLOW_LOOPBACK: "true",
  OUTBOX_POLL_MS: "100",
  DATABASE_CONNECT_TIMEOUT_MS: "1000",
  AUTH_RATE_LIMIT_PER_KEY: "1000",
  AUTH_RATE_LIMIT_PER_ADDRESS: "1000",
  PORTAL_SIGNIN_LIMIT_PER_ADDRESS: "6",
  PORTAL_SIGNIN_LIMIT_PER_KEY: "1000",
  DEMO_WORKER_COUNT: "20",
};

function inviteBody(who: ReturnType<Identities["next"]>) {
  return {
    type: "Worker",
    first_name: "Instance",
    last_name: `Writer ${who.n}`,
    email: who.email,
    phone: who.phone,
    external_id: who.external_id,
  };
}

let postgres: PrivatePostgres | null = null;
const servers: ServerProcess[] = [];
const dataDir = tempDataDir("instances");
const ids = new Identities();
let token = "";

beforeAll(async () => {
  buildOnce();
  postgres = await startPrivatePostgres();
  if (!postgres) return;
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query("create database staffing");
  await admin.end();
  const databaseUrl = postgres.url.replace(/\/postgres$/, "/staffing");
  // The first seeds the demo; the others find it there.
  for (let i = 0; i < 3; i++)
    servers.push(await startServer({ dataDir, databaseUrl, env: INSTANCE_ENV }));
  token = await authenticate(servers[0]!.base, dataDir);
}, 300_000);

afterAll(async () => {
  for (const s of servers) if (s.proc.exitCode === null) await s.kill("SIGTERM");
  postgres?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const at = (i: number) => servers[i % servers.length]!;

describe("three instances on one PostgreSQL database", { timeout: 180_000 }, () => {
  it("a portal session signed in on one instance works on the others, and its sign-out ends it on all", async () => {
    if (!postgres)
      return void process.stdout.write("[instances] skipped: no PostgreSQL binaries\n");
    const signIn = await fetch(`${at(0).base}/api/session`, {
      method: "POST",
      headers: { origin: at(0).base, "content-type": "application/json" },
      body: JSON.stringify({ demo: true }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    for (const i of [1, 2, 0]) {
      const who = await fetch(`${at(i).base}/api/session`, { headers: { cookie } });
      expect(who.status, `instance ${i}`).toBe(200);
      const page = await fetch(`${at(i).base}/workers`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(page.status, `the worker list on instance ${i}`).toBe(200);
    }
    const out = await fetch(`${at(2).base}/api/session`, {
      method: "DELETE",
      headers: { origin: at(2).base, cookie },
    });
    expect(out.status).toBeLessThan(300);
    for (const i of [0, 1]) {
      const after = await fetch(`${at(i).base}/api/session`, { headers: { cookie } });
      expect(after.status, `instance ${i} after the sign-out on instance 2`).toBe(401);
    }
  });

  it("a rate limit is counted once across the three: 6 failed portal sign-ins per address, then 429", async () => {
    if (!postgres) return;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await fetch(`${at(i).base}/api/session`, {
        method: "POST",
        headers: { origin: at(i).base, "content-type": "application/json" },
        body: JSON.stringify({ api_key: "pk_test_nobody00000000000000", secret_key: "sk_test_x" }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
  });

  it(`each of ${EVENTS} webhook events is delivered once to its subscription, with three dispatchers`, async () => {
    if (!postgres) return;
    const receiver = await startReceiver();
    try {
      const api = (i: number) => apiClient(at(i).base, token);
      const hook = await api(0)("POST", "/webhooks", {
        url: receiver.url,
        events: ["user.invited"],
      });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      // Written round-robin: every instance's dispatcher is woken by its own writes.
      for (let i = 0; i < EVENTS; i++) {
        const r = await api(i)("POST", "/users/invite", inviteBody(ids.next("hook")));
        expect(r.status).toBe(201);
      }
      const deadline = Date.now() + 60_000;
      const unique = () => new Set(receiver.received.map((r) => r.json.id)).size;
      while (unique() < EVENTS && Date.now() < deadline) await sleep(100);
      await sleep(1_000); // Time for a duplicate to arrive, if one were coming.
      const perEvent = new Map<string, number>();
      for (const r of receiver.received)
        perEvent.set(r.json.id, (perEvent.get(r.json.id) ?? 0) + 1);
      expect(perEvent.size).toBe(EVENTS);
      const twice = [...perEvent.values()].filter((n) => n > 1).length;
      expect(twice, "events delivered more than once").toBe(0);
      await api(0)("DELETE", `/webhooks/${hook.body.id}`);
    } finally {
      await receiver.close();
    }
  });

  it(`a PostgreSQL restart in the middle of writes (${RESTARTS}× ${OUTAGE_MS / 1000} s) is survived without restarting the app`, async () => {
    if (!postgres) return;
    type Attempt = {
      who: ReturnType<Identities["next"]>;
      result?: Answer | Error;
      during: boolean;
    };
    const attempts: Attempt[] = [];
    let down = false;
    let writing = true;
    const clients = servers.map((s) => apiClient(s.base, token, 15_000));
    let n = 0;
    const writers = Array.from({ length: WRITERS }, async () => {
      while (writing) {
        const attempt: Attempt = { who: ids.next("restart"), during: down };
        attempts.push(attempt);
        const client = clients[n++ % clients.length]!;
        attempt.result = await client("POST", "/users/invite", inviteBody(attempt.who)).catch(
          (err: Error) => err,
        );
        attempt.during ||= down;
        if (down) await sleep(20); // A client told 503 does not spin.
      }
    });
    const readiness: number[] = [];
    for (let r = 0; r < RESTARTS; r++) {
      await sleep(1_500);
      down = true;
      postgres.stop();
      const stoppedAt = Date.now();
      while (Date.now() - stoppedAt < OUTAGE_MS) {
        readiness.push((await fetch(`${at(r).base}/readyz`)).status);
        await sleep(250);
      }
      postgres.start();
      down = false;
    }
    // Every instance answers again, on its own (no restart of the app).
    for (const s of servers) {
      const api = apiClient(s.base, token);
      const deadline = Date.now() + 30_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await api("GET", "/users?per=1")).status;
        if (status !== 200) await sleep(200);
      }
      expect(status, `${s.base} after the restart`).toBe(200);
      expect((await fetch(`${s.base}/readyz`)).status).toBe(200);
    }
    await sleep(1_000);
    writing = false;
    await Promise.all(writers);

    expect(readiness, "readyz during the outage").toContain(503);
    const outcomes = attempts.map((a) => a.result);
    const errors = outcomes.filter((r) => r instanceof Error);
    expect(
      errors.map((e) => (e as Error).message),
      "requests with no answer",
    ).toEqual([]);
    const answers = outcomes as Answer[];
    const statuses = new Set(answers.map((a) => a.status));
    expect(
      [...statuses].filter((s) => s !== 201 && s !== 503),
      "statuses other than 201/503",
    ).toEqual([]);
    const refused = answers.filter((a) => a.status === 503);
    expect(refused.length, "some writes met the outage").toBeGreaterThan(0);
    for (const a of refused)
      expect(a.body).toEqual({
        error: {
          code: "database_unavailable",
          message: "The database is unavailable right now; try again in a few seconds",
        },
      });
    const acknowledged = attempts.filter((a) => (a.result as Answer).status === 201);
    // Every acknowledged write is there, read through each instance in turn.
    for (const [i, a] of acknowledged.entries()) {
      const found = await apiClient(at(i).base, token)(
        "GET",
        `/users?external_id=${a.who.external_id}`,
      );
      expect(
        found.body.users.map((u: { id: number }) => u.id),
        a.who.external_id,
      ).toEqual([(a.result as Answer).body.id]);
    }
    const outageMs = refused.map((a) => a.ms).sort((x, y) => x - y);
    process.stdout.write(
      `[instances] ${attempts.length} invites by ${WRITERS} writers round-robin over 3 instances, ${RESTARTS} PostgreSQL restart(s) of ${OUTAGE_MS} ms: ${acknowledged.length} acknowledged and all present, ${refused.length} answered 503 database_unavailable (p50 ${Math.round(percentile(outageMs, 50))} ms, max ${Math.round(outageMs.at(-1) ?? 0)} ms); readyz during the outage: ${readiness.filter((s) => s === 503).length}/${readiness.length} × 503\n`,
    );
  });
});
