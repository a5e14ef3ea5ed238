import path from "node:path";
import { defineConfig } from "@playwright/test";

/**
 * Browser journeys through the portal, in the machine's Chromium, against the production build
 * on a fresh embedded database (e2e/portal/start-server.mjs). One worker: the machine has two
 * cores and the server needs one of them.
 */
const root = path.resolve(__dirname, "..");
const port = Number(process.env.E2E_PORT ?? 3400);
const baseURL = `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: path.join(root, "e2e/portal"),
  testMatch: "**/*.spec.ts",
  outputDir: path.join(root, "test-results/portal"),
  globalTeardown: path.join(root, "e2e/portal/global-teardown.ts"),
  fullyParallel: false,
  workers: 1,
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
    baseURL,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "UTC",
    // Locally everything answers in well under a second: a step stuck for 10 s has failed, and
    // should not hold the run for the whole test timeout.
    actionTimeout: 10_000,
    navigationTimeout: 10_000,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
  webServer: {
    command: "node e2e/portal/start-server.mjs",
    cwd: root,
    url: `${baseURL}/api_v2/info`,
    // The first start builds the app.
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
    // SIGTERM lets the server drain and close the database, and the script remove its folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
