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

/** Builds the production bundle when there is none, or when a source file is newer than it. */
export function ensureBuild(dir: string): void {
  const buildId = path.join(dir, ".next", "BUILD_ID");
  const built = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newestMtime(path.join(dir, s))));
  if (built > sources) return;
  process.stdout.write(
    built
      ? "Sources changed since the last build: building…\n"
      : "First start: building the app…\n",
  );
  const nextBin = path.join(dir, "node_modules", "next", "dist", "bin", "next");
  const r = spawnSync(process.execPath, [nextBin, "build"], { cwd: dir, stdio: "inherit" });
  if (r.status !== 0) {
    process.stderr.write("The build failed; see the output above.\n");
    process.exit(r.status ?? 1);
  }
}
