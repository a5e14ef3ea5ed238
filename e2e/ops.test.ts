import fs from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "@/lib/api-v2/tests/harness";
import { inheritedEnv } from "@/lib/env";
import { apiClient, Identities } from "./support/api-client";
import {
  authenticate,
  buildOnce,
  type ServerProcess,
  startServer,
  tempDataDir,
} from "./support/server-process";

/**
 * /healthz, /readyz and /metrics as an operator and a load balancer use them, on the production
 * server: the right status codes, the checks named, metrics by route template, and neither
 * readiness nor metrics open to callers from elsewhere without OPS_TOKEN.
 */

const OPS_TOKEN = "ops-token-for-the-test-0123456789abcdef";
const adminUrl = inheritedEnv().TEST_DATABASE_URL;

/** An address of this machine that is not loopback: a caller "from elsewhere" (none: skipped). */
const outside = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

function metricValue(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split("\n")
    .find((l) => l.startsWith(`${name}{`) && want.every((w) => l.includes(w)));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

describe.each([{ engine: "embedded" }, ...(adminUrl ? [{ engine: "postgresql" }] : [])])(
  "operations endpoints ($engine)",
  { timeout: 120_000 },
  ({ engine }) => {
    let server: ServerProcess;
    let drop: (() => Promise<void>) | undefined;
    const dataDir = tempDataDir(`ops-${engine}`);

    beforeAll(async () => {
      buildOnce();
      let databaseUrl: string | undefined;
      if (engine === "postgresql") {
        const scratch = await createScratchDatabase(adminUrl!);
        drop = scratch.drop;
        databaseUrl = scratch.url;
      }
      server = await startServer({
        dataDir,
        databaseUrl,
        env: {
          HOST: "0.0.0.0",
          OPS_TOKEN,
          // Nothing delivers, so a queued invitation e-mail ages past the readiness bound.
          OUTBOX_DISPATCHER: "false",
          READY_OUTBOX_LAG_SECONDS: "2",
          AUTH_RATE_LIMIT_PER_KEY: "2",
        },
      });
    }, 300_000);
    afterAll(async () => {
      await server?.kill("SIGTERM");
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("healthz is 200 for anyone; readyz is 200 with each check when the instance can serve", async () => {
      const health = await fetch(`${server.base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok" });
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(200);
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(await ready.json()).toMatchObject({
        status: "ready",
        ready: true,
        checks: {
          database: { ok: true },
          migrations: { ok: true, applied: expect.any(Number) },
          outbox: { ok: true, max_lag_seconds: 2 },
        },
      });
    });

    it("metrics count requests by route template and status, rate-limit refusals, pool and outbox", async () => {
      const token = await authenticate(server.base, dataDir);
      const api = apiClient(server.base, token);
      const listed = await api("GET", "/users?per=1");
      const id = listed.body.users[0].id;
      for (let i = 0; i < 3; i++) expect((await api("GET", `/users/${id}`)).status).toBe(200);
      expect((await api("GET", "/users/999999999")).status).toBe(404);
      // The per-key limit is 2: the third sign-in with the same key is refused.
      const keys = JSON.parse(fs.readFileSync(`${dataDir}/demo-keys.json`, "utf8")).public;
      const signIn = () =>
        fetch(`${server.base}/api_v2/authenticate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(keys),
        });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await signIn()).status);
      expect(statuses).toContain(429);

      // The caller's request id is carried through and sent back (a page's too, not only the API's).
      for (const p of ["/api_v2/info", "/sign-in"]) {
        const traced = await fetch(`${server.base}${p}`, {
          headers: { "x-request-id": "ops-trace-0123456789" },
        });
        expect(traced.headers.get("x-request-id")).toBe("ops-trace-0123456789");
      }

      const res = await fetch(`${server.base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/plain");
      const text = await res.text();
      const ok = { method: "GET", route: "/api_v2/users/:id", status: "200" };
      expect(metricValue(text, "http_requests_total", ok)).toBeGreaterThanOrEqual(3);
      expect(metricValue(text, "http_requests_total", { ...ok, status: "404" })).toBe(1);
      expect(metricValue(text, "http_request_duration_seconds_count", ok)).toBeGreaterThanOrEqual(
        3,
      );
      expect(text).not.toContain(`/api_v2/users/${id}"`);
      expect(metricValue(text, "rate_limit_refusals_total", { limit: "auth:key" })).toBe(1);
      expect(text).toMatch(/^outbox_pending \d+/m);
      expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
      if (engine === "postgresql") expect(text).toMatch(/^db_pool_connections [1-9]/m);
    });

    it("readyz is 503 and names the outbox when a due delivery waits past the bound", async () => {
      const api = apiClient(server.base, await authenticate(server.base, dataDir));
      const who = new Identities().next(`ops-${engine}`);
      const invited = await api("POST", "/users/invite", {
        type: "Worker",
        first_name: "Ops",
        last_name: "Check",
        email: who.email,
        phone: who.phone,
        external_id: who.external_id,
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      let body: any;
      const deadline = Date.now() + 15_000;
      do {
        await new Promise((r) => setTimeout(r, 500));
        const res = await fetch(`${server.base}/readyz`);
        body = { ...(await res.json()), http: res.status };
      } while (body.http === 200 && Date.now() < deadline);
      expect(body).toMatchObject({
        http: 503,
        status: "not_ready",
        ready: false,
        checks: { database: { ok: true }, outbox: { ok: false, pending: expect.any(Number) } },
      });
      expect(body.checks.outbox.lag_seconds).toBeGreaterThanOrEqual(2);
    });

    it.skipIf(!outside)(
      "readyz and metrics are 404 from elsewhere without OPS_TOKEN; healthz is not",
      async () => {
        const base = `http://${outside}:${new URL(server.base).port}`;
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
        for (const p of ["/readyz", "/metrics"]) {
          const refused = await fetch(`${base}${p}`);
          expect(refused.status).toBe(404);
          expect(await refused.json()).toEqual({
            error: { code: "not_found", message: "Not found" },
          });
          expect(
            (await fetch(`${base}${p}`, { headers: { authorization: "Bearer wrong" } })).status,
          ).toBe(404);
          const allowed = await fetch(`${base}${p}`, {
            headers: { authorization: `Bearer ${OPS_TOKEN}` },
          });
          expect([200, 503]).toContain(allowed.status);
        }
      },
    );
  },
);
