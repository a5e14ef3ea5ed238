import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirst from "./vitest-sequencer";

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
    // The longest files first, whatever their project (.config/vitest-sequencer.ts).
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "e2e/support/**/*.test.ts"],
          exclude: apiTests,
        },
      },
      // Components that hold logic, rendered in happy-dom with Testing Library (jsdom 27+ needs
      // Node 22); only the network is stubbed.
      {
        extends: true,
        test: {
          name: "components",
          include: ["components/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: [path.join(root, "e2e/support/components-setup.ts")],
        },
      },
      {
        extends: true,
        test: { name: "api:embedded", include: apiTests, env: { DB_UNDER_TEST: "embedded" } },
      },
      {
        extends: true,
        test: { name: "api:postgresql", include: apiTests, env: { DB_UNDER_TEST: "postgresql" } },
      },
      // The same files through a PgBouncer each starts (lib/api-v2/tests/pgbouncer.ts).
      {
        extends: true,
        test: { name: "api:pooler", include: poolerTests, env: { DB_UNDER_TEST: "pooler" } },
      },
      // The production server, started for real (it builds first when needed).
      {
        extends: true,
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
