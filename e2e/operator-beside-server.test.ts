import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inheritedEnv } from "@/lib/env";
import { apiClient } from "./support/api-client";
import {
  authenticate,
  type ServerProcess,
  startServer,
  tempDataDir,
} from "./support/server-process";

/**
 * `npm run operator` beside `npm start` on the embedded database: PGlite belongs to the server,
 * so the operator's command runs in the server, over the Unix socket in the data folder.
 */

const root = process.cwd();
const dataDir = tempDataDir("operator-beside");
const socket = path.join(dataDir, "operator.sock");

type Run = { code: number | null; out: any; err: any };

/** The operator command as `npm run operator -- …` runs it (asynchronously: the server runs). */
function operator(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["lib/server/launch.mjs", "operator", ...args], {
      cwd: root,
      env: { ...inheritedEnv(), DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    child.once("exit", (code) => {
      const parse = (s: string) => (s.trim() ? JSON.parse(s) : null);
      resolve({ code, out: parse(stdout), err: parse(stderr) });
    });
  });
}

describe("the operator command beside a running embedded server", { timeout: 120_000 }, () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServer({ dataDir, env: { SEED_DEMO: "true" } });
  }, 300_000);
  afterAll(async () => {
    if (server.proc.exitCode === null) await server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is served by the server over a socket only its user can open", () => {
    const st = fs.statSync(socket);
    expect(st.isSocket()).toBe(true);
    expect(st.mode & 0o777).toBe(0o600);
  });

  it("lists companies and writes what the API then sees, while the server keeps serving", async () => {
    const listed = await operator("company", "list");
    expect(listed.code).toBe(0);
    expect(listed.out.companies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: "Demo Staffing Co",
          demo: true,
          workers: expect.any(Number),
        }),
      ]),
    );
    const demo = listed.out.companies.find((c: { demo: boolean }) => c.demo);
    // The count is the company's pool, as the API's list total says.
    const pool = await apiClient(server.base, await authenticate(server.base, dataDir))(
      "GET",
      "/users?per=1",
    );
    expect(demo.workers).toBe(pool.body.total);
    expect(demo.workers).toBeGreaterThan(1);

    const badge = await operator(
      "badge",
      "create",
      "--company",
      String(demo.company_id),
      "--name",
      "Made by the operator",
      "--description",
      "Created while the server ran",
    );
    expect(badge).toMatchObject({ code: 0, out: { badge_id: expect.any(Number) } });
    const api = apiClient(server.base, await authenticate(server.base, dataDir));
    const badges = await api("GET", "/badges?per=100");
    expect(badges.status).toBe(200);
    expect(JSON.stringify(badges.body)).toContain("Made by the operator");
  });

  it("keeps the operator's errors and exit codes, and refuses a second dispatcher", async () => {
    expect(await operator("keys", "create", "--company", "999", "--pool", "private")).toMatchObject(
      { code: 1, out: null, err: { error: { code: "not_found" } } },
    );
    expect(await operator("frobnicate")).toMatchObject({
      code: 2,
      err: { error: { code: "usage" } },
    });
    const dispatcher = await operator("outbox", "run");
    expect(dispatcher).toMatchObject({ code: 2, err: { error: { code: "usage" } } });
    expect(dispatcher.err.error.message).toContain("--once");
    expect(await operator("outbox", "run", "--once")).toMatchObject({ code: 0 });
  });

  it("after the server stops, the socket is gone and the operator opens the folder itself", async () => {
    expect(await server.kill("SIGTERM")).toEqual({ code: 0, signal: null });
    expect(fs.existsSync(socket)).toBe(false);
    const listed = await operator("company", "list");
    expect(listed.code).toBe(0);
    expect(listed.out.companies.length).toBeGreaterThan(0);
  });
});
