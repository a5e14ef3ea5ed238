import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inheritedEnv } from "@/lib/env";
import { bundlePath, ensureBuild } from "@/lib/server/ensure-build.mjs";

/**
 * The production server as a real process: `node .build/server.cjs`, the bundle `npm start`
 * runs, in the process that holds the database (and its folder lock), so a SIGKILL hits it.
 */

export const root = process.cwd();

/** Builds the app once (the server would otherwise build on its first start). */
export function buildOnce(): void {
  ensureBuild(root);
}

export function tempDataDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `ep-${label}-`));
}

/** A port nobody listens on right now (the kernel's choice, released again at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type ServerOptions = {
  /** The data folder: the embedded database, demo keys and generated secrets live there. */
  dataDir: string;
  /** postgres://…: use this database instead of the embedded one in dataDir. */
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
  /** Extra node flags (e.g. --trace-gc to look into memory). */
  nodeArgs?: string[];
  /**
   * Send the server's standard output to this file instead of holding it in memory (a long
   * benchmark logs a line per request; production logs to stdout, so this is what it pays).
   */
  stdoutFile?: string;
};

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  proc: ChildProcess;
  pid: number;
  port: number;
  base: string;
  dataDir: string;
  /** performance.now() when the process was spawned. */
  startedAt: number;
  output: () => string;
  /** Resolves when the banner is printed; rejects when the process exits first. */
  ready: Promise<void>;
  /** Resolves once the process is gone and reaped (so its pid is free). */
  exited: Promise<Exit>;
  kill: (signal: NodeJS.Signals) => Promise<Exit>;
};

export async function spawnServer(opts: ServerOptions): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const stdoutFd = opts.stdoutFile ? fs.openSync(opts.stdoutFile, "w") : undefined;
  // What `npm start` runs: the bundle on plain node (built first when missing or stale).
  ensureBuild(root, "server");
  const startedAt = performance.now();
  const proc = spawn(process.execPath, [...(opts.nodeArgs ?? []), bundlePath(root, "server")], {
    cwd: root,
    env: {
      ...inheritedEnv(),
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? "",
      DEMO_WORKER_COUNT: "20",
      ...opts.env,
    },
    stdio: ["ignore", stdoutFd ?? "pipe", "pipe"],
  });
  if (stdoutFd !== undefined) fs.closeSync(stdoutFd);
  let out = "";
  const stdout = () => (opts.stdoutFile ? fs.readFileSync(opts.stdoutFile, "utf8") : out);
  proc.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  proc.stderr!.on("data", (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<Exit>((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (stdout().includes("are running at")) {
        proc.stdout?.off("data", onData);
        clearInterval(poll);
        resolve();
      }
    };
    proc.stdout?.on("data", onData);
    const poll = opts.stdoutFile ? setInterval(onData, 50) : undefined;
    void exited.then(() => clearInterval(poll));
    void exited.then((e) =>
      reject(
        new Error(
          `the server exited (${e.code ?? e.signal}) before it was ready:\n${stdout()}${out}`,
        ),
      ),
    );
  });
  // A rejection nobody awaits (a server started to be refused) must not fail the run.
  ready.catch(() => undefined);
  return {
    proc,
    pid: proc.pid!,
    port,
    base: `http://127.0.0.1:${port}`,
    dataDir: opts.dataDir,
    startedAt,
    output: () => (opts.stdoutFile ? stdout() + out : out),
    ready,
    exited,
    kill: (signal) => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      return exited;
    },
  };
}

/** Starts the server and waits for its banner. */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  const server = await spawnServer(opts);
  await server.ready;
  return server;
}

export type DemoKeys = {
  company_id: number;
  private: { api_key: string; secret_key: string };
  public: { api_key: string; secret_key: string };
};

/** The key pairs the demo seeding wrote into the data folder. */
export function demoKeys(dataDir: string): DemoKeys {
  return JSON.parse(fs.readFileSync(path.join(dataDir, "demo-keys.json"), "utf8")) as DemoKeys;
}

/** A token for the demo company's private pool. */
export async function authenticate(base: string, dataDir: string): Promise<string> {
  const keys = demoKeys(dataDir).private;
  const res = await fetch(`${base}/api_v2/authenticate`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(keys),
  });
  if (res.status !== 200) throw new Error(`authenticate: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
