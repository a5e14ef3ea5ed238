import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "next.config.js",
  "package.json",
  "package-lock.json",
  ".postcssrc.json",
];

function newestMtime(p: string): number {
  let st: fs.Stats;
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

function builtIsFresh(dir: string): boolean {
  const buildId = path.join(dir, ".next", "BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(dir, s))));
  return built > sources;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Two processes starting at once on one checkout (two instances, or test files started side by
 * side) must not run `next build` into the same .next folder together: the second waits for the
 * first's build, then finds it fresh. A lock left by a build that died is taken over.
 */
function withBuildLock(dir: string, build: () => void): void {
  const lockPath = path.join(dir, ".next-build.lock");
  let told = false;
  for (;;) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, `${process.pid}\n`);
      fs.closeSync(fd);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let text: string;
      let age: number;
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
          process.stdout.write(`Another process (pid ${holder}) is building the app: waiting…\n`);
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

/** Builds the production bundle when there is none, or when a source file is newer than it. */
export function ensureBuild(dir: string): void {
  if (builtIsFresh(dir)) return;
  withBuildLock(dir, () => {
    // Built by another process while this one waited for the lock.
    if (builtIsFresh(dir)) return;
    const buildId = path.join(dir, ".next", "BUILD_ID");
    process.stdout.write(
      fs.existsSync(buildId)
        ? "Sources changed since the last build: building…\n"
        : "First start: building the app…\n",
    );
    const nextBin = path.join(dir, "node_modules", "next", "dist", "bin", "next");
    const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: dir, stdio: "inherit" });
    if (r.status !== 0) {
      process.stderr.write("The build failed; see the output above.\n");
      process.exit(r.status ?? 1);
    }
  });
}
