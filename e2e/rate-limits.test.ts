import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "@/lib/api-v2/tests/harness";
import { inheritedEnv } from "@/lib/env";
import { buildOnce, type ServerProcess, startServer, tempDataDir } from "./support/server-process";

/**
 * Two instances of the production server behind one PostgreSQL database, as behind a load
 * balancer: the /authenticate and portal sign-in limits are counted in the database, so an
 * attacker who alternates between instances gets no more attempts than one who does not.
 */

const adminUrl = inheritedEnv().TEST_DATABASE_URL;

const LIMITS = {
  OUTBOX_DISPATCHER: "false",
  AUTH_RATE_LIMIT_PER_KEY: "6",
  AUTH_RATE_LIMIT_PER_ADDRESS: "1000",
  AUTH_RATE_LIMIT_WINDOW_SECONDS: "600",
  PORTAL_SIGNIN_LIMIT_PER_ADDRESS: "5",
  PORTAL_SIGNIN_LIMIT_PER_KEY: "1000",
  PORTAL_SIGNIN_WINDOW_SECONDS: "600",
  // Both instances must unseal each other's session cookies, as behind a load balancer.
  SESSION_SECRET: "rate-limit-test-session-secret-0123456789",
};

type Server = ServerProcess;

describe.skipIf(!adminUrl)("rate limits across instances on one PostgreSQL database", () => {
  let a: Server;
  let b: Server;
  let drop: () => Promise<void>;
  let demo: Record<"private" | "public", { api_key: string; secret_key: string }>;
  const dataDir = tempDataDir("ratelimit");

  beforeAll(async () => {
    buildOnce();
    const scratch = await createScratchDatabase(adminUrl!);
    drop = scratch.drop;
    const opts = { dataDir, databaseUrl: scratch.url, env: LIMITS };
    // The first instance seeds the demo; the second finds it there.
    a = await startServer(opts);
    b = await startServer(opts);
    demo = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-keys.json"), "utf8"));
  });

  afterAll(async () => {
    for (const s of [a, b]) await s?.kill("SIGTERM");
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("portal sign-in: 5 failed attempts per address across both instances, then 429; successes do not count", async () => {
    const signIn = (server: Server, body: unknown, form = false) =>
      fetch(`${server.base}/api/session`, {
        method: "POST",
        redirect: "manual",
        headers: {
          origin: server.base,
          "content-type": form ? "application/x-www-form-urlencoded" : "application/json",
        },
        body: form
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body),
      });
    // Successful sign-ins (the demo) give their slot back.
    for (let i = 0; i < 6; i++)
      expect((await signIn(i % 2 ? a : b, { demo: true })).status).toBe(200);

    const wrong = { api_key: "pk_test_nobody00000000000000", secret_key: "sk_test_wrong" };
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 7; i++) {
      last = await signIn(i % 2 ? a : b, wrong);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await last!.json()).error.code).toBe("rate_limited");
    // The plain-HTML form is sent back to the sign-in page, which says why.
    const form = await signIn(b, wrong, true);
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toMatch(/^\/sign-in\?error=rate_limited/);
    const page = await (await fetch(`${a.base}${form.headers.get("location")}`)).text();
    expect(page).toContain("Too many sign-in attempts");
  });

  it("/api_v2/authenticate: 6 attempts per key, whichever instance answers, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i < 8; i++) {
      const server = i % 2 === 0 ? a : b;
      last = await fetch(`${server.base}/api_v2/authenticate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: demo.public.api_key, secret_key: "sk_test_wrong" }),
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    const retryAfter = Number(last!.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const body = await last!.json();
    expect(body).toEqual({
      error: {
        code: "rate_limited",
        message: `Too many attempts; try again in ${retryAfter} seconds`,
      },
    });
    // (The portal test above signed in with the private key; this one uses the public key.)
    // Even the right secret is refused until the window ends: the limit is on attempts.
    const right = await fetch(`${a.base}/api_v2/authenticate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(demo.public),
    });
    expect(right.status).toBe(429);
  });
});
