/**
 * Benchmark part "Pages": what a first visit of a page downloads in JavaScript (gzip), beside
 * the same figure for a bare Next page built in the same run (the framework's floor), and
 * Lighthouse's performance figures in Debian's Chromium with the desktop preset.
 *
 * Plain functions with JSON-serialisable results, called by the suite's orchestrator and by
 * e2e/bench/pages-trial.ts. Nothing here goes to the internet: the floor is built from this
 * project's node_modules, and Chromium runs with background networking and updates off.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { freePort } from "@/e2e/support/server-process";
import { inheritedEnv } from "@/lib/env";

export type FirstLoadJs = { files: number; gzipBytes: number; rawBytes: number };
/** One script of a first load: its URL's path, its size and its gzip size. */
export type FirstLoadFile = { path: string; gzipBytes: number; rawBytes: number };
export type FrameworkFloor = FirstLoadJs & { buildMs: number };
export type LighthouseResult = {
  /** 0–100. */
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** What moved (Lighthouse's layout-shifts audit): each element's snippet and its share. */
  shifts: { element: string; score: number }[];
};

const CHROMIUM = "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const LIGHTHOUSE_TIMEOUT_MS = 120_000;
const LIGHTHOUSE_ATTEMPTS = 3;
const BUILD_TIMEOUT_MS = 10 * 60_000;
const START_TIMEOUT_MS = 60_000;

/** The URLs of the scripts in a page's HTML: <script src>, and scripts it preloads. */
export function scriptUrls(html: string): string[] {
  const urls = new Set<string>();
  const attr = (tag: string, name: string): string | null => {
    const m = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
    return m ? (m[1] ?? m[2] ?? m[3] ?? null) : null;
  };
  for (const m of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(m[0], "src");
    if (src) urls.add(src);
  }
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attr(m[0], "rel") ?? "").toLowerCase().split(/\s+/);
    const as = (attr(m[0], "as") ?? "").toLowerCase();
    const href = attr(m[0], "href");
    if (!href) continue;
    if (rel.includes("modulepreload") || (rel.includes("preload") && as === "script")) {
      urls.add(href);
    }
  }
  return [...urls].map((u) => u.replaceAll("&amp;", "&")).filter((u) => isNextAsset(u));
}

function isNextAsset(url: string): boolean {
  try {
    return new URL(url, "http://x").pathname.startsWith("/_next/");
  } catch {
    return false;
  }
}

/** /_next/static/chunks/a.js?dpl=… → <projectDir>/.next/static/chunks/a.js */
function builtFile(projectDir: string, url: string): string {
  const pathname = decodeURIComponent(new URL(url, "http://x").pathname);
  const rel = pathname.slice("/_next/".length);
  const file = path.resolve(projectDir, ".next", rel);
  if (!file.startsWith(path.resolve(projectDir, ".next") + path.sep)) {
    throw new Error(`script outside the build folder: ${url}`);
  }
  return file;
}

type PageAt = { base: string; path: string; cookie?: string; projectDir: string };

/** Scripts a first visit downloads, summed (see firstLoadFiles). */
export async function firstLoadJs(opts: PageAt): Promise<FirstLoadJs> {
  const files = await firstLoadFiles(opts);
  return {
    files: files.length,
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    rawBytes: files.reduce((n, f) => n + f.rawBytes, 0),
  };
}

/** Scripts a first visit downloads: every <script src> under /_next/ in the page's HTML (plus any JS the HTML preloads with <link rel=preload/modulepreload as=script>), each read from the build output folder (<projectDir>/.next/static/...) and gzipped (zlib level 9). */
export async function firstLoadFiles(opts: PageAt): Promise<FirstLoadFile[]> {
  const url = new URL(opts.path, opts.base).toString();
  const res = await fetch(url, {
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    redirect: "manual",
    signal: AbortSignal.timeout(60_000),
  });
  const html = await res.text();
  // The not-found page answers 404 with its page; anything else must be a 200.
  if (res.status !== 200 && !(res.status === 404 && opts.path === "/no-such-page")) {
    // A redirect (to sign-in) would measure another page: say so instead.
    throw new Error(`GET ${opts.path}: ${res.status} ${res.headers.get("location") ?? ""}`.trim());
  }
  return scriptUrls(html).map((u) => {
    const raw = fs.readFileSync(builtFile(opts.projectDir, u));
    return {
      path: new URL(u, "http://x").pathname,
      gzipBytes: zlib.gzipSync(raw, { level: 9 }).length,
      rawBytes: raw.length,
    };
  });
}

/** Runs a child to its end; rejects with its output when it fails or overruns. */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(new Error(`${path.basename(args[0] ?? cmd)} ${args[1]}: ${code ?? signal}\n${out}`));
    });
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await gone;
  clearTimeout(timer);
}

/** The deepest folder holding both paths (Turbopack's root must contain node_modules' target). */
function commonAncestor(a: string, b: string): string {
  const pa = path.resolve(a).split(path.sep);
  const pb = path.resolve(b).split(path.sep);
  let i = 0;
  while (i < pa.length && i < pb.length && pa[i] === pb[i]) i++;
  return pa.slice(0, i).join(path.sep) || path.sep;
}

const BARE_LAYOUT = `import type { ReactNode } from "react";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`;
const BARE_PAGE = `export default function Page() {
  return <h1>Hello</h1>;
}
`;

/** Builds a bare Next app in a fresh temp folder (app/layout.tsx with <html><body>, app/page.tsx: a server component with one <h1>), using THIS project's node_modules (symlink), `next build` (same Next binary, Turbopack), starts `next start` on a free loopback port, measures firstLoadJs of "/", stops it, removes the folder. Returns the floor. */
export async function frameworkFloor(projectDir: string): Promise<FrameworkFloor> {
  const project = fs.realpathSync(projectDir);
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "ep-bench-floor-")));
  const nextBin = path.join(project, "node_modules", "next", "dist", "bin", "next");
  const env: NodeJS.ProcessEnv = {
    ...inheritedEnv(),
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  let server: ChildProcess | null = null;
  try {
    fs.mkdirSync(path.join(dir, "app"));
    fs.writeFileSync(path.join(dir, "app", "layout.tsx"), BARE_LAYOUT);
    fs.writeFileSync(path.join(dir, "app", "page.tsx"), BARE_PAGE);
    fs.writeFileSync(
      path.join(dir, "package.json"),
      `${JSON.stringify({ name: "bare-floor", private: true }, null, 2)}\n`,
    );
    // Turbopack refuses a node_modules symlink that leads out of its root: the root is set to
    // the folder that holds both. It only bounds file access; the bundle does not depend on it.
    fs.writeFileSync(
      path.join(dir, "next.config.js"),
      `module.exports = ${JSON.stringify({ turbopack: { root: commonAncestor(dir, project) } })};\n`,
    );
    fs.symlinkSync(path.join(project, "node_modules"), path.join(dir, "node_modules"), "dir");

    const t0 = performance.now();
    await run(process.execPath, [nextBin, "build"], dir, env, BUILD_TIMEOUT_MS);
    const buildMs = Math.round(performance.now() - t0);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(
      process.execPath,
      [nextBin, "start", "--port", String(port), "--hostname", "127.0.0.1"],
      { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] },
    );
    server = child;
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`next start exited:\n${out}`);
      const ok = await fetch(base, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`next start did not answer in time:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const measured = await firstLoadJs({ base, path: "/", projectDir: dir });
    return { ...measured, buildMs };
  } finally {
    if (server) await stop(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Lighthouse 12.8.2 (installed, engines allow Node 20) programmatically via its chrome-launcher, chromePath /usr/bin/chromium, flags --headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run; desktop preset config (lighthouse/core/config/desktop-config.js); only the performance category; the cookie passed via extraHeaders so the portal pages are signed in. */
export async function lighthouse(
  url: string,
  opts: { cookie?: string },
): Promise<LighthouseResult> {
  // A busy machine sometimes spoils a trace (NO_NAVSTART, NO_FCP, a protocol timeout): such a
  // run is made again, twice at most, each in a fresh Chrome and under its own time limit.
  let last: unknown;
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    try {
      return await lighthouseOnce(url, opts);
    } catch (err) {
      last = err;
      if (!(err instanceof LighthouseRunError)) throw err;
    }
  }
  throw last;
}

/** A run Lighthouse itself reports as failed (its runtimeError), or one that ran out of time. */
class LighthouseRunError extends Error {}

async function lighthouseOnce(url: string, opts: { cookie?: string }): Promise<LighthouseResult> {
  const [{ default: runLighthouse }, { default: desktopConfig }, chromeLauncher] =
    await Promise.all([
      import("lighthouse"),
      import("lighthouse/core/config/desktop-config.js"),
      import("chrome-launcher"),
    ]);
  // chrome-launcher reports a missing binary as an unhandled 'error' event: check first.
  try {
    fs.accessSync(CHROMIUM, fs.constants.X_OK);
  } catch {
    throw new Error(`${CHROMIUM} is missing (Debian package "chromium")`);
  }
  // One Chrome per call: a run cannot inherit another's cache, service workers or a crash.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: "silent",
    handleSIGINT: false,
    maxConnectionRetries: 100,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new LighthouseRunError(`lighthouse ${url}: no result in ${LIGHTHOUSE_TIMEOUT_MS} ms`),
          ),
        LIGHTHOUSE_TIMEOUT_MS,
      );
    });
    const result = await Promise.race([
      runLighthouse(
        url,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          extraHeaders: opts.cookie ? { Cookie: opts.cookie } : undefined,
          maxWaitForLoad: 45_000,
        },
        desktopConfig,
      ).catch((err: unknown) => {
        throw new LighthouseRunError(`lighthouse ${url}: ${(err as Error)?.message ?? err}`);
      }),
      timeout,
    ]);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`lighthouse ${url}: no result`);
    if (lhr.runtimeError) {
      throw new LighthouseRunError(
        `lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    }
    const final = lhr.finalDisplayedUrl;
    if (new URL(final).pathname !== new URL(url).pathname) {
      throw new Error(`lighthouse ${url}: ended on ${final} (not signed in?)`);
    }
    const num = (id: string): number => {
      const v = lhr.audits[id]?.numericValue;
      if (typeof v !== "number") throw new Error(`lighthouse ${url}: no value for ${id}`);
      return v;
    };
    const score = lhr.categories.performance?.score;
    if (typeof score !== "number") throw new Error(`lighthouse ${url}: no performance score`);
    const items =
      (lhr.audits["layout-shifts"]?.details as { items?: unknown[] } | undefined)?.items ?? [];
    const shifts = (items as { node?: { snippet?: string; selector?: string }; score?: number }[])
      .map((i) => ({
        element: (i.node?.snippet ?? i.node?.selector ?? "?").slice(0, 160),
        score: Number((i.score ?? 0).toFixed(4)),
      }))
      .filter((s) => s.score > 0);
    return {
      shifts,
      score: Math.round(score * 100),
      lcpMs: Math.round(num("largest-contentful-paint")),
      tbtMs: Math.round(num("total-blocking-time")),
      cls: Number(num("cumulative-layout-shift").toFixed(4)),
      fcpMs: Math.round(num("first-contentful-paint")),
    };
  } finally {
    clearTimeout(timer);
    chrome.kill();
  }
}

/** A real sealed session cookie ("name=value"), signed in with an API key pair as the sign-in form does. */
export async function sessionCookie(
  base: string,
  keys: { api_key: string; secret_key: string },
): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(keys),
    signal: AbortSignal.timeout(30_000),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  if (!res.ok || cookies.length === 0) {
    throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  }
  return cookies.join("; ");
}

/**
 * The pages the suite measures, by the names the table shows (report.ts holds their budgets):
 * a worker's page and the showcase job request's page take their ids.
 */
export function benchPages(
  cookie: string,
  ids: { worker: number; jobRequest: number },
): { name: string; path: string; cookie: string | undefined }[] {
  return [
    { name: "sign-in", path: "/sign-in", cookie: undefined },
    { name: "home", path: "/home", cookie },
    { name: "calendar", path: "/calendar", cookie },
    { name: "workers list", path: "/workers", cookie },
    { name: "worker edit", path: `/workers/${ids.worker}`, cookie },
    { name: "jobs list", path: "/jobs", cookie },
    { name: "post a job", path: "/jobs/new", cookie },
    { name: "job request", path: `/jobs/${ids.jobRequest}`, cookie },
    { name: "badges", path: "/badges", cookie },
    { name: "import", path: "/workers/import", cookie },
    { name: "outbox", path: "/outbox", cookie },
    // The longest page (the whole reference, no script of its own), signed out as its readers are.
    { name: "API reference", path: "/docs", cookie: undefined },
    { name: "not found", path: "/no-such-page", cookie },
  ];
}
