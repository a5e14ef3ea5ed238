import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, spawnServer } from "./support/server-process";

/**
 * The production server as a newcomer starts it (`npm start` runs lib/server/main.ts, bundled into .build/server.cjs), on a
 * fresh embedded database, driven over real HTTP: the curl walk-through of docs/ (from
 * docs/api-walkthrough.md on) is executed as written, so the docs cannot drift from what the
 * server does.
 */

const root = process.cwd();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-e2e-"));
// 3300-3799 by process id, stepping over 3659: fetch refuses to call the ports its standard
// lists as unsafe ("bad port"), and 3659 is one of them (a CI run drew it).
const picked = 3300 + (process.pid % 500);
const port = picked === 3659 ? 3660 : picked;
const base = `http://127.0.0.1:${port}`;

/** The one starter (support/server-process.ts), on this file's data folder and port. */
const startServer = (extraEnv: Record<string, string> = {}): Promise<ServerProcess> =>
  spawnServer({
    dataDir,
    port: Number(extraEnv.PORT ?? port),
    env: { DEMO_WORKER_COUNT: "40", ...extraEnv },
  });

/**
 * The pages of the walk-through, in order: each continues the one before (the same shell
 * variables), from the curl walk-through through mail, webhooks and history to jobs.
 */
const WALK_THROUGH_PAGES = [
  "docs/api-walkthrough.md",
  "docs/webhooks-and-history.md",
  "docs/jobs.md",
];

/** Every bash block of those pages, pointed at this server and at a receiver of this test. */
function walkThroughScript(receiver: string): string {
  const blocksOf = (page: string) => {
    const text = fs.readFileSync(path.join(root, page), "utf8");
    const blocks = [...text.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]);
    if (blocks.length === 0) throw new Error(`${page} has no bash block to run`);
    return blocks;
  };
  return WALK_THROUGH_PAGES.flatMap(blocksOf)
    .join("\n")
    .replaceAll("http://127.0.0.1:3000", base)
    .replaceAll("http://127.0.0.1:4000/hooks", receiver)
    .replaceAll("./data/demo-keys.json", path.join(dataDir, "demo-keys.json"));
}

describe("production server", () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer();
    await server.ready;
  });

  afterAll(async () => {
    await server.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints the URL and the demo keys, but no secret key when its output is not a terminal", () => {
    expect(server.output()).toContain(`http://127.0.0.1:${port}`);
    expect(server.output()).toMatch(/private pool\s+api_key=pk_test_\w+/);
    expect(server.output()).toContain(`secret keys: in ${path.join(dataDir, "demo-keys.json")}`);
    expect(server.output()).not.toMatch(/sk_test_/);
    // The demo team's e-mails are named; their passwords stay in the file, like the secret keys.
    const saved = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-keys.json"), "utf8"));
    expect(saved.people).toHaveLength(4);
    for (const p of saved.people as { email: string; password: string }[]) {
      expect(server.output()).toContain(`email=${p.email}  (password in the same file)`);
      expect(server.output()).not.toContain(p.password);
    }
  });

  it("runs every curl of the docs' walk-through as written, and delivers its signed webhook", async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

    const script = walkThroughScript(hookUrl);
    expect(script).toContain("curl");
    // Asynchronous: the receiver runs in this process and must answer while the script runs.
    const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>(
      (resolve) => {
        const child = spawn("bash", ["-euo", "pipefail", "-c", script], { cwd: root });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (c) => {
          stdout += c;
        });
        child.stderr.on("data", (c) => {
          stderr += c;
        });
        const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
        child.on("exit", (status) => {
          clearTimeout(timer);
          resolve({ status, stdout, stderr });
        });
      },
    );
    receiver.close();
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines, r.stdout).toContain("2.0");
    expect(lines).toContain("+14155550142");
    expect(lines).toContain("37.7952");
    expect(lines).toContain("Forklift Certified");
    expect(lines).toContain("1");
    expect(lines).toContain("duplicate_badge");
    // The invitation e-mail, the history, and the delivery the walk-through asked for.
    expect(lines).toContain("Demo Staffing Co invited you to join their team");
    expect(lines).toContain("Night Shift Ready");
    expect(lines).toContain("delivered");
    // The jobs part: nearest first, the hire, the start, the request following, the refusal.
    const ranked = lines.filter((l) => /^\d\. .+ km \((current|home)\)$/.test(l));
    expect(ranked).toHaveLength(3);
    const km = ranked.map((l) => Number(l.match(/ ([\d.]+) km/)![1]));
    expect(km).toEqual([...km].sort((a, b) => a - b));
    expect(lines).toContain("filled > in_progress");
    expect(lines).toContain("in_progress");
    // Anchored on the refusal, so a block added below does not move what is checked here.
    const at = lines.indexOf("is already on this job request (in_progress)");
    expect(at, r.stdout).toBeGreaterThan(0);
    // The demo acts for the worker (test environment), and the requestor approves.
    expect(lines.slice(at + 1, at + 3)).toEqual(["completed", "approved"]);
    // Messages: to the hired worker (Jane), her reply to the requestor, one unread, cleared.
    const [to, repliedTo, unread, marked] = lines.slice(at + 3, at + 7);
    expect([to, unread, marked]).toEqual(["Jane", "1", "1"]);
    expect(repliedTo).toMatch(/^\d+$/);
    // A three-day series: one posting a day, each at 9:00 in Los Angeles (17:00 UTC).
    expect(lines.slice(at + 7, at + 10)).toEqual([
      expect.stringMatching(/^\d+ 2026-12-07T17:00:00/),
      expect.stringMatching(/^\d+ 2026-12-08T17:00:00/),
      expect.stringMatching(/^\d+ 2026-12-09T17:00:00/),
    ]);
    // The rest of the reference: notifications told again once, then refused for 10 minutes;
    // billing is the company's to change, the platform's terms are not.
    expect(lines).toContain("rate_limited");
    expect(lines).toContain("+14155550100");

    expect(received).toHaveLength(1);
    const [delivery] = received;
    const secret = JSON.parse(fs.readFileSync(path.join(dataDir, "demo-keys.json"), "utf8")).private
      .secret_key as string;
    expect(delivery!.headers["x-wonolo-webhook-token"]).toBe(
      createHash("sha256")
        .update(delivery!.body + secret)
        .digest("hex"),
    );
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: "user.updated",
      data: { changes: { city: { from: "San Francisco", to: "Oakland" } } },
    });
  });

  it("answers JSON errors with a request id over HTTP, and ignores a client's claim to be loopback", async () => {
    const res = await fetch(`${base}/api_v2/users`, {
      headers: { "x-ep-client-ip": "203.0.113.9", "x-ep-proto": "https" },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await res.json()).toEqual({
      error: {
        code: "missing_token",
        message: "A token is required: pass ?token=… or Authorization: Bearer …",
      },
    });
  });

  it("sends the build's scripts as compressed at build time: Brotli or gzip as asked, the file's own bytes, and Next's own coding to a client that takes neither", async () => {
    const html = await (await fetch(`${base}/sign-in`)).text();
    const script = html.match(/\/_next\/static\/chunks\/[\w.-]+\.js/)?.[0];
    expect(script, "the sign-in page loads a script chunk").toBeTruthy();
    const get = (headers: Record<string, string>, method = "GET") =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          // node:http, not fetch: fetch would undo the coding this test checks.
          const req = http.request(`${base}${script}`, { method, headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () =>
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks),
              }),
            );
          });
          req.on("error", reject);
          req.end();
        },
      );
    const plain = await get({ "accept-encoding": "identity" });
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBe(Number(plain.headers["content-length"]));

    // Chromium's header: every coding at q=1, and the server's preference (Brotli) decides.
    const br = await get({ "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": plain.headers["content-type"],
      "cache-control": "public, max-age=31536000, immutable",
      etag: plain.headers.etag,
      vary: "Accept-Encoding",
    });
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await get({ "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);

    // A coding the build has no copy in: Next's own, made as before.
    const deflate = await get({ "accept-encoding": "br;q=0, gzip;q=0, deflate" });
    expect(deflate.headers["content-encoding"]).toBe("deflate");
    expect(zlib.inflateSync(deflate.body).equals(plain.body)).toBe(true);

    const head = await get({ "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-length"]).toBe(String(br.body.length));
    expect(head.body.length).toBe(0);

    const unchanged = await get({
      "accept-encoding": "br",
      "if-none-match": String(plain.headers.etag),
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);

    // Only the build's files: nothing from the URL is joined to a path.
    for (const probe of [
      "/_next/static/chunks/../../server/app/page.js",
      "/_next/static/chunks/%2e%2e/%2e%2e/BUILD_ID",
      "/_next/static/chunks/not-a-chunk.js",
    ]) {
      const res = await fetch(`${base}${probe}`, { headers: { "accept-encoding": "br" } });
      expect(res.status, probe).toBe(404);
    }
  });

  it("tells a portal sign-in with live keys that this deployment is the test environment", async () => {
    const res = await fetch(`${base}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({
        api_key: "pk_live_0123456789abcdef",
        secret_key: "sk_live_0123456789abcdef",
      }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: unknown }).error).toEqual({
      code: "environment_mismatch",
      message: "This is the test environment: use pk_test_… and sk_test_… keys",
    });
  });

  it("refuses a second server on the same data folder, with a clear message", async () => {
    const second = await startServer({ PORT: String(port + 1) });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toMatch(/in use by another process \(pid \d+\)/);
  });

  it("drains on SIGTERM, exits 0 and releases the folder lock", async () => {
    expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(true);
    expect((await server.kill("SIGTERM")).code).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(false);
  });
});
