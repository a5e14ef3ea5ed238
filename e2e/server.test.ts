import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inheritedEnv } from "@/lib/env";

/**
 * The production server as a newcomer starts it (`npm start` runs lib/server/main.ts), on a
 * fresh embedded database, driven over real HTTP: the README's curl walk-through is executed
 * as written, so the README cannot drift from what the server does.
 */

const root = process.cwd();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-e2e-"));
const port = 3300 + (process.pid % 500);
const base = `http://127.0.0.1:${port}`;

function startServer(extraEnv: Record<string, string> = {}): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["lib/server/main.ts"], {
    cwd: root,
    env: {
      ...inheritedEnv(),
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO_WORKER_COUNT: "40",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(predicate: () => boolean, what: () => string, ms: number) {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The bash blocks of the README's walk-through section, pointed at this server. */
function walkThroughScript(): string {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const section = readme.split("## Walk-through with curl")[1]?.split(/\n## /)[0] ?? "";
  const blocks = [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]);
  return blocks
    .join("\n")
    .replaceAll("http://127.0.0.1:3000", base)
    .replaceAll("./data/demo-keys.json", path.join(dataDir, "demo-keys.json"));
}

describe("production server", () => {
  let server: ReturnType<typeof startServer>;

  beforeAll(async () => {
    server = startServer();
    await waitFor(
      () => {
        if (server.child.exitCode !== null)
          throw new Error(`the server exited:\n${server.output()}`);
        return server.output().includes("are running at");
      },
      () => `the server to start:\n${server.output()}`,
      280_000,
    );
  });

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints the URL and the demo keys", () => {
    expect(server.output()).toContain(`http://127.0.0.1:${port}`);
    expect(server.output()).toMatch(/private pool\s+api_key=pk_test_\w+\s+secret_key=sk_test_\w+/);
  });

  it("runs every curl of the README's walk-through as written", () => {
    const script = walkThroughScript();
    expect(script).toContain("curl");
    const r = spawnSync("bash", ["-euo", "pipefail", "-c", script], {
      encoding: "utf8",
      cwd: root,
      timeout: 60_000,
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines, r.stdout).toContain("2.0");
    expect(lines).toContain("+14155550142");
    expect(lines).toContain("37.7952");
    expect(lines).toContain("Forklift Certified");
    expect(lines).toContain("1");
    expect(lines.at(-1)).toBe("duplicate_badge");
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

  it("refuses a second server on the same data folder, with a clear message", async () => {
    const second = startServer({ PORT: String(port + 1) });
    const code = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toMatch(/in use by another process \(pid \d+\)/);
  });

  it("drains on SIGTERM, exits 0 and releases the folder lock", async () => {
    expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(true);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, "app.lock"))).toBe(false);
  });
});
