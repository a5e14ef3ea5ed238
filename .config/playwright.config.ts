import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumPath } from "../e2e/support/chromium-path.mjs";

/**
 * Browser journeys through the portal, in the machine's Chromium, against the production build.
 * Each worker has a server of its own (e2e/portal/start-server.mjs, slot = the worker's parallel
 * index) on a fresh embedded database with its own demo data, at E2E_PORT + slot (its fake of the
 * real service at FAKE_REAL_PORT + slot: each needs `workers` free ports in a row), so journeys run side by side without sharing rows.
 * Files are spread over the workers; the tests of one file run in order, in one worker.
 * E2E_WORKERS sets how many (default 2: most of a journey's time is the browser and the server
 * waiting on each other, so two keep a 2-core machine busy where one left it half idle).
 */
const root = path.resolve(__dirname, "..");
const port = Number(process.env.E2E_PORT ?? 3400);
const fakePort = Number(process.env.FAKE_REAL_PORT ?? 3499);
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const ci = Boolean(process.env.CI);
const slots = Array.from({ length: workers }, (_, slot) => slot);

export default defineConfig({
  testDir: path.join(root, "e2e/portal"),
  testMatch: "**/*.spec.ts",
  // Playwright queues a file whose worker fixtures differ from the rest (upstream-faults.spec.ts
  // starts a portal of its own per worker) after every other file, whatever its name: it ran
  // last, alone, for its 40 s while the other worker sat idle. A project of its own, listed
  // first, puts it at the head of the queue instead, beside the longest of the rest (a11y).
  projects: [
    { name: "faults", testMatch: "upstream-faults.spec.ts" },
    { name: "portal", testIgnore: "upstream-faults.spec.ts" },
  ],
  outputDir: path.join(root, "test-results/portal"),
  globalTeardown: path.join(root, "e2e/portal/global-teardown.ts"),
  fullyParallel: false,
  workers,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 30_000,
  expect: { timeout: 7_500 },
  reporter: ci
    ? [
        ["list"],
        [
          "html",
          { outputFolder: path.join(root, "test-results/playwright-report"), open: "never" },
        ],
      ]
    : [["list"]],
  use: {
    // Each test's baseURL is its worker's server (e2e/portal/fixtures.ts); this is slot 0's.
    baseURL: `http://127.0.0.1:${port}`,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "UTC",
    // As people who ask their system for less motion see the portal (app/globals.css): loading
    // skeletons stand still and menus arrive at once. A pulse left running while a journey waits
    // kept the browser drawing frames: the journeys that hold answers back (upstream faults, the
    // live pages) spent about a tenth of their browser CPU on it. The journeys about menus,
    // dialogs, toasts and the editor's scrolling keep the default motion (`test.use` in each
    // file), and a11y.spec.ts checks both settings.
    reducedMotion: "reduce",
    // Locally everything answers in well under a second: a step stuck for 10 s has failed, and
    // should not hold the run for the whole test timeout.
    actionTimeout: 10_000,
    navigationTimeout: 10_000,
    // One context and tab per worker, reset between journeys (e2e/portal/fixtures.ts says what is
    // reset and by whom): 856 -> 741 CPU-seconds for the 160 journeys, 8.0 -> 7.1 min.
    reuseContext: process.env.E2E_FRESH_CONTEXTS !== "1",
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's headless shell when it is there (e2e/support/chromium-path.mjs).
      executablePath: chromiumPath(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: slots.map((slot) => ({
    command: "node e2e/portal/start-server.mjs",
    cwd: root,
    url: `http://127.0.0.1:${port + slot}/api_v2/info`,
    // The first start builds the app when `npm test` has not (one slot builds, the others wait).
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    env: {
      E2E_PORT: String(port + slot),
      FAKE_REAL_PORT: String(fakePort + slot),
      E2E_SLOT: String(slot),
    },
    // SIGTERM lets the server drain and close the database, and the script remove its folder.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 20_000 },
  })),
});
