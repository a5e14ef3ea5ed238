import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import RetriedTests from "./vitest-retried.mts";
import LongestFirst from "./vitest-sequencer.mts";

const root = path.resolve(import.meta.dirname, "..");
const apiTests = ["lib/api-v2/tests/**/*.test.ts"];
// The API suite's quick form behind PgBouncer in transaction mode (docs/pooler.md): workers,
// tokens, jobs and hiring, messages and their live stream; and the pooler's own tests.
const poolerTests = [
  "users",
  "auth",
  "person-tokens",
  "jobs",
  "messages",
  "messages-stream",
  "pooler",
].map((name) => `lib/api-v2/tests/${name}.test.ts`);

/** The test files under `dir` (relative to the root), read once to find the ones that mock. */
function testFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => /\.test\.tsx?$/.test(f) && !f.includes("node_modules"))
    .map((f) => path.join(dir, f));
}

/**
 * Files that replace a module of the app (`vi.mock`): each needs a module graph of its own, in
 * which the mock is in place before the app's code first imports the module. Found by reading
 * the files, so a new one is never forgotten.
 */
const replacesModules = ["lib", "components", "e2e/support"]
  .flatMap(testFiles)
  .filter((f) => fs.readFileSync(path.join(root, f), "utf8").includes("vi.mock("));

type Project = { name: string; include: string[]; [option: string]: unknown };

/**
 * A project whose files share one module graph per worker (`isolate: false`): the app's code is
 * imported, and PGlite's WebAssembly compiled, once per worker instead of once per file. Measured
 * on 2026-11-28: the three API projects 312 -> 195 CPU-seconds (164 -> 106 s), unit and
 * components 61 -> 23 (32 -> 13 s). Each file still opens a database of its own and restores
 * what it changes (resetEnv, spies); the API projects also pass with their files shuffled. The
 * project's files in `replacesModules` (`inFolder` says which are its) run beside it, isolated,
 * as `<name>:isolated`.
 */
function sharingModules(project: Project, inFolder: (file: string) => boolean) {
  const own = replacesModules.filter(inFolder);
  return [
    {
      extends: true as const,
      test: {
        ...project,
        exclude: [...((project.exclude as string[]) ?? []), ...own],
        isolate: false,
      },
    },
    ...(own.length > 0
      ? [
          {
            extends: true as const,
            test: { ...project, name: `${project.name}:isolated`, include: own },
          },
        ]
      : []),
  ];
}

const inApiFolder = (f: string) => f.startsWith("lib/api-v2/tests/");
const api = (name: string, db: string, include = apiTests, inFolder = inApiFolder) =>
  sharingModules({ name, include, env: { DB_UNDER_TEST: db } }, inFolder);

export default defineConfig({
  root,
  resolve: { alias: { "@": root, "server-only": path.join(root, "e2e/support/empty.ts") } },
  test: {
    // Every log line of the run, from the workers and every process they start, is kept in
    // test-results/logs and searched for secrets at the end (vitest.global-setup.ts).
    globalSetup: [path.join(root, ".config/vitest.global-setup.ts")],
    env: {
      NODE_ENV: "test",
      LOG_LEVEL: "debug",
      LOG_FILE: path.join(root, "test-results/logs/vitest.log"),
      DATA_ENCRYPTION_KEY: "vitest-data-encryption-key-0123456789abcdef",
    },
    // Vitest's default is one worker per core but one (2 cores: a single worker, every file in
    // turn). Most of the time here is spent waiting on servers these tests start, on
    // PostgreSQL and on timers, not on this process's CPU: three files at a time took the server
    // project from 9.4 min to 3.5 min on the 2-core CI machine, all passing.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    // The longest files first, whatever their project (.config/vitest-sequencer.mts).
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    // On CI a failed test runs once more, as Playwright's journeys do (retries: 1 on CI). CI runs
    // on whatever machine submitted it, and on a slow one (2026-11-29: vitest 9:58 where others
    // take 4:30) a single wait that ran long failed the whole submission. A test that fails twice
    // fails; one that passed only on its retry is named at the end of the run ("[retried]",
    // ./vitest-retried.mts: the default reporter ticks it like any other), to be fixed.
    retry: process.env.CI ? 1 : 0,
    reporters: ["default", new RetriedTests()],
    hookTimeout: 60_000,
    projects: [
      ...sharingModules(
        {
          name: "unit",
          include: ["lib/**/*.test.ts", "e2e/support/**/*.test.ts"],
          exclude: apiTests,
        },
        (f) => (f.startsWith("lib/") || f.startsWith("e2e/support/")) && !inApiFolder(f),
      ),
      // Components that hold logic, rendered in happy-dom with Testing Library (jsdom 27+ needs
      // Node 22); only the network is stubbed.
      ...sharingModules(
        {
          name: "components",
          include: ["components/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: [path.join(root, "e2e/support/components-setup.ts")],
        },
        (f) => f.startsWith("components/"),
      ),
      ...api("api:embedded", "embedded"),
      ...api("api:postgresql", "postgresql"),
      // The same files through a PgBouncer each starts (lib/api-v2/tests/pgbouncer.ts).
      ...api("api:pooler", "pooler", poolerTests, (f) => poolerTests.includes(f)),
      // The production server, started for real (it builds first when needed).
      {
        extends: true as const,
        test: {
          name: "server",
          include: ["e2e/**/*.test.ts"],
          // The benchmark's smoke run (five minutes of Lighthouse and load) belongs to
          // `npm run bench:smoke`, not to `npm test`.
          exclude: [
            "e2e/support/**",
            ...(process.env.BENCH_SMOKE === "1" ? [] : ["e2e/bench.test.ts"]),
          ],
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
