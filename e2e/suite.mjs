// `npm test`: every check and test of the project, in phases, with the time of each printed at
// the end. Nothing is left out: lint, types, the dependency audit, the production build (made
// once, here, and used by every test that starts a server and by every Playwright worker), the
// vitest projects (unit, components, the API on both engines and behind the pooler, the real
// server) and the browser journeys.
//
// Phases that do not depend on each other and leave room on the machine's two cores overlap:
//   1. lint + types + audit     beside    build
//   2. vitest                              (needs the build: its server project starts it)
//   3. Playwright                          (two workers, each with its own server)
// Each phase's output goes to test-results/phases/<name>.log and is printed whole when the
// phase ends, so two phases never interleave their lines. SUITE_SERIAL=1 runs them one at a time.
//
//   npm test                       everything
//   npm test -- --only vitest      one phase (or several, comma-separated), after the build
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const logDir = path.join(root, "test-results", "phases");
fs.mkdirSync(logDir, { recursive: true });

const onlyArg = process.argv.indexOf("--only");
const only = onlyArg > 0 ? new Set(process.argv[onlyArg + 1].split(",")) : null;
const serial = process.env.SUITE_SERIAL === "1";
const bin = (name) => path.join(root, "node_modules", ".bin", name);

/** @type {Record<string, string[][]>} each phase: its commands, run in turn */
const PHASES = {
  lint: [
    [bin("biome"), "check", "."],
    [
      bin("depcruise"),
      ...["app", "components", "lib", "e2e"],
      ...["--config", ".config/dependency-cruiser.cjs", "--output-type", "err"],
    ],
  ],
  typecheck: [[bin("tsc"), "--noEmit"]],
  audit: [[process.execPath, "e2e/support/audit.mjs"]],
  build: [[process.execPath, "lib/server/ensure-build.mjs", "--if-stale"]],
  vitest: [[bin("vitest"), "run", "--config", ".config/vitest.config.mts"]],
  playwright: [
    [process.execPath, "e2e/ensure-chromium.mjs"],
    [bin("playwright"), "test", "--config", ".config/playwright.config.ts"],
  ],
};

/**
 * Waves: the phases of a wave run side by side; a wave starts when the one before has passed.
 * The checks overlap the build (the type checker is one thread, the build leaves room). vitest and
 * Playwright do not overlap: each keeps this machine's two cores busy on its own, and together
 * (tried on 2026-11-28) they took longer than one after the other, with journeys and axe runs
 * timing out under the load.
 */
const WAVES = [["lint", "typecheck", "audit", "build"], ["vitest"], ["playwright"]];

const results = [];
const t0 = performance.now();

function clock(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Runs one command with its output to `log`; resolves with its exit code. */
function runCommand(argv, log, env) {
  return new Promise((resolve) => {
    const out = fs.openSync(log, "a");
    const child = spawn(argv[0], argv.slice(1), {
      cwd: root,
      env: { ...process.env, ...env, FORCE_COLOR: "0" },
      stdio: ["ignore", out, out],
    });
    child.once("exit", (code, signal) => {
      fs.closeSync(out);
      resolve(code ?? (signal ? 1 : 0));
    });
    child.once("error", (err) => {
      fs.appendFileSync(log, `\n${err.message}\n`);
      resolve(1);
    });
  });
}

async function runPhase(name) {
  const log = path.join(logDir, `${name}.log`);
  fs.writeFileSync(log, "");
  const started = performance.now();
  let code = 0;
  for (const argv of PHASES[name]) {
    fs.appendFileSync(
      log,
      `$ ${path.relative(root, argv[0]) || argv[0]} ${argv.slice(1).join(" ")}\n`,
    );
    code = await runCommand(argv, log, {});
    if (code !== 0) break;
  }
  const ms = performance.now() - started;
  results.push({ name, ms, code });
  process.stdout.write(
    `\n===== ${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${clock(ms)} =====\n`,
  );
  process.stdout.write(fs.readFileSync(log, "utf8"));
  return code;
}

function heartbeat(running) {
  const since = performance.now();
  return setInterval(() => {
    const names = [...running].map((n) => `${n} ${clock(performance.now() - since)}`);
    if (names.length > 0) process.stdout.write(`[suite] running: ${names.join(", ")}\n`);
  }, 60_000);
}

function summary() {
  const install = Number(process.env.SUITE_INSTALL_SECONDS);
  const rows = [
    ...(Number.isFinite(install) && install > 0
      ? [{ name: "install", ms: install * 1000, code: 0 }]
      : []),
    ...results,
  ];
  const total = performance.now() - t0 + (Number.isFinite(install) ? install * 1000 : 0);
  process.stdout.write(
    `\n[suite] phase times${serial ? " (serial)" : " (phases of a wave overlap)"}\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `[suite]   ${r.name.padEnd(11)} ${clock(r.ms).padStart(6)}  ${r.code === 0 ? "ok" : "FAILED"}\n`,
    );
  }
  process.stdout.write(
    `[suite]   ${"total".padEnd(11)} ${clock(total).padStart(6)}  (wall clock)\n`,
  );
}

let failed = false;
for (const wave of WAVES) {
  const phases = wave.filter((n) => !only || only.has(n) || n === "build");
  if (phases.length === 0) continue;
  const running = new Set(phases);
  const beat = heartbeat(running);
  const run = (n) =>
    runPhase(n).then((code) => {
      running.delete(n);
      return code;
    });
  let codes;
  if (serial) {
    codes = [];
    for (const n of phases) codes.push(await run(n));
  } else {
    codes = await Promise.all(phases.map(run));
  }
  clearInterval(beat);
  if (codes.some((c) => c !== 0)) {
    failed = true;
    break;
  }
}
summary();
process.exit(failed ? 1 : 0);
