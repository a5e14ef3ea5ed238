// The production server for the Playwright suite, on a fresh embedded database every run: a new
// temporary DATA_DIR (seeded with the demo company), removed again when the server stops.
// Playwright starts one of these per worker (its webServer list, E2E_SLOT = 0, 1, …, each on
// its own port) and stops them with SIGTERM (gracefulShutdown), which lets each server drain and
// close its database before its folder goes. Journeys in different workers never share demo data.
//
// Every slot runs the same production build, from the checkout (what `npm test` built once for
// every consumer; lib/server/ensure-build.mjs builds it here if it is missing or stale, one
// process at a time). E2E_MIRROR=1 runs from a private copy of the sources instead (a "mirror" in
// the temp folder, node_modules hard-linked, its own .next): for engineers who rebuild the checkout
// while a suite runs, since a `next build` rewriting .next under a running server makes it answer
// 500s and lose its JS chunks mid-test. The slots share one mirror, prepared under a lock.
//
// Where things are is written to test-results/e2e-server-<slot>.json ({dataDir, appDir, baseURL,
// fakeRealServiceURL}), so specs can read the seeded demo keys from <dataDir>/demo-keys.json.
//
// Live keys (pk_live_…) go to a fake of the REAL service (fake-real-service.mjs, in this process,
// on FAKE_REAL_PORT), so real-service.spec.ts can drive the portal against it. Test keys keep
// using the embedded API.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeRealService } from "./fake-real-service.mjs";

const root = path.resolve(import.meta.dirname, "../..");
const port = process.env.E2E_PORT || "3400";
const slot = process.env.E2E_SLOT || "0";
const inPlace = process.env.E2E_MIRROR !== "1";
const dataPrefix = path.join(os.tmpdir(), "ep-portal-e2e-data-");
const pointer = path.join(root, "test-results", `e2e-server-${slot}.json`);
const fakePort = process.env.FAKE_REAL_PORT || "3499";
const fakeRealServiceURL = `http://127.0.0.1:${fakePort}`;

/** What a build needs (and lib/server/ensure-build.mjs watches). */
const APP_ENTRIES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.js",
  "next-env.d.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  ".postcssrc.json",
];

/**
 * Makes `dst` hold exactly `src`: copies files whose size or mtime differ (keeping the source's
 * mtime, so an unchanged tree does not look newer than the last build) and deletes the rest.
 */
function syncTree(src, dst) {
  const st = fs.statSync(src, { throwIfNoEntry: false });
  if (!st) {
    fs.rmSync(dst, { recursive: true, force: true });
    return;
  }
  if (!st.isDirectory()) {
    const d = fs.lstatSync(dst, { throwIfNoEntry: false });
    if (d?.isFile() && d.size === st.size && d.mtimeMs === st.mtimeMs) return;
    if (d && !d.isFile()) fs.rmSync(dst, { recursive: true, force: true });
    fs.copyFileSync(src, dst);
    fs.utimesSync(dst, st.atime, st.mtime);
    return;
  }
  const d = fs.lstatSync(dst, { throwIfNoEntry: false });
  if (d && !d.isDirectory()) fs.rmSync(dst, { force: true });
  fs.mkdirSync(dst, { recursive: true });
  const wanted = new Set(fs.readdirSync(src));
  for (const name of fs.readdirSync(dst)) {
    if (!wanted.has(name)) fs.rmSync(path.join(dst, name), { recursive: true, force: true });
  }
  for (const name of wanted) syncTree(path.join(src, name), path.join(dst, name));
}

function sameFile(a, b) {
  try {
    return fs.readFileSync(a).equals(fs.readFileSync(b));
  } catch {
    return false;
  }
}

/** The mirror of the app, up to date with the checkout; returns its folder. */
function prepareMirror() {
  // One mirror per checkout, shared by its slots (prepared under a lock, below).
  const checkout = crypto.createHash("sha256").update(root).digest("hex").slice(0, 10);
  const mirror = path.join(os.tmpdir(), `ep-portal-e2e-app-${checkout}`);
  fs.mkdirSync(mirror, { recursive: true });
  const modules = path.join(mirror, "node_modules");
  const lockfile = path.join(mirror, "package-lock.json");
  if (!fs.existsSync(modules) || !sameFile(path.join(root, "package-lock.json"), lockfile)) {
    fs.rmSync(modules, { recursive: true, force: true });
    // Hard links: half a second for the whole tree. Turbopack refuses a node_modules symlink
    // that leaves the project folder, so a symlink will not do.
    const linked = spawnSync("cp", ["-al", path.join(root, "node_modules"), modules]);
    if (linked.status !== 0) {
      const copied = spawnSync("cp", ["-a", path.join(root, "node_modules"), modules], {
        stdio: "inherit",
      });
      if (copied.status !== 0) throw new Error("could not copy node_modules into the e2e mirror");
    }
  }
  for (const entry of APP_ENTRIES) syncTree(path.join(root, entry), path.join(mirror, entry));
  return mirror;
}

/** A data folder left by a run that was killed hard (SIGKILL): remove it unless still in use. */
function removeStaleDataDir() {
  let previous;
  try {
    previous = JSON.parse(fs.readFileSync(pointer, "utf8")).dataDir;
  } catch {
    return;
  }
  if (typeof previous !== "string" || !previous.startsWith(dataPrefix)) return;
  if (!fs.existsSync(previous)) return;
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(previous, "app.lock"), "utf8"), 10);
    if (pid > 0) {
      process.kill(pid, 0);
      return; // Its server is still running: leave it alone.
    }
  } catch {
    // No lock, or its process is gone.
  }
  fs.rmSync(previous, { recursive: true, force: true });
}

const fakeRealService = await startFakeRealService(Number(fakePort));
/** Runs `fn` while holding a lock folder (atomic mkdir); a lock whose holder died is taken over. */
function withLock(lockDir, fn) {
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, "pid"), String(process.pid));
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
      let holder = 0;
      try {
        holder = Number.parseInt(fs.readFileSync(path.join(lockDir, "pid"), "utf8"), 10);
      } catch {}
      let alive = false;
      try {
        if (holder > 0) {
          process.kill(holder, 0);
          alive = true;
        }
      } catch {}
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (!alive && (holder > 0 || age > 5_000))
        fs.rmSync(lockDir, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** The app this slot runs: the checkout, or the shared mirror, built (once, by whichever slot is first). */
function prepareApp() {
  const dir = inPlace ? root : withLock(`${os.tmpdir()}/ep-portal-e2e-mirror.lock`, prepareMirror);
  const built = spawnSync(process.execPath, ["lib/server/ensure-build.mjs", "--if-stale"], {
    cwd: dir,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (built.status !== 0) throw new Error(`the build in ${dir} failed`);
  return dir;
}

const appDir = prepareApp();
removeStaleDataDir();
const dataDir = fs.mkdtempSync(dataPrefix);
fs.mkdirSync(path.dirname(pointer), { recursive: true });
fs.writeFileSync(
  pointer,
  `${JSON.stringify({ dataDir, appDir, baseURL: `http://127.0.0.1:${port}`, fakeRealServiceURL }, null, 2)}\n`,
);

let removed = false;
function removeDataDir() {
  if (removed) return;
  removed = true;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.on("exit", removeDataDir);

// Its own folder, apart from vitest's test-results/logs (which vitest clears when it starts, and
// `npm test` runs both suites at once).
const logDir = path.join(root, "test-results", "portal-logs");
const serverLog = path.join(logDir, `portal-server-${slot}.log`);
const serverOut = path.join(logDir, `portal-server-${slot}.out`);
fs.mkdirSync(logDir, { recursive: true });
fs.writeFileSync(serverLog, "");
fs.writeFileSync(serverOut, "");

const env = {
  ...process.env,
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  HOST: "127.0.0.1",
  PORT: port,
  DATA_DIR: dataDir,
  DEMO_WORKER_COUNT: "120",
  // Every log line of the server is kept (test-results/portal-logs) and searched for secrets when the
  // suite ends (global-teardown.ts).
  LOG_LEVEL: "info",
  LOG_FILE: serverLog,
  SEED_DEMO: "true",
  // Always the embedded API on the embedded database for test keys, and the fake real service
  // for live keys, whatever the caller's shell holds.
  DATABASE_URL: "",
  API_BASE_URL_TEST: "",
  API_BASE_URL_LIVE: fakeRealServiceURL,
  SESSION_SECRET: "",
  // Every spec signs in with the same demo key, several times; the default 30 per minute per
  // key would make the suite fail on its speed rather than on the portal's behaviour.
  AUTH_RATE_LIMIT_PER_KEY: "10000",
  AUTH_RATE_LIMIT_PER_ADDRESS: "10000",
  PORTAL_SIGNIN_LIMIT_PER_ADDRESS: "10000",
  PORTAL_SIGNIN_LIMIT_PER_KEY: "10000",
};

// In place, `next build` refuses to run while another build holds .next/lock: wait and retry.
const BUILD_LOCKED = /Another .*next build.* (?:process|server) is already running/;
const MAX_ATTEMPTS = 12;

let child = null;
let stopping = false;

function start(attempt) {
  let recent = "";
  const c = spawn(process.execPath, ["lib/server/launch.mjs", "server"], {
    cwd: appDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child = c;
  const relay = (to) => (chunk) => {
    to.write(chunk);
    fs.appendFileSync(serverOut, chunk);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colour codes
    recent = (recent + String(chunk).replace(/\u001b\[[0-9;]*m/g, "")).slice(-4000);
  };
  c.stdout.on("data", relay(process.stdout));
  c.stderr.on("data", relay(process.stderr));
  c.on("exit", (code, signal) => {
    child = null;
    if (!stopping && code !== 0 && BUILD_LOCKED.test(recent) && attempt < MAX_ATTEMPTS) {
      process.stderr.write(
        `[e2e] another build is running; retrying in 10 s (attempt ${attempt + 1}/${MAX_ATTEMPTS})\n`,
      );
      setTimeout(() => (stopping ? finish(0) : start(attempt + 1)), 10_000);
      return;
    }
    finish(stopping ? 0 : (code ?? (signal ? 1 : 0)));
  });
}

function finish(code) {
  removeDataDir();
  fakeRealService.close();
  process.exit(code);
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (!child) finish(0);
  // The server drains in-flight requests (10 s at most), closes the database, then exits.
  child.kill(signal);
  setTimeout(() => {
    child?.kill("SIGKILL");
    finish(1);
  }, 20_000).unref();
}

process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGHUP", () => stop("SIGTERM"));

start(1);
