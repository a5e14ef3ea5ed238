/**
 * The benchmark suite must not rot: `npm run bench -- --smoke` (300 workers, one second per
 * load, both engines when TEST_DATABASE_URL is set) runs as `npm run bench:smoke` (not in `npm
 * test`: it takes five minutes). Nothing here is
 * timed; it asserts only that every figure was produced and written.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { type BenchResults, missingFigures } from "./bench/report";
import { root } from "./support/server-process";

const out = fs.mkdtempSync(path.join(os.tmpdir(), "ep-bench-smoke-"));

/** A benchmark script run as `npm run bench` runs it: its exit code and everything it printed. */
function runBench(script: string, args: string[]): Promise<{ code: number | null; log: string }> {
  return new Promise((resolve) => {
    let log = "";
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout.on("data", (c: Buffer) => {
      log += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      log += c.toString();
    });
    child.once("exit", (code) => resolve({ code, log }));
  });
}

describe("npm run bench (smoke)", () => {
  let results: BenchResults;

  beforeAll(async () => {
    // Lighthouse drives the machine's Chromium, as the Playwright suite does.
    expect(spawnSync(process.execPath, ["e2e/ensure-chromium.mjs"], { cwd: root }).status).toBe(0);
    const { code, log } = await runBench("e2e/bench/run.ts", ["--smoke", "--out", out]);
    expect(code, log).toBe(0);
    results = JSON.parse(fs.readFileSync(path.join(out, "results.json"), "utf8")) as BenchResults;
  }, 600_000);

  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  it("runs on the embedded database, and on PostgreSQL when one is configured", () => {
    const expected = env().TEST_DATABASE_URL ? ["embedded", "postgresql"] : ["embedded"];
    expect(Object.keys(results.engines).sort()).toEqual(expected);
    expect(results.config.workers).toBe(300);
  });

  it("produces every figure", () => {
    expect(missingFigures(results)).toEqual([]);
  });

  it("finds the search's plans and sends every write without an error", () => {
    for (const e of Object.values(results.engines)) {
      expect(e.search.explain.map((x) => x.kind)).toEqual(["name", "email", "phone"]);
      expect(e.write.invite.errors, JSON.stringify(e.write.invite.statuses)).toBe(0);
      expect(e.write.patch.errors, JSON.stringify(e.write.patch.statuses)).toBe(0);
    }
  });

  it("writes the readable table", () => {
    const md = fs.readFileSync(path.join(out, "BENCHMARKS.md"), "utf8");
    for (const heading of [
      "## 1. List",
      "## 2. Search",
      "## 3. Write",
      "## 4. Proxy",
      "## 5. Pages",
      "## 6. Footprint",
    ]) {
      expect(md).toContain(heading);
    }
    expect(md).toContain("SMOKE RUN");
  });
});

describe("npm run bench:jobs (smoke)", () => {
  const jobsOut = fs.mkdtempSync(path.join(os.tmpdir(), "ep-bench-jobs-smoke-"));
  afterAll(() => fs.rmSync(jobsOut, { recursive: true, force: true }));

  it("ranks from the index on every engine, measures the scan beside it, and writes its table", async () => {
    const { code, log } = await runBench("e2e/bench/jobs.ts", ["--smoke", "--out", jobsOut]);
    expect(code, log).toBe(0);
    const r = JSON.parse(fs.readFileSync(path.join(jobsOut, "jobs-results.json"), "utf8")) as {
      candidates: {
        engine: string;
        posting: string;
        usesIndex: boolean;
        indexed: { c1: { n: number } };
        scan: { c1: { n: number } };
      }[];
      jobs: { engine: string; assign: { hires: number } }[];
    };
    const engines = env().TEST_DATABASE_URL ? ["embedded", "postgresql"] : ["embedded"];
    expect([...new Set(r.candidates.map((c) => c.engine))].sort()).toEqual(engines);
    for (const c of r.candidates) {
      expect(c.usesIndex, `${c.engine} ${c.posting}`).toBe(true);
      expect(c.indexed.c1.n).toBeGreaterThan(0);
      expect(c.scan.c1.n).toBeGreaterThan(0);
    }
    for (const j of r.jobs) expect(j.assign.hires).toBeGreaterThan(0);
    expect(fs.readFileSync(path.join(jobsOut, "BENCHMARKS.md"), "utf8")).toContain(
      "## Jobs: ranking candidates",
    );
  }, 300_000);
});

describe.skipIf(!env().TEST_DATABASE_URL)("npm run bench:home (smoke)", () => {
  const homeOut = fs.mkdtempSync(path.join(os.tmpdir(), "ep-bench-home-smoke-"));
  afterAll(() => fs.rmSync(homeOut, { recursive: true, force: true }));

  it("seeds the jobs over ten weeks, times GET /api_v2/home and /home (or says it is not built yet), and writes its table", async () => {
    const { code, log } = await runBench("e2e/bench/home.ts", ["--smoke", "--out", homeOut]);
    expect(code, log).toBe(0);
    const r = JSON.parse(fs.readFileSync(path.join(homeOut, "home-results.json"), "utf8")) as {
      jobs: number;
      seedMs: { jobs: number };
      figures: { name: string; latency: { n: number } | null; skipped: string | null }[];
    };
    expect(r.jobs).toBe(4000);
    expect(r.seedMs.jobs).toBeGreaterThan(0);
    expect(r.figures.map((f) => f.name)).toEqual(["GET /api_v2/home", "/home page"]);
    for (const f of r.figures) {
      if (f.latency) expect(f.latency.n).toBe(20);
      else expect(f.skipped).toMatch(/answers 404/);
    }
    expect(fs.readFileSync(path.join(homeOut, "BENCHMARKS.md"), "utf8")).toContain(
      "## The home page",
    );
  }, 300_000);
});
