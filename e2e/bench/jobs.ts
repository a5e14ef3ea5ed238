/**
 * `npm run bench:jobs` (and the last step of `npm run bench`): the job half's figures.
 *
 *   1. candidates  GET /job_requests/:id/candidates' service (rank + serialise one page of 50)
 *                  for a posting at a random site in one of eight cities, at 10k, 100k and 1M
 *                  workers on PostgreSQL and 100k on the embedded engine, at 1 and 8 concurrent
 *                  callers: p50/p95/p99, the rows the index scan visited (EXPLAIN ANALYZE), and
 *                  the same query with index scans turned off for the ratio. Two postings: no
 *                  badge required, and two required badges (held by ~12 % of workers).
 *   2. job requests  the list (GET /job_requests, 50 a page), and POST /jobs/assign throughput
 *                  (8 callers, one request per hire so slots never run out).
 *
 * In process, on the real engines, through the same service functions the route handlers call
 * (no HTTP: the workers list's figures in BENCHMARKS.md measure the HTTP layer). Each database
 * is a throwaway one. Results go to bench/jobs-results.json and BENCHMARKS.md's jobs section.
 *
 *   npm run bench:jobs                       # sizes 10k,100k,1M (PostgreSQL), 100k (embedded)
 *   npm run bench:jobs -- --smoke            # 2,000 workers, a few iterations (npm test)
 *   npm run bench:jobs -- --sizes 100000,1000000 --jobs size --embedded-sizes ""
 *       # with as many past jobs as workers (or --jobs N): approved, ten workers per past
 *       # posting, made in the database first; the list, the ranking and the hires at that size
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Caller } from "@/lib/api-v2/caller";
import { getHome } from "@/lib/api-v2/home/home";
import { assignJob } from "@/lib/api-v2/jobs/job-actions";
import { listJobRequests } from "@/lib/api-v2/jobs/job-requests";
import { listCandidates } from "@/lib/api-v2/jobs/list-candidates";
import { type Database, type Db, type DbOrTx, openDatabase } from "@/lib/db/client";
import { RANK_POINT } from "@/lib/db/schema";
import { argv, defaultEnv, env } from "@/lib/env";
import { listJobRequestsQuerySchema } from "@/lib/schemas/job";
import { analyzeChangedTables } from "@/lib/server/analyze-embedded";
import { root, tempDataDir } from "../support/server-process";
import { CITIES, newRequest, rowsOf, seed } from "./jobs-seed";

defaultEnv("LOG_LEVEL", "warn");

const { values: opts } = parseArgs({
  args: argv(),
  options: {
    smoke: { type: "boolean", default: false },
    sizes: { type: "string" },
    "embedded-sizes": { type: "string" },
    iterations: { type: "string" },
    jobs: { type: "string" },
    out: { type: "string" },
    markdown: { type: "string" },
  },
});
const smoke = opts.smoke ?? false;
const pgSizes = (opts.sizes ?? (smoke ? "2000" : "10000,100000,1000000")).split(",").map(Number);
const embeddedSizes = (opts["embedded-sizes"] ?? (smoke ? "2000" : "100000"))
  .split(",")
  .filter(Boolean)
  .map(Number);
const iterations = Number(opts.iterations ?? (smoke ? 20 : 300));
// `--jobs size`: as many past jobs as the run has workers; `--jobs N`: N at every size.
const jobsAt = (size: number) => (opts.jobs === "size" ? size : Number(opts.jobs ?? 0));
const outDir = path.resolve(opts.out ?? (smoke ? "bench/tmp/smoke" : "bench"));
const markdownFile = path.resolve(
  opts.markdown ?? (opts.out || smoke ? path.join(outDir, "BENCHMARKS.md") : "BENCHMARKS.md"),
);
const pgUrl = env().DATABASE_URL ?? env().TEST_DATABASE_URL;
const say = (line: string) => process.stdout.write(`[bench:jobs] ${line}\n`);

type Latency = { p50: number; p95: number; p99: number; mean: number; n: number };
type CandidateFigures = {
  engine: "embedded" | "postgresql";
  workers: number;
  posting: "no badge" | "two badges";
  indexed: { c1: Latency; c8: Latency };
  scan: { c1: Latency };
  rowsVisited: { indexed: number; scan: number };
  usesIndex: boolean;
};
type JobFigures = {
  engine: "embedded" | "postgresql";
  workers: number;
  list: Latency;
  /**
   * The same list with a filter the kept counts (migration 0018) do not answer, a window of
   * updates that holds every posting: its total is counted from the rows, as every list's was.
   */
  listCounted?: Latency;
  /** The hires with the kept counts' triggers off (absent in results from before them). */
  assignUncounted?: { perSecond: number; latency: Latency; hires: number };
  /** GET /home's service (every section, company view); absent in results from before it. */
  home?: Latency;
  assign: { perSecond: number; latency: Latency; hires: number };
};

function stats(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
  const r = (x: number) => Math.round(x * 100) / 100;
  return {
    p50: r(at(50)),
    p95: r(at(95)),
    p99: r(at(99)),
    mean: r(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)),
    n: s.length,
  };
}

/** `count` calls spread over `concurrency` loops; each call's time in ms. */
async function timed(count: number, concurrency: number, fn: (i: number) => Promise<unknown>) {
  const samples: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await fn(i);
        samples.push(performance.now() - t0);
      }
    }),
  );
  return samples;
}

/** The ranking as one sort over every qualified row: the comparison without the index. */
function sortedScan(
  db: DbOrTx,
  companyId: number,
  requestId: number,
  site: readonly [number, number],
  badges: number[],
) {
  const point = sql.raw(`ll_to_earth(${site[0]}::float8, ${site[1]}::float8)`);
  // The ranking's own point (the one its index holds), not a copy of it.
  const rp = RANK_POINT;
  const badgeRule = badges.length
    ? sql.raw(
        `and (select count(*) from user_badges ub where ub.user_id = u.id and ub.badge_id in (${badges.join(",")})) = ${badges.length}`,
      )
    : sql``;
  return db.execute(sql`select u.*, earth_distance(${rp}, ${point}) as distance_m from users u
    where u.company_id = ${companyId} and u.type = 'Worker' and not u.suspended ${badgeRule}
      and not exists (select 1 from jobs j where j.job_request_id = ${requestId} and j.user_id = u.id)
    order by ${rp} <-> ${point} nulls last, u.rating desc nulls last, u.id
    limit 51`);
}

/** Rows the plan's scan of users visited, from EXPLAIN ANALYZE of the ranking's first step. */
async function rowsVisited(
  db: Db,
  companyId: number,
  site: readonly [number, number],
  badges: number[],
  indexOff: boolean,
) {
  const point = sql.raw(`ll_to_earth(${site[0]}::float8, ${site[1]}::float8)`);
  // The ranking's own point (the one its index holds), not a copy of it.
  const rp = RANK_POINT;
  const badgeRule = badges.length
    ? sql.raw(
        `and (select count(*) from user_badges ub where ub.user_id = u.id and ub.badge_id in (${badges.join(",")})) = ${badges.length}`,
      )
    : sql``;
  const explain = async (tx: DbOrTx) => {
    const plan = rowsOf(
      await tx.execute(sql`explain (analyze, format json) select u.id from users u
        where u.company_id = ${companyId} and not u.suspended ${badgeRule} and ${rp} is not null
        order by ${rp} <-> ${point} limit 51`),
    );
    const json = Object.values(plan[0] ?? {})[0];
    const tree = (typeof json === "string" ? JSON.parse(json) : json) as { Plan: PlanNode }[];
    let visited = 0;
    let usesIndex = false;
    const walk = (n: PlanNode) => {
      if (n["Relation Name"] === "users") {
        // Per loop (a parallel scan reports each worker's average): times the loops.
        visited +=
          ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0)) * (n["Actual Loops"] ?? 1);
        if (n["Index Name"] === "users_company_rank_point_idx") usesIndex = true;
      }
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(tree[0]!.Plan);
    return { visited, usesIndex };
  };
  return indexOff ? withoutRankIndex(db, explain) : explain(db);
}

/** Runs `fn` in a transaction that drops the ranking index, then rolls back (DDL is transactional). */
async function withoutRankIndex<T>(db: Db, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  const undo = new Error("undo");
  let out: T | undefined;
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`drop index users_company_rank_point_idx`);
      out = await fn(tx);
      throw undo;
    })
    .catch((err: unknown) => {
      if (err !== undo) throw err;
    });
  return out as T;
}
type PlanNode = {
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Rows Removed by Filter"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
};

async function benchEngine(
  engine: "embedded" | "postgresql",
  size: number,
  open: () => Promise<{ database: Database; drop: () => Promise<void> }>,
) {
  const t0 = performance.now();
  const { database, drop } = await open();
  const db = database.db;
  try {
    const { companyId, badgeIds } = await seed(db, size, jobsAt(size));
    // Statistics as a running system has them: the embedded server analyzes what changed at
    // start and each minute (lib/server/analyze-embedded.ts), a server's autovacuum soon after.
    await analyzeChangedTables(db);
    say(
      `${engine} ${size.toLocaleString("en-US")} workers seeded in ${Math.round((performance.now() - t0) / 1000)} s`,
    );
    const caller: Caller = {
      apiKeyId: 0,
      companyId,
      companyName: "Bench Jobs Co",
      pool: "private",
      operator: true,
    };
    const candidates: CandidateFigures[] = [];
    for (const [posting, badges] of [
      ["no badge", []],
      ["two badges", badgeIds.slice(0, 2)],
    ] as const) {
      const sites = CITIES.map(
        (c, i) => [c[0] + ((i % 3) - 1) * 0.05, c[1] + ((i % 2) - 0.5) * 0.05] as const,
      );
      const ids: number[] = [];
      for (const s of sites) ids.push(await newRequest(db, companyId, s, [...badges]));
      const now = new Date();
      const call = (i: number) =>
        listCandidates(db, caller, ids[i % ids.length]!, { page: 1, per: 50 }, now);
      say(`${engine} ${size} ${posting}: warm-up`);
      await timed(Math.min(20, iterations), 1, call); // warm-up
      const c1 = stats(await timed(iterations, 1, call));
      say(`${engine} ${size} ${posting}: 8 callers`);
      const c8 = stats(await timed(iterations, 8, call));
      say(`${engine} ${size} ${posting}: without the index`);
      // Without the ranking index: the same qualified rows, every one measured and sorted (what
      // the query is without a nearest-first index), in a transaction that drops the index.
      const scanCalls = size >= 1_000_000 ? 2 : Math.max(3, Math.round(iterations / 20));
      const scanSamples = await timed(scanCalls, 1, (i) =>
        withoutRankIndex(db, (tx) =>
          sortedScan(tx, companyId, ids[i % ids.length]!, sites[i % sites.length]!, [...badges]),
        ),
      );
      const on = await rowsVisited(db, companyId, sites[0]!, [...badges], false);
      const off = await rowsVisited(db, companyId, sites[0]!, [...badges], true);
      const fig: CandidateFigures = {
        engine,
        workers: size,
        posting,
        indexed: { c1, c8 },
        scan: { c1: stats(scanSamples) },
        rowsVisited: { indexed: on.visited, scan: off.visited },
        usesIndex: on.usesIndex,
      };
      candidates.push(fig);
      say(
        `${engine} ${size} ${posting}: p50 ${c1.p50} ms, p95 ${c1.p95} ms (8: p95 ${c8.p95} ms); scan p50 ${fig.scan.c1.p50} ms; rows ${on.visited} vs ${off.visited}; index ${on.usesIndex}`,
      );
    }

    // The job request list and hires, beside the workers' figures.
    const site = CITIES[0]!;
    const requestIds: number[] = [];
    for (let i = 0; i < 200; i++) requestIds.push(await newRequest(db, companyId, site, []));
    const q = listJobRequestsQuerySchema.parse({ per: "50" });
    const list = stats(
      await timed(iterations, 1, (i) => listJobRequests(db, caller, { ...q, page: 1 + (i % 4) })),
    );
    const everything = { ...q, updated_before: new Date(Date.now() + 86_400_000) };
    const listCounted = stats(
      await timed(iterations, 1, (i) =>
        listJobRequests(db, caller, { ...everything, page: 1 + (i % 4) }),
      ),
    );
    // The home page's one call over the same company (issue 28): every section, in a US zone.
    const homeQuery = { view: "company" as const, time_zone: "America/Chicago" };
    await timed(Math.min(10, iterations), 1, () => getHome(db, caller, homeQuery, new Date()));
    const home = stats(
      await timed(iterations, 1, () => getHome(db, caller, homeQuery, new Date())),
    );
    const hires = Math.min(iterations, 200);
    const workerIds = rowsOf(
      await db.execute(
        sql`select id from users where company_id = ${companyId} and not suspended order by id limit ${2 * hires}`,
      ),
    ).map((r) => Number(r.id));
    // Each hire onto its own request: what is measured is the hire, not a queue on one lock.
    const hireRound = async (requests: number[], workers: number[]) => {
      const t = performance.now();
      const samples = await timed(hires, 8, (i) =>
        assignJob(
          db,
          companyId,
          {
            job_request_id: requests[i % requests.length]!,
            worker_id: workers[i]!,
            requestor_notes: null,
          },
          "requestor",
          new Date(),
        ),
      );
      return {
        perSecond: Math.round(hires / ((performance.now() - t) / 1000)),
        latency: stats(samples),
        hires,
      };
    };
    const assign = await hireRound(requestIds, workerIds.slice(0, hires));
    // The same hires with the kept counts' triggers (migration 0018) switched off, onto fresh
    // requests and other workers: what keeping the list's totals costs a write.
    const moreRequests: number[] = [];
    for (let i = 0; i < 200; i++) moreRequests.push(await newRequest(db, companyId, site, []));
    const countTriggers = (on: boolean) =>
      Promise.all(
        ["insert", "delete", "update"].map((op) =>
          db.execute(
            sql.raw(
              `alter table job_requests ${on ? "enable" : "disable"} trigger job_requests_counted_${op}`,
            ),
          ),
        ),
      );
    await countTriggers(false);
    let assignUncounted: JobFigures["assign"];
    try {
      assignUncounted = await hireRound(moreRequests, workerIds.slice(hires));
    } finally {
      await countTriggers(true);
    }
    const jobsFig: JobFigures = {
      engine,
      workers: size,
      list,
      listCounted,
      home,
      assign,
      assignUncounted,
    };
    say(
      `${engine} ${size}: job request list p50 ${list.p50} ms (counted from the rows: ${listCounted.p50} ms); home p50 ${home.p50} / p95 ${home.p95} ms; assign ${assign.perSecond}/s (without the count triggers: ${assignUncounted.perSecond}/s)`,
    );
    return { candidates, jobs: jobsFig };
  } finally {
    await database.close();
    await drop();
  }
}

async function scratchPg(url: string) {
  const name = `ep_bench_jobs_${process.pid}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgresql", url: u.toString(), poolSize: 10 });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function main() {
  const results: Results = {
    candidates: [],
    jobs: [],
    at: new Date().toISOString(),
    pastJobs: opts.jobs ?? "0",
  };
  const runs: ["embedded" | "postgresql", number][] = [
    ...embeddedSizes.map((n) => ["embedded", n] as ["embedded", number]),
    ...(pgUrl ? pgSizes.map((n) => ["postgresql", n] as ["postgresql", number]) : []),
  ];
  if (!pgUrl) say("PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL");
  for (const [engine, size] of runs) {
    const r = await benchEngine(engine, size, async () => {
      if (engine === "postgresql") return scratchPg(pgUrl!);
      const dir = tempDataDir("bench-jobs");
      const database = await openDatabase({ kind: "embedded", dataDir: dir });
      return { database, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    });
    results.candidates.push(...r.candidates);
    results.jobs.push(r.jobs);
  }
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "jobs-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  writeMarkdown(results);
  say(`results in ${path.relative(root, path.join(outDir, "jobs-results.json"))}`);
}

/** The issue's targets, read off the figures: ✅/❌ and the numbers behind each. */
function targets(c: CandidateFigures[]): string[] {
  const pg = (n: number) => c.filter((x) => x.engine === "postgresql" && x.workers === n);
  const at100k = pg(100_000);
  const at1m = pg(1_000_000);
  if (at100k.length === 0) return [];
  const mark = (ok: boolean) => (ok ? "✅" : "❌");
  const p95s = at100k.map((x) => x.indexed.c1.p95);
  const ratios = at100k.map((x) => Math.round((x.scan.c1.p50 / x.indexed.c1.p50) * 10) / 10);
  const lines = [
    `Targets at 100,000 workers on PostgreSQL, one caller: p95 ≤ 20 ms ${mark(p95s.every((p) => p <= 20))} (${p95s.join(" / ")} ms); ≥ 10× faster than the scan ${mark(ratios.every((x) => x >= 10))} (${ratios.join("× / ")}×).`,
  ];
  if (at1m.length > 0) {
    const growth = at1m.map(
      (x, i) => Math.round((x.indexed.c1.p50 / at100k[i]!.indexed.c1.p50) * 100) / 100,
    );
    lines.push(
      `From 100,000 to 1,000,000 workers, p50 grows ${growth.join("× / ")}× ${mark(growth.every((g) => g < 3))} (target: well under 10×).`,
    );
  }
  return lines;
}

const START = "<!-- bench:jobs -->";
const END = "<!-- /bench:jobs -->";

type Results = { candidates: CandidateFigures[]; jobs: JobFigures[]; at: string; pastJobs: string };

function writeMarkdown(r: Results) {
  const n = (x: number) => x.toLocaleString("en-US");
  const lines = [
    START,
    "## Jobs: ranking candidates, job requests, hires (`npm run bench:jobs`)",
    "",
    `Run ${r.at.slice(0, 16).replace("T", " ")} UTC on this machine (2 cores), in process through the service the route calls (rank + serialise one page of 50), ${iterations} calls per figure after a warm-up${r.pastJobs === "0" ? "" : `, with ${r.pastJobs === "size" ? "as many past jobs as workers" : `${n(Number(r.pastJobs))} past jobs`} seeded`}. "Scan" is the same ranking without the index: every qualified row measured and sorted, in a transaction that drops the ranking index. Rows visited: users rows the plan read for page 1 (EXPLAIN ANALYZE of the nearest-first step). With 8 callers the callers and the serialisation share this one Node process on 2 cores, so that column shows queueing more than the database.`,
    "",
    "| engine | workers | posting | p50 ms | p95 ms | p99 ms | 8 callers p95 ms | scan p50 ms | scan ÷ index | rows visited (index / scan) |",
    "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ...r.candidates.map(
      (c) =>
        `| ${c.engine} | ${n(c.workers)} | ${c.posting} | ${c.indexed.c1.p50} | ${c.indexed.c1.p95} | ${c.indexed.c1.p99} | ${c.indexed.c8.p95} | ${c.scan.c1.p50} | ${Math.round((c.scan.c1.p50 / Math.max(0.01, c.indexed.c1.p50)) * 10) / 10}× | ${n(c.rowsVisited.indexed)} / ${n(c.rowsVisited.scan)} |`,
    ),
    "",
    ...targets(r.candidates),
    "",
    "| engine | workers | job request list p50 / p95 ms | the same, total counted from the rows | home p50 / p95 ms | assign: hires/s (8 callers) | assign p50 / p95 ms | the same hires without the count triggers: hires/s, p50 / p95 ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    ...r.jobs.map(
      (j) =>
        `| ${j.engine} | ${n(j.workers)} | ${j.list.p50} / ${j.list.p95} | ${j.listCounted ? `${j.listCounted.p50} / ${j.listCounted.p95}` : "–"} | ${j.home ? `${j.home.p50} / ${j.home.p95}` : "–"} | ${j.assign.perSecond} | ${j.assign.latency.p50} / ${j.assign.latency.p95} | ${j.assignUncounted ? `${j.assignUncounted.perSecond}, ${j.assignUncounted.latency.p50} / ${j.assignUncounted.latency.p95}` : "–"} |`,
    ),
    END,
  ];
  const block = lines.join("\n");
  const current = fs.existsSync(markdownFile) ? fs.readFileSync(markdownFile, "utf8") : "";
  const next = current.includes(START)
    ? current.replace(new RegExp(`${START}[\\s\\S]*?${END}`), block)
    : `${current.trimEnd()}\n\n${block}\n`;
  fs.mkdirSync(path.dirname(markdownFile), { recursive: true });
  fs.writeFileSync(markdownFile, next);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
