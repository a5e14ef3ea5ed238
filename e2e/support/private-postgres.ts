import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./server-process";

/**
 * A PostgreSQL server of the test's own (initdb in a temporary folder, on a free loopback port),
 * for tests that stop and restart the server: restarting the machine's shared server would break
 * every other test file running beside. Runs as the `postgres` user when the tests run as root
 * (PostgreSQL refuses root). Null when this machine has no PostgreSQL binaries.
 */
export type PrivatePostgres = {
  /** postgres://…/postgres on the private server. */
  url: string;
  /** Stops the server (fast: sessions are ended, as in a restart), leaving its data. */
  stop(): void;
  start(): void;
  /** Stops it for good and removes its folder. */
  destroy(): void;
};

function binDir(): string | null {
  const base = "/usr/lib/postgresql";
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(base, versions[0], "bin") : null;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres | null> {
  const bin = binDir();
  if (!bin) return null;
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-private-pg-"));
  const data = path.join(dir, "data");
  if (root) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    fs.chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const cmd = root ? "runuser" : path.join(bin, tool);
    const argv = root ? ["-u", "postgres", "--", path.join(bin, tool), ...args] : args;
    const r = spawnSync(cmd, argv, { encoding: "utf8", cwd: dir });
    if (r.status !== 0)
      throw new Error(`${tool} ${args.join(" ")} failed: ${r.stderr || r.stdout}`);
  };
  const port = await freePort();
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c synchronous_commit=on",
    "-c max_connections=100",
  ].join(" ");
  const start = () =>
    run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", options, "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
