/**
 * `npm run bench:footprint`: the two figures of issue 29 without the whole suite (run.ts's
 * sections 1 and 6, same load generator and baseline): resident memory of the production server
 * idle after start and after the list load, and the list at 32 connections beside the bare
 * baseline (throughput ratio, p99s).
 *
 *   npm run bench:footprint -- --workers 20000 --duration 5 [--engines embedded,postgresql]
 *     [--keep DIR]   seed the embedded database into DIR once and reuse it on later runs
 *     [--no-load]    idle memory only
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { mib, rssOf } from "@/e2e/support/rss";
import { buildOnce, freePort, root, spawnServer, tempDataDir } from "@/e2e/support/server-process";
import { type OpenOptions, openDatabase } from "@/lib/db/client";
import { argv, env, inheritedEnv } from "@/lib/env";
import { localSecret } from "@/lib/local-secret";
import { runLoad } from "./load-process";
import type { LoadResult } from "./report";
import { seedBench } from "./seed";

const { values: opts } = parseArgs({
  args: argv(),
  options: {
    workers: { type: "string", default: "20000" },
    duration: { type: "string", default: "5" },
    engines: { type: "string", default: "embedded" },
    keep: { type: "string" },
    "no-load": { type: "boolean", default: false },
  },
});
const workers = Number(opts.workers);
const durationS = Number(opts.duration);
const say = (line: string) => process.stdout.write(`[footprint] ${line}\n`);
const dataKey = () => localSecret("data-encryption-key", env().DATA_ENCRYPTION_KEY);
const pages = Math.max(1, Math.floor(workers / 50));

const load = runLoad;

/** The list at 32 connections after a 2 s warm-up of its own. */
async function list(base: string, token: string) {
  const scenario = { base, kind: "list", connections: 32, pages, token };
  await load({ ...scenario, durationS: Math.min(2, durationS) });
  return load({ ...scenario, durationS });
}

async function seeded(engine: string) {
  const keysFile = (dir: string) => path.join(dir, "bench-keys.json");
  if (engine === "embedded" && opts.keep && fs.existsSync(keysFile(opts.keep))) {
    const keys = JSON.parse(fs.readFileSync(keysFile(opts.keep), "utf8"));
    return { open: { kind: "embedded", dataDir: opts.keep } as OpenOptions, keys, drop: noop };
  }
  let open: OpenOptions;
  let drop: () => Promise<void>;
  if (engine === "embedded") {
    const dataDir = opts.keep ?? tempDataDir("footprint");
    open = { kind: "embedded", dataDir };
    drop = opts.keep ? noop : async () => fs.rmSync(dataDir, { recursive: true, force: true });
  } else {
    const name = `mem_footprint_${process.pid}`;
    const admin = new URL(env().TEST_DATABASE_URL!);
    const run = async (sql: string) => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(sql).finally(() => c.end());
    };
    await run(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    open = { kind: "postgresql", url: url.toString(), poolSize: env().DATABASE_POOL_SIZE };
    drop = () => run(`drop database if exists ${name} with (force)`);
  }
  say(`${engine}: seeding ${workers} workers`);
  const database = await openDatabase(open);
  const seed = await seedBench(database.db, { workers, badges: 50, now: new Date() });
  await database.close();
  const keys = { api_key: seed.apiKey, secret_key: seed.secretKey };
  if (opts.keep && engine === "embedded")
    fs.writeFileSync(keysFile(opts.keep), JSON.stringify(keys));
  return { open, keys, drop };
}
const noop = async () => undefined;

async function baselineList(open: OpenOptions, token: string) {
  const port = await freePort();
  const file = path.join(tempDataDir("footprint-baseline"), "config.json");
  const database =
    open.kind === "postgresql"
      ? { kind: "postgresql", url: open.url, poolSize: env().DATABASE_POOL_SIZE }
      : { kind: "embedded", dataDir: open.dataDir };
  fs.writeFileSync(file, JSON.stringify({ port, database }));
  const proc = spawn(process.execPath, ["--import", "tsx", "e2e/bench/baseline-server.ts", file], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...inheritedEnv(), DATA_ENCRYPTION_KEY: dataKey() },
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout.on("data", (c: Buffer) => c.toString().includes("listening") && resolve());
    proc.once("exit", (code) => reject(new Error(`baseline exited ${code}`)));
  });
  try {
    return await list(`http://127.0.0.1:${port}`, token);
  } finally {
    await new Promise((r) => {
      proc.once("exit", r);
      proc.kill("SIGTERM");
    });
  }
}

async function bench(engine: string) {
  const { open, keys, drop } = await seeded(engine);
  const dataDir = open.kind === "embedded" ? open.dataDir! : tempDataDir("footprint-pg");
  try {
    const server = await spawnServer({
      dataDir,
      databaseUrl: open.kind === "postgresql" ? open.url : undefined,
      stdoutFile: path.join(tempDataDir("footprint-log"), "server.log"),
      env: {
        LOG_LEVEL: "info",
        SEED_DEMO: "false",
        DATA_ENCRYPTION_KEY: dataKey(),
        MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
      },
    });
    let ours: LoadResult | null = null;
    let token = "";
    try {
      await server.ready;
      await new Promise((r) => setTimeout(r, 3000));
      const idle = rssOf(server.pid);
      say(`${engine}: RSS idle ${mib(idle ?? 0)} MiB`);
      if (!opts["no-load"]) {
        const auth = await fetch(`${server.base}/api_v2/authenticate`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(keys),
        });
        token = ((await auth.json()) as { token: string }).token;
        ours = await list(server.base, token);
        say(`${engine}: RSS after list ${mib(rssOf(server.pid) ?? 0)} MiB`);
      }
    } finally {
      await server.kill("SIGTERM");
    }
    if (!ours) return;
    const base = await baselineList(open, token);
    const fmt = (r: LoadResult) =>
      `${Math.round(r.perSecond ?? 0)}/s p50 ${r.latencyMs.p50} p99 ${r.latencyMs.p99} ms`;
    say(`${engine}: list ours ${fmt(ours)}; baseline ${fmt(base)}`);
    say(
      `${engine}: ratio ${((ours.perSecond ?? 0) / (base.perSecond ?? 1)).toFixed(2)}x, p99 ${((ours.latencyMs.p99 ?? 0) / (base.latencyMs.p99 ?? 1)).toFixed(2)}x the baseline's`,
    );
  } finally {
    await drop();
  }
}

async function main() {
  buildOnce();
  for (const engine of opts.engines!.split(",")) await bench(engine);
}
main().catch((err: unknown) => {
  process.stderr.write(`[footprint] failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
