/**
 * `npm run bench:home` (and a step of `npm run bench`): the home page's server time at scale
 * (issue 28), on PostgreSQL: 100,000 workers and 200,000 jobs (on 50,000 postings spread over the
 * past 8 weeks and the next 2, jobs-seed.ts `seedHomeJobs`) in one company, the production
 * server on loopback.
 *
 *   1. GET /api_v2/home            with the company's token, one request after another
 *   2. GET /home (the portal page) with a signed-in session cookie: the full HTML response
 *
 * p50/p95/p99 over N requests each (bounded by --requests), after a warm-up. A route that
 * answers 404 (not built yet on this branch) is skipped with a line that says so. Results go to
 * bench/home-results.json and BENCHMARKS.md's home section.
 *
 *   npm run bench:home                                # 100,000 workers, 200,000 jobs
 *   npm run bench:home -- --workers 10000 --jobs 20000 --requests 50
 *   npm run bench:home -- --smoke                     # 2,000 workers, 4,000 jobs, 20 requests
 *   npm run bench:home -- --api-path /api_v2/job_requests --page-path /jobs   # try the step
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase } from "@/lib/db/client";
import { argv, defaultEnv, env } from "@/lib/env";
import { startServer, tempDataDir } from "../support/server-process";
import { throwaway } from "./bench-database";
import { seedHomeJobs } from "./jobs-seed";
import { sessionCookie } from "./pages";
import { seedBench } from "./seed";

defaultEnv("LOG_LEVEL", "warn");

const { values: opts } = parseArgs({
  args: argv(),
  options: {
    smoke: { type: "boolean", default: false },
    workers: { type: "string" },
    jobs: { type: "string" },
    requests: { type: "string" },
    // Another route in their place (to try the step before the home page exists).
    "api-path": { type: "string", default: "/api_v2/home" },
    "page-path": { type: "string", default: "/home" },
    out: { type: "string" },
    markdown: { type: "string" },
  },
});
const smoke = opts.smoke ?? false;
const workers = Number(opts.workers ?? (smoke ? 2_000 : 100_000));
const jobCount = Number(opts.jobs ?? (smoke ? 4_000 : 200_000));
// Bounded: at most 2,000 requests per figure.
const requests = Math.min(2_000, Number(opts.requests ?? (smoke ? 20 : 300)));
const outDir = path.resolve(opts.out ?? (smoke ? "bench/tmp/smoke" : "bench"));
const markdownFile = path.resolve(
  opts.markdown ?? (opts.out || smoke ? path.join(outDir, "BENCHMARKS.md") : "BENCHMARKS.md"),
);
const pgUrl = env().DATABASE_URL ?? env().TEST_DATABASE_URL;
const say = (line: string) => process.stdout.write(`[bench:home] ${line}\n`);

type Latency = { p50: number; p95: number; p99: number; n: number };
type Figure = { name: string; path: string; latency: Latency | null; skipped: string | null };

function quantiles(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const q = (p: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! * 10) / 10;
  return { p50: q(0.5), p95: q(0.95), p99: q(0.99), n: sorted.length };
}

/** One request's time to the last byte, and its status. */
async function timed(url: string, headers: Record<string, string>) {
  const t0 = performance.now();
  const res = await fetch(url, {
    headers,
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - t0, status: res.status };
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string>,
): Promise<Figure> {
  const pathname = new URL(url).pathname;
  const first = await timed(url, headers);
  if (first.status === 404) {
    const skipped = `${pathname} answers 404 on this build: skipped (it runs once the home page is merged)`;
    say(`   ${name}: ${skipped}`);
    return { name, path: pathname, latency: null, skipped };
  }
  if (first.status !== 200) throw new Error(`${name}: ${pathname} answered ${first.status}`);
  for (let i = 0; i < 10; i++) await timed(url, headers); // warm-up
  const times: number[] = [];
  for (let i = 0; i < requests; i++) {
    const r = await timed(url, headers);
    if (r.status !== 200) throw new Error(`${name}: ${pathname} answered ${r.status}`);
    times.push(r.ms);
  }
  const latency = quantiles(times);
  say(`   ${name}: p50 ${latency.p50} ms, p95 ${latency.p95} ms, p99 ${latency.p99} ms`);
  return { name, path: pathname, latency, skipped: null };
}

async function main() {
  if (!pgUrl) {
    say("no DATABASE_URL or TEST_DATABASE_URL: the home step runs on PostgreSQL only, skipped");
    return;
  }
  fs.mkdirSync(path.join(outDir, "logs"), { recursive: true });
  const { open, drop } = await throwaway("postgresql", pgUrl, 10);
  const dataDir = tempDataDir("bench-home");
  try {
    say(`seeding ${workers.toLocaleString("en-US")} workers`);
    const database = await openDatabase(open);
    let seeded: { workersMs: number; jobsMs: number; postings: number };
    let keys: { api_key: string; secret_key: string };
    try {
      const seed = await seedBench(database.db, { workers, badges: 50, now: new Date() });
      say(`   ${seed.ms.insert} ms (+ ${seed.ms.vacuumAnalyze} ms vacuum analyze)`);
      say(`seeding ${jobCount.toLocaleString("en-US")} jobs over 8 weeks back and 2 ahead`);
      const jobs = await seedHomeJobs(database.db, seed.companyId, {
        workers,
        jobs: jobCount,
        now: new Date(),
      });
      say(
        `   ${jobs.jobs.toLocaleString("en-US")} jobs on ${jobs.postings.toLocaleString("en-US")} postings in ${jobs.ms} ms`,
      );
      seeded = {
        workersMs: seed.ms.insert + seed.ms.vacuumAnalyze,
        jobsMs: jobs.ms,
        postings: jobs.postings,
      };
      keys = { api_key: seed.apiKey, secret_key: seed.secretKey };
    } finally {
      await database.close();
    }

    if (open.kind !== "postgresql") throw new Error("unreachable");
    const server = await startServer({
      dataDir,
      databaseUrl: open.url,
      stdoutFile: path.join(outDir, "logs", "server-home.log"),
      env: { LOG_LEVEL: "warn", SEED_DEMO: "false" },
    });
    const figures: Figure[] = [];
    try {
      const auth = await fetch(`${server.base}/api_v2/authenticate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(keys),
      });
      if (!auth.ok) throw new Error(`authenticate: ${auth.status}`);
      const { token } = (await auth.json()) as { token: string };
      const cookie = await sessionCookie(server.base, keys);
      const apiPath = opts["api-path"];
      const pagePath = opts["page-path"];
      say(`1. GET ${apiPath}, ${requests} requests one after another`);
      figures.push(
        await measure(`GET ${apiPath}`, `${server.base}${apiPath}`, {
          authorization: `Bearer ${token}`,
        }),
      );
      say(`2. the ${pagePath} page (server-rendered HTML), ${requests} requests one after another`);
      figures.push(await measure(`${pagePath} page`, `${server.base}${pagePath}`, { cookie }));
    } finally {
      await server.kill("SIGTERM");
    }
    const results = {
      at: new Date().toISOString(),
      smoke,
      workers,
      jobs: jobCount,
      postings: seeded.postings,
      seedMs: { workers: seeded.workersMs, jobs: seeded.jobsMs },
      figures,
    };
    fs.writeFileSync(
      path.join(outDir, "home-results.json"),
      `${JSON.stringify(results, null, 2)}\n`,
    );
    writeMarkdown(results);
  } finally {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const START = "<!-- bench:home -->";
const END = "<!-- /bench:home -->";
const ms = (v: number) => v.toFixed(1);

function writeMarkdown(r: {
  at: string;
  smoke: boolean;
  workers: number;
  jobs: number;
  postings: number;
  seedMs: { workers: number; jobs: number };
  figures: Figure[];
}) {
  const block = [
    START,
    "## The home page (`npm run bench:home`)",
    "",
    `Run ${r.at.slice(0, 16).replace("T", " ")} UTC on this machine${r.smoke ? " (SMOKE RUN: too short to compare)" : ""}, PostgreSQL, the production build on loopback, one company with ${r.workers.toLocaleString("en-US")} workers and ${r.jobs.toLocaleString("en-US")} jobs on ${r.postings.toLocaleString("en-US")} postings (the past 8 weeks and the next 2; seeded in ${(r.seedMs.jobs / 1000).toFixed(1)} s, workers in ${(r.seedMs.workers / 1000).toFixed(1)} s). Requests one after another after a warm-up; budget p95 ≤ 50 ms.`,
    "",
    "| figure | p50 ms | p95 ms | p99 ms | n |",
    "|---|---:|---:|---:|---:|",
    ...r.figures.map((f) =>
      f.latency
        ? `| ${f.name} | ${ms(f.latency.p50)} | ${ms(f.latency.p95)} | ${ms(f.latency.p99)} | ${f.latency.n} |`
        : `| ${f.name} | – | – | – | ${f.skipped} |`,
    ),
    END,
  ].join("\n");
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
