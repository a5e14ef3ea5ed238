// `npm run bench`: the benchmark suite. With no arguments every bench runs in turn, each writing
// its section of BENCHMARKS.md: the workers and pages (run.ts), the job half (jobs.ts), person
// sign-in (sign-in.ts) and the home page (home.ts). With arguments, they are run.ts's (`--only`,
// `--engines`, `--database`, `--smoke`, …; see its header) and run.ts runs alone: npm appends
// arguments to the end of a script, so an `a && b && c` script handed them to the last bench only
// (`npm run bench -- --only search` ran the whole suite and then failed in home.ts).
// The other benches take their own arguments as `npm run bench:jobs -- …` and so on.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const args = process.argv.slice(2);
const benches = args.length > 0 ? ["run.ts"] : ["run.ts", "jobs.ts", "sign-in.ts", "home.ts"];
for (const bench of benches) {
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join("e2e/bench", bench), ...(bench === "run.ts" ? args : [])],
    { cwd: root, stdio: "inherit" },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
