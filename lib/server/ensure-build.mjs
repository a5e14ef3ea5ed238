// What production runs, and when it is built. Plain JavaScript, so that `npm start` and the
// operator command run on `node` alone: no TypeScript loader (tsx) at run time.
//
// Products, all from the same sources:
//   .next/             the Next build (`next build`): pages, route handlers, the API
//   .build/server.cjs  lib/server/main.ts bundled by esbuild (our code only; packages stay in
//                      node_modules and are required from there)
//   .build/operator.cjs lib/operator/cli.ts, bundled the same way
// Each is rebuilt when missing or older than the newest source file, so a newcomer's
// `npm install && npm start` builds once and starts at once after that.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.js",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  ".postcssrc.json",
];

/** The bundles esbuild makes (lib/server/bundle.mjs), by name: their entry and where they go. */
export const BUNDLES = {
  server: { entry: "lib/server/main.ts", out: ".build/server.cjs" },
  operator: { entry: "lib/operator/cli.ts", out: ".build/operator.cjs" },
};

/** @param {string} p */
function newestMtime(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) {
    if (entry === "node_modules" || entry.startsWith(".next")) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

/** @param {string} dir */
function newestSource(dir) {
  return Math.max(...SOURCES.map((s) => newestMtime(path.join(dir, s))));
}

/** @param {string} file @param {number} sources */
function fresh(file, sources) {
  try {
    return fs.statSync(file).mtimeMs > sources;
  } catch {
    return false;
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return /** @type {NodeJS.ErrnoException} */ (err).code === "EPERM";
  }
}

/**
 * Two processes starting at once on one checkout (two instances, or test files started side by
 * side) must not build into the same folders together: the second waits for the first's build,
 * then finds it fresh. A lock left by a build that died is taken over.
 * @param {string} dir @param {() => void} build
 */
function withBuildLock(dir, build) {
  const lockPath = path.join(dir, ".next-build.lock");
  let told = false;
  for (;;) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      break;
    } catch (err) {
      if (/** @type {NodeJS.ErrnoException} */ (err).code !== "EEXIST") throw err;
      let text;
      let age;
      try {
        text = fs.readFileSync(lockPath, "utf8").trim();
        age = Date.now() - fs.statSync(lockPath).mtimeMs;
      } catch {
        continue; // Released meanwhile: try again.
      }
      const holder = Number.parseInt(text, 10);
      // Empty for a moment: taken, its pid not written yet.
      const taking = text === "" && age < 5_000;
      const building = holder > 0 && holder !== process.pid && isAlive(holder);
      if (taking || building) {
        if (building && !told) {
          process.stderr.write(`Another process (pid ${holder}) is building the app: waiting…\n`);
          told = true;
        }
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
      } else {
        fs.rmSync(lockPath, { force: true });
      }
    }
  }
  try {
    build();
  } finally {
    fs.rmSync(lockPath, { force: true });
  }
}

/** @param {string} dir */
function nextBuild(dir) {
  const nextBin = path.join(dir, "node_modules", "next", "dist", "bin", "next");
  const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: dir, stdio: "inherit" });
  if (r.status !== 0) {
    process.stderr.write("The build failed; see the output above.\n");
    process.exit(r.status ?? 1);
  }
  // Its scripts and styles, compressed once for every request after (./precompress.mjs).
  const packed = spawnSync(process.execPath, [path.join(dir, "lib/server/precompress.mjs"), dir], {
    cwd: dir,
    stdio: "inherit",
  });
  if (packed.status !== 0) {
    process.stderr.write("Compressing the build's static files failed; see the output above.\n");
    process.exit(packed.status ?? 1);
  }
}

/**
 * Bundles one entry with esbuild (lib/server/bundle.mjs) in a child process: esbuild's API is
 * asynchronous, and the callers here are not.
 * @param {string} dir @param {keyof typeof BUNDLES} name
 */
function bundle(dir, name) {
  const r = spawnSync(process.execPath, [path.join(dir, "lib/server/bundle.mjs"), name], {
    cwd: dir,
    stdio: "inherit",
  });
  if (r.status !== 0) {
    process.stderr.write(`Bundling ${BUNDLES[name].entry} failed; see the output above.\n`);
    process.exit(r.status ?? 1);
  }
}

/** @param {string} dir @param {"server" | "operator"} target */
function stale(dir, target) {
  const sources = newestSource(dir);
  const wanted = target === "server" ? ["server"] : ["operator"];
  return {
    next: target === "server" && !fresh(path.join(dir, ".next", "BUILD_ID"), sources),
    bundles: wanted.filter((b) => !fresh(path.join(dir, BUNDLES[b].out), sources)),
  };
}

/**
 * Builds what `target` needs when it is missing or older than a source file: the server needs
 * the Next build and its bundle; the operator only its bundle (about a second).
 * @param {string} dir @param {"server" | "operator"} target
 */
export function ensureBuild(dir, target = "server") {
  let todo = stale(dir, target);
  if (!todo.next && todo.bundles.length === 0) return;
  withBuildLock(dir, () => {
    // Built by another process while this one waited for the lock.
    todo = stale(dir, target);
    if (todo.next) {
      process.stderr.write(
        fs.existsSync(path.join(dir, ".next", "BUILD_ID"))
          ? "Sources changed since the last build: building…\n"
          : "First start: building the app…\n",
      );
      nextBuild(dir);
    }
    for (const b of todo.bundles) bundle(dir, b);
  });
}

/** `npm run build`: everything production needs, built now whether or not it was fresh. */
export function buildAll(dir) {
  withBuildLock(dir, () => {
    nextBuild(dir);
    for (const b of /** @type {(keyof typeof BUNDLES)[]} */ (Object.keys(BUNDLES))) bundle(dir, b);
  });
}

/** Where a target's bundle is. @param {string} dir @param {"server" | "operator"} target */
export function bundlePath(dir, target) {
  return path.join(dir, BUNDLES[target].out);
}

// `node lib/server/ensure-build.mjs` builds everything; with `--if-stale`, only what is missing or
// older than a source (what `npm test` does once before the suites that start servers).
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  if (process.argv.includes("--if-stale")) {
    ensureBuild(process.cwd(), "server");
    ensureBuild(process.cwd(), "operator");
  } else buildAll(process.cwd());
}
