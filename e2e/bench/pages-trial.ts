/**
 * Trial run of the "Pages" benchmark (e2e/bench/pages.ts) on this checkout: builds the app if
 * needed, starts the production server on a fresh demo database, measures the first-load JS of
 * the suite's pages (sign-in, the workers list, a worker's edit page, the jobs list, the
 * post-a-job form, the demo's showcase job request) beside the framework's floor, runs
 * Lighthouse on each, prints a table, and stops everything.
 *
 *   npx tsx e2e/bench/pages-trial.ts [--workers 2000] [--runs 1] [--no-floor] [--no-lighthouse]
 *     [--only sign-in,badges] [--chunks]
 *
 * --only measures the named pages alone; --chunks lists each page's scripts with their gzip
 * sizes (to find what a page loads that its first paint does not need), and the elements whose
 * shifts make up each page's layout shift.
 * --runs N runs Lighthouse N times per page and reports the run with the median score. Map tiles
 * point at a closed loopback port, so nothing is fetched from the internet (the map still shows
 * its points on its own grid).
 */
import fs from "node:fs";
import {
  authenticate,
  buildOnce,
  demoKeys,
  root,
  spawnServer,
  tempDataDir,
} from "@/e2e/support/server-process";
import { argv } from "@/lib/env";
import {
  benchPages,
  type FirstLoadJs,
  firstLoadFiles,
  frameworkFloor,
  type LighthouseResult,
  lighthouse,
  sessionCookie,
} from "./pages";
import { WEIGHED_ONLY } from "./report";
import { showcaseJobRequest } from "./showcase-job";

function flag(name: string): string | undefined {
  const args = argv();
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? "") : undefined;
}
const has = (name: string) => argv().includes(`--${name}`);

const workers = Number(flag("workers") ?? 2000);
const runs = Math.max(1, Number(flag("runs") ?? 1));
const kB = (bytes: number) => (bytes / 1000).toFixed(1);

async function medianLighthouse(url: string, cookie?: string): Promise<LighthouseResult> {
  const all: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) all.push(await lighthouse(url, { cookie }));
  all.sort((a, b) => a.score - b.score || b.lcpMs - a.lcpMs);
  return all[Math.floor(all.length / 2)]!;
}

async function main() {
  let floor: (FirstLoadJs & { buildMs: number }) | null = null;
  if (!has("no-floor")) {
    process.stdout.write("Building the bare page (framework floor)…\n");
    floor = await frameworkFloor(root);
    process.stdout.write(`Floor: ${floor.files} files, ${kB(floor.gzipBytes)} kB gzip\n`);
  }
  process.stdout.write("Building the app (if needed)…\n");
  buildOnce();
  const dataDir = tempDataDir("pages-bench");
  process.stdout.write(`Starting the server with ${workers} demo workers…\n`);
  const server = await spawnServer({
    dataDir,
    env: { DEMO_WORKER_COUNT: String(workers), MAP_TILE_URL: "http://127.0.0.1:9/{z}/{x}/{y}.png" },
  });
  // Whatever happens to this script, the server it started does not outlive it.
  const stopOnExit = () => server.proc.kill("SIGTERM");
  process.once("exit", stopOnExit);
  try {
    await server.ready;
    const cookie = await sessionCookie(server.base, demoKeys(dataDir).private);
    // The worker the list shows first: an existing one, with the demo's location data.
    const token = await authenticate(server.base, dataDir);
    const r = await fetch(`${server.base}/api_v2/users?per=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const id = ((await r.json()) as { users?: { id: number }[] }).users?.[0]?.id;
    if (id === undefined) throw new Error("no worker to edit");

    const only = flag("only")?.split(",");
    const pages = benchPages(cookie, {
      worker: id,
      jobRequest: await showcaseJobRequest(server.base, token),
    }).filter((p) => !only || only.includes(p.name));
    const chunkLines: string[] = [];
    const rows: string[][] = [];
    if (floor) {
      rows.push(["framework floor", `${floor.files}`, kB(floor.gzipBytes), "0.0", "", "", "", ""]);
    }
    for (const p of pages) {
      // One visit first, so the timing does not include the server's first compile of a route.
      await fetch(`${server.base}${p.path}`, { headers: p.cookie ? { cookie: p.cookie } : {} });
      const files = await firstLoadFiles({
        base: server.base,
        path: p.path,
        cookie: p.cookie,
        projectDir: root,
      });
      const js = { files: files.length, gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0) };
      const lh =
        has("no-lighthouse") || WEIGHED_ONLY.has(p.name)
          ? null
          : await medianLighthouse(`${server.base}${p.path}`, p.cookie);
      if (has("chunks")) {
        chunkLines.push(`${p.name}:`);
        for (const s of lh?.shifts ?? []) chunkLines.push(`  shift ${s.score}  ${s.element}`);
        for (const f of [...files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
          chunkLines.push(`  ${kB(f.gzipBytes).padStart(6)} kB  ${f.path}`);
        }
      }
      rows.push([
        p.name,
        `${js.files}`,
        kB(js.gzipBytes),
        floor ? kB(js.gzipBytes - floor.gzipBytes) : "?",
        lh ? `${lh.score}` : "",
        lh ? `${lh.lcpMs}` : "",
        lh ? `${lh.tbtMs}` : "",
        lh ? `${lh.cls}` : "",
      ]);
    }
    const head = [
      "page",
      "files",
      "JS gzip kB",
      "above floor kB",
      "LH score",
      "LCP ms",
      "TBT ms",
      "CLS",
    ];
    const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
    const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
    process.stdout.write(
      `\n${workers} workers${floor ? `, floor built in ${(floor.buildMs / 1000).toFixed(0)} s` : ""}, Lighthouse runs per page: ${runs}\n`,
    );
    process.stdout.write(
      `${[line(head), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n")}\n`,
    );
    if (chunkLines.length > 0) process.stdout.write(`\n${chunkLines.join("\n")}\n`);
  } finally {
    await server.kill("SIGTERM");
    process.off("exit", stopOnExit);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
