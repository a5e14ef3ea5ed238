/**
 * `npm run bench`: the benchmark suite (not part of `npm test`; a smoke run of it is).
 *
 * For each engine (embedded PGlite always; PostgreSQL when DATABASE_URL or TEST_DATABASE_URL is
 * set): a throwaway database seeded with N realistic workers and 50 badges, then, against the
 * production build started as a real process:
 *   1. list     GET /api_v2/users?per=50&page=N, random full pages, 32 connections, beside a
 *               bare node:http baseline running the best statements we can write by hand
 *               (baseline-server.ts) through the same driver
 *   2. search   GET /api_v2/users?q=<prefix of a name, e-mail or phone>, 1 and 8 connections, and the
 *               EXPLAIN ANALYZE of its statements
 *   3. write    POST /users/invite and PATCH /users/:id (a field + the badge set), 16 connections
 *   4. proxy    the list through the portal's proxy with a real sealed session cookie vs
 *               straight to /api_v2, at 1 and at 32 connections
 *   5. pages    first-load JS (gzip) per route vs a bare Next page built in the same run, and
 *               Lighthouse (desktop) on sign-in, the worker list, a worker's page, the jobs
 *               list, the post-a-job form and the demo's showcase job request (posted first)
 *   6. footprint cold start to the first /api_v2/info, resident memory 3 s after start, idle
 *               (15 s after start, settled) and after (1)
 * The load generator is autocannon in a process of its own (load.mjs). Results go to
 * <out>/results.json and a table to <out>/BENCHMARKS.md (default: bench/ and ./BENCHMARKS.md).
 *
 *   npm run bench                         # 100,000 workers, 10 s per load
 *   npm run bench -- --smoke --out DIR    # 300 workers, 1 s per load (what npm test runs)
 *   npm run bench -- --workers 20000 --duration 5 --engines postgresql
 *   npm run bench -- --engines postgresql --database scale_100k --only search --out bench/tmp/s
 *       # a kept database (seeded once, reused by later runs: ./bench-database.ts) and only the
 *       # named sections (list, search, write, proxy, pages); a partial run writes its
 *       # results.json to --out (default bench/tmp/only) and leaves BENCHMARKS.md alone
 *   BENCH_CPU_PROF=1 npm run bench -- …   # our server runs with --cpu-prof: a .cpuprofile per
 *       # engine in <out>/profiles when it stops (open it in Chrome's DevTools, Performance)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { rssOf } from "@/e2e/support/rss";
import {
  buildOnce,
  freePort,
  root,
  type ServerProcess,
  spawnServer,
  tempDataDir,
} from "@/e2e/support/server-process";
import { type OpenOptions, openDatabase } from "@/lib/db/client";
import { argv, defaultEnv, env, inheritedEnv } from "@/lib/env";
import { localSecret } from "@/lib/local-secret";
import type { BaselineConfig } from "./baseline-server";
import { type Engine, keptDatabase, throwaway } from "./bench-database";
import { openSession, type Statement } from "./capture-sql";
import { runLoad } from "./load-process";
import { benchPages, firstLoadJs, frameworkFloor, lighthouse } from "./pages";
import {
  type BenchResults,
  type EngineResults,
  type LoadResult,
  renderMarkdown,
  WEIGHED_ONLY,
} from "./report";
import { type BenchSeed, seedBench } from "./seed";
import { showcaseJobRequest } from "./showcase-job";

// The requests this process answers itself (recording the SQL) need no log lines.
defaultEnv("LOG_LEVEL", "warn");

const { values: opts } = parseArgs({
  args: argv(),
  options: {
    smoke: { type: "boolean", default: false },
    workers: { type: "string" },
    duration: { type: "string" },
    engines: { type: "string" },
    out: { type: "string" },
    markdown: { type: "string" },
    only: { type: "string" },
    database: { type: "string" },
  },
});

const smoke = opts.smoke ?? false;
const workers = Number(opts.workers ?? (smoke ? 300 : 100_000));
const durationS = Number(opts.duration ?? (smoke ? 1 : 10));
const SECTIONS = ["list", "search", "write", "proxy", "pages"] as const;
const only = opts.only?.split(",") as (typeof SECTIONS)[number][] | undefined;
for (const s of only ?? []) if (!SECTIONS.includes(s)) throw new Error(`--only: unknown ${s}`);
const want = (section: (typeof SECTIONS)[number]) => !only || only.includes(section);
const outDir = path.resolve(
  opts.out ?? (smoke ? "bench/tmp/smoke" : only ? "bench/tmp/only" : "bench"),
);
const markdownFile = path.resolve(
  opts.markdown ?? (opts.out || smoke ? path.join(outDir, "BENCHMARKS.md") : "BENCHMARKS.md"),
);
const pgUrl = env().DATABASE_URL ?? env().TEST_DATABASE_URL;
const engines: Engine[] = (opts.engines?.split(",") as Engine[] | undefined) ?? [
  "embedded",
  ...(pgUrl ? (["postgresql"] as const) : []),
];
if (engines.includes("postgresql") && !pgUrl)
  throw new Error(
    "--engines postgresql needs a server: set DATABASE_URL or TEST_DATABASE_URL " +
      "(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)",
  );
const POOL_SIZE = env().DATABASE_POOL_SIZE;
const logDir = path.join(outDir, "logs");

const say = (line: string) => process.stdout.write(`[bench] ${line}\n`);
const ms = (t0: number) => Math.round(performance.now() - t0);
const mb = (bytes: number | null) => (bytes === null ? null : Math.round(bytes / 1e5) / 10);

const load = runLoad;

/**
 * A scenario after a warm-up of its own (2 s, or the whole duration when shorter; not
 * counted): the first requests to a fresh server pay for loading and JIT-compiling its code,
 * which is a start-up cost (measured as such below), not the steady speed.
 */
async function warmLoad(scenario: Record<string, unknown>): Promise<LoadResult> {
  // Its own invitees (another run id), so the measured run's e-mails and phones are still new.
  const runId = typeof scenario.runId === "number" ? (scenario.runId + 500) % 1000 : undefined;
  await load({ ...scenario, durationS: Math.min(2, durationS), runId });
  return load(scenario);
}

async function startOurServer(engine: Engine, open: OpenOptions, dataDir: string) {
  const t0 = performance.now();
  const server = await spawnServer({
    dataDir,
    nodeArgs:
      process.env.BENCH_CPU_PROF === "1"
        ? ["--cpu-prof", `--cpu-prof-dir=${path.join(outDir, "profiles")}`]
        : [],
    databaseUrl: open.kind === "postgresql" ? open.url : undefined,
    // As in production: every request logged at info to standard output (here a file).
    stdoutFile: path.join(logDir, `server-${engine}.log`),
    env: {
      LOG_LEVEL: "info",
      SEED_DEMO: "false",
      // The key this process sealed the seeded workers' personal data with: without it every
      // date of birth on a page fails to open (a failed unseal throws, and that was measured).
      DATA_ENCRYPTION_KEY: dataKey(),
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      // Map tiles from a closed loopback port: the bench never leaves the machine (the map
      // draws its grid and says the tiles are unavailable).
      MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png",
      // The portal's sign-in limit would refuse the repeated sign-ins of a long run.
      PORTAL_SIGNIN_LIMIT_PER_ADDRESS: "1000",
    },
  });
  // Cold start: from spawning the process to the first successful /api_v2/info.
  for (;;) {
    const ok = await fetch(`${server.base}/api_v2/info`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (server.proc.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { server, coldStartMs: ms(t0) };
}

async function stop(server: ServerProcess) {
  const exit = await server.kill("SIGTERM");
  if (exit.code !== 0)
    throw new Error(`server exit ${exit.code ?? exit.signal}:\n${server.output()}`);
}

/** The key this process seals the seeded workers' personal data with. */
const dataKey = () => localSecret("data-encryption-key", env().DATA_ENCRYPTION_KEY);

async function startBaseline(config: Omit<BaselineConfig, "port">) {
  const port = await freePort();
  const file = path.join(outDir, "tmp-baseline.json");
  fs.writeFileSync(file, JSON.stringify({ ...config, port }));
  const proc = spawn(process.execPath, ["--import", "tsx", "e2e/bench/baseline-server.ts", file], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    // The key the seeded workers' SSNs and dates of birth were sealed with (as for our server).
    env: { ...inheritedEnv(), DATA_ENCRYPTION_KEY: dataKey() },
  });
  await new Promise<void>((resolve, reject) => {
    proc.stdout.on("data", (c: Buffer) => {
      if (c.toString().includes("listening")) resolve();
    });
    proc.once("exit", (code) => reject(new Error(`baseline exited ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: proc.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        proc.once("exit", () => resolve());
        proc.kill("SIGTERM");
      }),
  };
}

async function signIn(base: string, keys: { api_key: string; secret_key: string }) {
  const res = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(keys),
  });
  if (!res.ok) throw new Error(`portal sign-in: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("portal sign-in set no cookie");
  return cookie;
}

const usesTrigram = (plan: string) => /users_search_trgm_idx/.test(plan);
const seqScansUsers = (plan: string) => /Seq Scan on users\b/.test(plan);

async function benchEngine(engine: Engine, measurePages: boolean): Promise<EngineResults> {
  say(`${engine}: seeding ${workers.toLocaleString("en-US")} workers and 50 badges`);
  if (opts.database && engine !== "postgresql") throw new Error("--database: PostgreSQL only");
  const kept = opts.database
    ? await keptDatabase(opts.database, pgUrl!, POOL_SIZE, workers)
    : undefined;
  const { open, drop } = kept
    ? { open: kept.open, drop: async () => {} }
    : await throwaway(engine, pgUrl, POOL_SIZE);
  const dataDir = open.kind === "embedded" ? open.dataDir! : tempDataDir("bench-pg");
  try {
    let seed: BenchSeed;
    let migrateMs = 0;
    if (kept) {
      ({ seed, migrateMs } = kept);
      say(`${engine}: ${kept.reused ? "reusing" : "seeded"} the kept database ${opts.database}`);
    } else {
      const t0 = performance.now();
      const database = await openDatabase(open);
      migrateMs = ms(t0);
      seed = await seedBench(database.db, { workers, badges: 50, now: new Date() });
      await database.close();
    }
    say(`${engine}: seeded in ${seed.ms.insert} ms (+ ${seed.ms.vacuumAnalyze} ms vacuum analyze)`);

    // In this process, with a recorder on the driver: a token, the list's statements, and the
    // search statements' plans.
    const keys = { api_key: seed.apiKey, secret_key: seed.secretKey };
    const session = await openSession(open);
    let token: string;
    let listStatements: Statement[];
    let listIds: number[];
    const explains: EngineResults["search"]["explain"] = [];
    const per = 50;
    const pages = Math.max(1, Math.floor(workers / per));
    const probePage = Math.min(3, pages);
    try {
      const auth = await session.request("POST", "/api_v2/authenticate", {
        headers: { "content-type": "application/json" },
        body: JSON.stringify(keys),
      });
      token = (auth.body as { token: string }).token;
      const bearer = { headers: { authorization: `Bearer ${token}` } };
      const listed = await session.request(
        "GET",
        `/api_v2/users?per=${per}&page=${probePage}`,
        bearer,
      );
      if (listed.status !== 200) throw new Error(`list: ${listed.status}`);
      listStatements = listed.statements;
      listIds = (listed.body as { users: { id: string | number }[] }).users.map((u) =>
        Number(u.id),
      );
      for (const kind of ["name", "email", "phone"] as const) {
        const term = seed.searchTerms.find((t) => t.kind === kind)!;
        const found = await session.request(
          "GET",
          `/api_v2/users?q=${encodeURIComponent(term.q)}`,
          bearer,
        );
        const main = found.statements.find(
          (s) => /\blike\b/i.test(s.sql) && /\blimit\b/i.test(s.sql),
        );
        const count = found.statements.find(
          (s) => /\blike\b/i.test(s.sql) && /count\(/i.test(s.sql),
        );
        const plan = await session.explain(main!);
        const countPlan = await session.explain(count!);
        explains.push({
          kind,
          q: term.q,
          total: (found.body as { total: number }).total,
          usesTrigramIndex: usesTrigram(plan) && usesTrigram(countPlan),
          seqScanOnUsers: seqScansUsers(plan) || seqScansUsers(countPlan),
          plan,
          countPlan,
        });
      }
    } finally {
      await session.close();
    }
    if (listIds.length !== per) throw new Error(`the probe page holds ${listIds.length} workers`);
    say(`${engine}: our list page runs ${listStatements.length} statements; the baseline's, 2`);

    // 1b. The baseline, on its own (for the embedded engine it must hold the folder alone).
    const baselineList = await section("list", async () => {
      say(`${engine}: baseline list`);
      const baseline = await startBaseline({
        database:
          open.kind === "postgresql"
            ? { kind: "postgresql", url: open.url, poolSize: POOL_SIZE }
            : { kind: "embedded", dataDir: open.dataDir! },
      });
      try {
        return await warmLoad({
          base: baseline.base,
          kind: "list",
          connections: 32,
          durationS,
          pages,
          token,
        });
      } finally {
        await baseline.stop();
      }
    });

    // 6. Cold starts: three, the median counts (the first also checks the build is current).
    const coldStartMs: number[] = [];
    for (let i = 0; i < (only ? 0 : 2); i++) {
      const { server, coldStartMs: c } = await startOurServer(engine, open, dataDir);
      coldStartMs.push(c);
      await stop(server);
    }
    const { server, coldStartMs: last } = await startOurServer(engine, open, dataDir);
    coldStartMs.push(last);
    try {
      // Memory 3 s after start, then settled: V8's memory reducer shrinks the young generation
      // that loading grew about 10 s after allocation stops (PostgreSQL: 120 -> 97 MB).
      await new Promise((r) => setTimeout(r, 3000));
      const rssStart = rssOf(server.pid);
      await new Promise((r) => setTimeout(r, 12_000));
      const rssIdle = rssOf(server.pid);
      const common = { base: server.base, durationS, pages, token };

      const list = await section("list", () => {
        say(`${engine}: list`);
        return warmLoad({ ...common, kind: "list", connections: 32 });
      });
      const rssAfterList = rssOf(server.pid);

      // One person searching (the latency a search has), then eight at once (under load).
      const terms = seed.searchTerms.map((t) => t.q);
      const searchOne = await section("search", () => {
        say(`${engine}: search`);
        return warmLoad({ ...common, kind: "search", connections: 1, terms });
      });
      const search = await section("search", () =>
        warmLoad({ ...common, kind: "search", connections: 8, terms }),
      );

      const runId = Date.now() % 1000;
      const invite = await section("write", () => {
        say(`${engine}: write`);
        return warmLoad({ ...common, kind: "invite", connections: 16, runId });
      });
      const patch = await section("write", () =>
        warmLoad({
          ...common,
          kind: "patch",
          connections: 16,
          userIds: seed.userIds,
          badgeIds: seed.badgeIds,
        }),
      );

      const cookie = await signIn(server.base, keys);
      const proxy: EngineResults["proxy"] = [];
      if (want("proxy")) say(`${engine}: proxy`);
      for (const connections of want("proxy") ? [1, 32] : []) {
        const direct = await warmLoad({ ...common, kind: "list", connections });
        const viaProxy = await warmLoad({ ...common, kind: "proxy-list", connections, cookie });
        proxy.push({
          connections,
          direct,
          proxy: viaProxy,
          ratioP50: ratio(viaProxy.latencyMs.p50, direct.latencyMs.p50),
          ratioP99: ratio(viaProxy.latencyMs.p99, direct.latencyMs.p99),
        });
      }

      if (want("pages")) say(`${engine}: pages`);
      const pageList = want("pages")
        ? benchPages(cookie, {
            worker: seed.userIds.min + Math.floor((seed.userIds.max - seed.userIds.min) / 2),
            // Posted now (the company has no postings): the ranking runs over every worker.
            jobRequest: await showcaseJobRequest(server.base, token),
          })
        : [];
      const firstLoad =
        measurePages && want("pages")
          ? await Promise.all(
              pageList.map(async (p) => ({
                name: p.name,
                path: p.path,
                ...(await firstLoadJs({
                  base: server.base,
                  path: p.path,
                  cookie: p.cookie,
                  projectDir: root,
                })),
              })),
            )
          : undefined;
      const lighthouseRuns: EngineResults["lighthouse"] = [];
      for (const p of pageList.filter((x) => !WEIGHED_ONLY.has(x.name))) {
        lighthouseRuns.push({
          name: p.name,
          path: p.path,
          ...(await lighthouse(`${server.base}${p.path}`, { cookie: p.cookie })),
        });
      }

      return {
        engine,
        workers,
        seed: {
          ms: seed.ms.insert,
          vacuumAnalyzeMs: seed.ms.vacuumAnalyze,
          migrateMs,
          badges: seed.badgeIds.length,
        },
        list: {
          ours: list,
          baseline: baselineList,
          ratio: list && baselineList ? ratio(list.perSecond, baselineList.perSecond) : null,
        },
        search: { single: searchOne, load: search, explain: explains },
        write: { invite, patch },
        proxy,
        lighthouse: lighthouseRuns,
        firstLoad,
        footprint: {
          coldStartMs,
          coldStartMedianMs: [...coldStartMs].sort((a, b) => a - b)[coldStartMs.length >> 1]!,
          rssStartMB: mb(rssStart),
          rssIdleMB: mb(rssIdle),
          rssAfterListMB: mb(rssAfterList),
        },
      };
    } finally {
      await stop(server);
    }
  } finally {
    await drop();
    if (open.kind === "postgresql") fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One section's figures, or nothing when `--only` leaves it out (a partial run's results.json
 * then lacks them; it is never rendered into BENCHMARKS.md).
 */
function section<T>(name: (typeof SECTIONS)[number], run: () => Promise<T>): Promise<T> {
  return want(name) ? run() : Promise.resolve(undefined as T);
}

function ratio(a: number | null, b: number | null): number | null {
  if (a === null || b === null || b === 0) return null;
  return Math.round((a / b) * 100) / 100;
}

async function machine() {
  const cpus = os.cpus();
  let postgres: string | null = null;
  if (pgUrl) {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    postgres = (await c.query<{ v: string }>("select current_setting('server_version') as v"))
      .rows[0]!.v;
    await c.end();
  }
  const version = (p: string) =>
    (
      JSON.parse(fs.readFileSync(path.join(root, "node_modules", p, "package.json"), "utf8")) as {
        version: string;
      }
    ).version;
  return {
    cpu: cpus[0]?.model ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres,
    pglite: version("@electric-sql/pglite"),
    next: version("next"),
    react: version("react"),
    autocannon: version("autocannon"),
    lighthouse: version("lighthouse"),
  };
}

async function main() {
  fs.mkdirSync(logDir, { recursive: true });
  const t0 = performance.now();
  say(`build (production), ${engines.join(" + ")}, ${workers} workers, ${durationS} s per load`);
  buildOnce();
  const results: BenchResults = {
    date: new Date().toISOString(),
    smoke,
    config: { workers, badges: 50, durationS, poolSize: POOL_SIZE, engines, only },
    machine: await machine(),
    engines: {},
    floor: null,
    totalSeconds: 0,
  };
  for (const [i, engine] of engines.entries()) {
    results.engines[engine] = await benchEngine(engine, i === 0);
  }
  if (want("pages")) {
    say("framework floor: a bare Next page, built now");
    results.floor = await frameworkFloor(root);
  }
  results.totalSeconds = Math.round(ms(t0) / 1000);
  fs.writeFileSync(path.join(outDir, "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  if (only) {
    say(`done in ${results.totalSeconds} s (--only ${only.join(",")}): ${outDir}/results.json`);
    return;
  }
  // The sections other steps keep in this file survive the rewrite: the job half's figures
  // (written by jobs.ts, between its markers) and a hand-kept before/after section.
  const previous = fs.existsSync(markdownFile) ? fs.readFileSync(markdownFile, "utf8") : "";
  const kept = [
    /<!-- kept:start -->[\s\S]*?<!-- kept:end -->/.exec(previous)?.[0],
    /<!-- bench:jobs -->[\s\S]*?<!-- \/bench:jobs -->/.exec(previous)?.[0],
  ]
    .filter(Boolean)
    .join("\n\n");
  const rendered = renderMarkdown(results);
  fs.writeFileSync(markdownFile, kept ? `${rendered.trimEnd()}\n\n${kept}\n` : rendered);
  fs.rmSync(path.join(outDir, "tmp-baseline.json"), { force: true });
  say(
    `done in ${results.totalSeconds} s: ${path.relative(root, path.join(outDir, "results.json"))}, ${path.relative(root, markdownFile)}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench] failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
