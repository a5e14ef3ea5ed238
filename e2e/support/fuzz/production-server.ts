import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inheritedEnv } from "@/lib/env";

/**
 * The production server as `npm start` runs it (lib/server/main.ts, which builds first when the
 * build is missing or stale), on a fresh embedded database in a temporary folder and its own
 * port, for tests that drive it over real HTTP.
 */
export type RunningServer = {
  base: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
};

/** A port nothing listens on right now (the OS picks it), so parallel runs do not collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startProductionServer(
  port: number,
  extraEnv: Record<string, string> = {},
  timeoutMs = 280_000,
): Promise<RunningServer> {
  const root = process.cwd();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-fuzz-"));
  const child = spawn(path.join(root, "node_modules/.bin/tsx"), ["lib/server/main.ts"], {
    cwd: root,
    env: {
      ...inheritedEnv(),
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      DEMO_WORKER_COUNT: "40",
      LOG_LEVEL: "error",
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
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const until = Date.now() + timeoutMs;
  while (!out.includes("are running at")) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    if (Date.now() > until) {
      child.kill("SIGKILL");
      throw new Error(`timed out waiting for the server to start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
