import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { env, inheritedEnv } from "@/lib/env";

/**
 * A PgBouncer of this test file's own in transaction mode, in front of the PostgreSQL server of
 * `serverUrl` (any database on it): a pool of 4 server connections per database, so one
 * client's statements really hop between server connections, as behind a production pooler.
 * Its configuration lives in a temporary folder; it logs to its stderr, kept for the error
 * message if it does not come up.
 */
export type PgBouncer = {
  /** `serverUrl` with PgBouncer's host and port instead (same user, database, options). */
  urlFor(serverUrl: string): string;
  stop(): Promise<void>;
};

export const POOLER_POOL_SIZE = 4;

const INSTALL_HINT =
  "PgBouncer is not installed: `apt-get install -y pgbouncer` (Debian/Ubuntu) or `brew install pgbouncer`; the api:pooler tests run the API suite through it";

/** The pgbouncer executable, or null. Debian installs it in /usr/sbin, often not on PATH. */
export function findPgBouncer(): string | null {
  const dirs = [
    ...(inheritedEnv().PATH ?? "").split(path.delimiter),
    "/usr/sbin",
    "/usr/local/sbin",
  ];
  for (const dir of dirs) {
    const file = path.join(dir, "pgbouncer");
    if (dir && fs.existsSync(file)) return file;
  }
  return null;
}

/** Why the pooler tests cannot run here, or null when they can. */
export function poolerUnavailable(): string | null {
  if (!env().TEST_DATABASE_URL) {
    return "TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test)";
  }
  return findPgBouncer() ? null : INSTALL_HINT;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPgBouncer(serverUrl: string): Promise<PgBouncer> {
  // The free port may be taken again before PgBouncer binds it: then it exits, and another try
  // takes another port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(serverUrl);
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}

async function startOnce(serverUrl: string): Promise<PgBouncer> {
  const bin = findPgBouncer();
  if (!bin) throw new Error(INSTALL_HINT);
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || "postgres");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pgbouncer-"));
  const users = path.join(dir, "users.txt");
  const ini = path.join(dir, "pgbouncer.ini");
  // The test server trusts local connections; PgBouncer passes the password on when one is set.
  const password = decodeURIComponent(server.password);
  fs.writeFileSync(users, `"${user}" "${password.replaceAll('"', '""')}"\n`, { mode: 0o644 });
  const port = await freePort();
  fs.writeFileSync(
    ini,
    [
      "[databases]",
      // Every database on the server, under its own name (each test file makes its own).
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      `auth_type = ${password ? "md5" : "trust"}`,
      `auth_file = ${users}`,
      "pool_mode = transaction",
      `default_pool_size = ${POOLER_POOL_SIZE}`,
      "max_client_conn = 500",
      "logfile =",
      "pidfile =",
      "",
    ].join("\n"),
    { mode: 0o644 },
  );
  fs.chmodSync(dir, 0o755);
  // PgBouncer refuses to run as root: as root (CI), it drops to the postgres user.
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(bin, [...(asRoot ? ["-u", "postgres"] : []), ini], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let output = "";
  child.stderr?.on("data", (d: Buffer) => {
    output = (output + d.toString()).slice(-4_000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  // A test worker that ends without its afterAll must not leave PgBouncer behind.
  const orphaned = () => child.kill("SIGTERM");
  process.once("exit", orphaned);

  const stop = async () => {
    process.off("exit", orphaned);
    if (running()) child.kill("SIGTERM");
    await exited;
    fs.rmSync(dir, { recursive: true, force: true });
  };

  // Up when it accepts a connection on its port (it listens within milliseconds).
  for (let attempt = 0; ; attempt++) {
    if (!running()) {
      await stop();
      throw new Error(`pgbouncer exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, "127.0.0.1");
      s.once("connect", () => {
        s.end();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    });
    if (ok) break;
    if (attempt > 100) {
      await stop();
      throw new Error(`pgbouncer did not listen on ${port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    urlFor(url) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    stop,
  };
}
