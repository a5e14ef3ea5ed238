import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import {
  type APIRequestContext,
  type BrowserContext,
  test as base,
  expect,
  type Page,
  type Response as PageResponse,
  type PlaywrightWorkerArgs,
} from "@playwright/test";
import type { FaultRule, FaultUpstream } from "./fault-upstream.mjs";
import { chooseKeyPair, fillInviteForm, hydrated, serverInfo, uniqueWorker } from "./fixtures";

/**
 * The portal with its upstream slow, down, or answering garbage. Live keys (pk_live_…) go to a
 * fault-injecting server (fault-upstream.mjs) in front of a fake of the real service; the
 * portal under test is a second production server from the suite's build, started here with a
 * short UPSTREAM_TIMEOUT_MS so that "too slow" costs seconds, not the default 15.
 *
 * Whatever the fault, every page must say plainly what happened and what to do, keep its
 * heading and the navigation, show no stack trace or internal text, and work again once the
 * fault clears. Reads (GET) may be asked again, a bounded number of times; writes are sent
 * exactly once. Over plain HTTP, /api/proxy answers the portal's own error shape with 502, 503
 * or 504, within the timeout.
 *
 * Figures (time to the message, requests the upstream saw) are printed and written to
 * test-results/upstream-faults.json. STRESS=1 adds the long form: rounds of concurrent calls
 * through every fault (FAULT_ROUNDS, default 8; FAULT_CONCURRENCY, default 40).
 */

/** The portal's upstream timeout in this spec, and how much longer a "slow" upstream takes. */
const TIMEOUT_MS = 2_000;
const SLOW_MS = 3 * TIMEOUT_MS;
/** What the portal may add to the timeout before it answers (a busy two-core machine). */
const MARGIN_MS = 5_000;
/** Long enough for react-query to have sent a retry, had it wanted to. */
const RETRY_WINDOW_MS = 1_500;

/** The one key pair the fake real service accepts (fake-real-service.mjs, FAKE_LIVE_KEYS). */
const LIVE = {
  api_key: "pk_live_FAKEREALSERVICE000000001",
  secret_key: "sk_live_FAKEREALSERVICESECRET0000001",
};
/** Seeded by the fake: its newest worker. */
const WORKER = { id: 880101, name: "Maria Garcia" };

type Fault = {
  name: string;
  /** Absent: the upstream is down (nothing listens: connection refused). */
  rule?: Omit<FaultRule, "method" | "path">;
  /** What /api/proxy answers, and its error code. */
  status: number;
  code: string;
  /** What a page says after a read failed, and after a write failed. */
  read: RegExp;
  write: RegExp;
  /** A failed read is asked again once (react-query); a timeout is not (it already waited). */
  readAttempts: number;
};

/** A write that failed this way may still have happened: the user is told to check first. */
const UNKNOWN_OUTCOME =
  /so this change may or may not have been made\. Check before you try again\./;

const FAULTS: Fault[] = [
  {
    name: "slow (answers after the timeout)",
    rule: { mode: "slow", delayMs: SLOW_MS },
    status: 504,
    code: "upstream_timeout",
    read: /^The API did not answer in time\. Try again in a moment\.$/,
    write: new RegExp(`^The API did not answer in time, ${UNKNOWN_OUTCOME.source}$`),
    readAttempts: 1,
  },
  {
    name: "down (connection refused)",
    status: 502,
    code: "upstream_unavailable",
    read: /^The API cannot be reached right now\. Try again in a moment\.$/,
    write: /^The API cannot be reached right now\. Try again in a moment\.$/,
    readAttempts: 2,
  },
  {
    name: "connection reset before any answer",
    rule: { mode: "reset", at: "start" },
    status: 502,
    code: "upstream_connection_lost",
    read: /^The connection to the API broke off\. Try again in a moment\.$/,
    write: new RegExp(
      `^The connection to the API broke off before it answered, ${UNKNOWN_OUTCOME.source}$`,
    ),
    readAttempts: 2,
  },
  {
    name: "connection reset in the middle of the answer",
    rule: { mode: "reset", at: "mid" },
    status: 502,
    code: "upstream_connection_lost",
    read: /^The connection to the API broke off\. Try again in a moment\.$/,
    write: new RegExp(
      `^The connection to the API broke off before it answered, ${UNKNOWN_OUTCOME.source}$`,
    ),
    readAttempts: 2,
  },
  ...(
    [
      ["an HTML page with 200", "html"],
      ["truncated JSON with 200", "truncated"],
      ["JSON of the wrong shape with 200", "wrong-shape"],
      ["an empty 200", "empty"],
    ] as const
  ).map(
    ([name, kind]): Fault => ({
      name,
      rule: { mode: "garbage", kind },
      status: 502,
      code: "upstream_bad_answer",
      read: /^The API answered with something the portal cannot read\. Try again in a moment\.$/,
      write: new RegExp(`^The API's answer could not be read, ${UNKNOWN_OUTCOME.source}$`),
      readAttempts: 2,
    }),
  ),
  {
    name: "a proxy's 502 HTML page",
    rule: { mode: "garbage", kind: "proxy-502" },
    status: 502,
    code: "upstream_error",
    read: /^The API had a problem answering\. Try again in a moment\.$/,
    write: /^The API had a problem answering\. Try again in a moment\.$/,
    readAttempts: 2,
  },
];

/**
 * For the pages' reads, where each fault costs a retry: every kind of failure, but not every
 * kind of unreadable 200 (truncated JSON and an empty body reach a page as the HTML page does,
 * the same 502 from the portal; the HTTP test checks each of them call by call).
 */
const PAGE_READ_FAULTS = FAULTS.filter(
  (f) => f.rule?.kind !== "truncated" && f.rule?.kind !== "empty",
);

// ---------------------------------------------------------------------------------------------
// The portal under test: its own production server, on the suite's build, pointed at the fault
// server for live keys.

type Cookies = Parameters<BrowserContext["addCookies"]>[0];
type Faults = {
  upstream: FaultUpstream;
  portalURL: string;
  /** A live session, signed in once for the whole run (the sign-in page has its own test). */
  session: Cookies;
  portalPid: number | undefined;
};

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

async function startPortal(
  upstreamURL: string,
): Promise<{ url: string; pid: number | undefined; stop(): Promise<void> }> {
  const { appDir } = serverInfo();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ep-portal-faults-data-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child: ChildProcess = spawn(process.execPath, ["lib/server/launch.mjs", "server"], {
    cwd: appDir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      // Only live keys are used here; nothing needs the demo company.
      SEED_DEMO: "false",
      OUTBOX_DISPATCHER: "false",
      LOG_LEVEL: "error",
      SESSION_SECRET: "",
      API_BASE_URL_TEST: "",
      API_BASE_URL_LIVE: upstreamURL,
      UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the portal under test did not start:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api_v2/info`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal under test did not answer within 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, pid: child.pid, stop };
}

/** Figures for the report: time from the action to the message, requests the upstream saw. */
const figures: { surface: string; fault: string; ms: number; requests: number }[] = [];

const test = base.extend<{ faults: Faults; signedIn: Page }, { faultsWorker: Faults }>({
  faultsWorker: [
    async ({ playwright }, use) => {
      const { createFaultUpstream } = await import("./fault-upstream.mjs");
      const upstream = await createFaultUpstream().start();
      const started = Date.now();
      const portal = await startPortal(upstream.url);
      figures.push({
        surface: "portal under test",
        fault: "(started)",
        ms: Date.now() - started,
        requests: 0,
      });
      try {
        const ctx = await playwright.request.newContext({ baseURL: portal.url });
        const res = await ctx.post("/api/session", { data: LIVE, headers: { origin: portal.url } });
        expect(res.status(), await res.text()).toBe(200);
        const { cookies } = await ctx.storageState();
        await ctx.dispose();
        await use({ upstream, portalURL: portal.url, session: cookies, portalPid: portal.pid });
      } finally {
        await portal.stop();
        await upstream.close();
      }
    },
    { scope: "worker", timeout: 150_000 },
  ],
  faults: async ({ faultsWorker }, use) => {
    // Every test starts with a healthy upstream and the fake's seeded company.
    await faultsWorker.upstream.reset();
    const res = await fetch(`${faultsWorker.upstream.url}/__control/reset`, { method: "POST" });
    expect(res.status).toBe(200);
    faultsWorker.upstream.clearCounts();
    await use(faultsWorker);
    await faultsWorker.upstream.reset();
  },
  signedIn: async ({ page, faults }, use) => {
    await page.context().addCookies(faults.session);
    await use(page);
  },
  baseURL: async ({ faultsWorker }, use) => use(faultsWorker.portalURL),
});

/**
 * Puts `fault` on calls of `method` to `apiPath` (under /api_v2; several pairs at once), or
 * takes the upstream down. Counts are kept: tests that want them per fault clear them.
 */
async function inject(upstream: FaultUpstream, fault: Fault, ...targets: [string, string][]) {
  upstream.setRules([]);
  await upstream.up();
  if (!fault.rule) return upstream.down();
  const rule = fault.rule;
  upstream.setRules(
    targets.map(([method, apiPath]) => ({ ...rule, method, path: `/api_v2/${apiPath}` })),
  );
}

/**
 * Resolves with the page's calls to the portal's own `pathname` once `n` of them have been
 * answered: how many times the page asked (a retry included), whatever the upstream saw.
 */
function proxyAnswers(page: Page, pathname: string, n: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const statuses: number[] = [];
    const timer = setTimeout(
      () => {
        page.off("response", on);
        reject(new Error(`${statuses.length} of ${n} answers to ${pathname} came: ${statuses}`));
      },
      n * (TIMEOUT_MS + MARGIN_MS),
    );
    const on = (r: PageResponse) => {
      if (new URL(r.url()).pathname !== pathname) return;
      statuses.push(r.status());
      if (statuses.length < n) return;
      clearTimeout(timer);
      page.off("response", on);
      resolve(statuses);
    };
    page.on("response", on);
  });
}

// ---------------------------------------------------------------------------------------------
// What a page must never show.

function internals(upstreamURL: string): [what: string, pattern: RegExp][] {
  const { host } = new URL(upstreamURL);
  return [
    ["a stack frame", /\bat (?:async )?[\w$.<>]+ \(|\bat (?:file:\/\/|node:|\/)/],
    [
      "an error class",
      /\b\w*Error:|\b(?:Type|Syntax|Reference|Range|Abort|Timeout|DOMException|ApiClient)Error\b/,
    ],
    ["a file path", /(?:\/[\w.@-]+){2,}\.(?:[cm]?[jt]sx?|json)\b|node_modules|\/tmp\/|\/work\//],
    [
      "a system error",
      /\bE(?:CONN\w+|TIMEDOUT|PIPE|AI_AGAIN|NOTFOUND)\b|UND_ERR|fetch failed|socket hang up|other side closed|\bterminated\b/i,
    ],
    ["a parser message", /Unexpected (?:token|end of)|JSON\.parse|is not valid JSON/],
    ["a leaked value", /\bundefined\b|\[object Object\]|\bNaN\b|\bnull\b/],
    ["the upstream's address", new RegExp(host.replace(/[.]/g, "\\."))],
    ["the upstream's own page", /nginx|Bad Gateway|Welcome to/i],
    ["Next's crash page", /Application error|client-side exception|This page could not be shown/],
  ];
}

/** What the user sees: rendered text only (textContent would read the page's scripts too). */
function visibleText(page: Page): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
  return page.locator("body").innerText();
}

/** Internal text found in `text`: "<what>: <the match>" for each kind, none when clean. */
function internalsIn(text: string, upstreamURL: string): string[] {
  return internals(upstreamURL)
    .map(([what, pattern]) => [what, text.match(pattern)?.[0]] as const)
    .filter(([, found]) => found !== undefined)
    .map(([what, found]) => `${what}: ${found}`);
}

function expectNoInternals(text: string, upstreamURL: string, where: string) {
  expect(internalsIn(text, upstreamURL), `${where} shows internal text`).toEqual([]);
}

/** The page is a whole portal page: its heading, the main navigation, nothing internal. */
async function expectWholePage(
  page: Page,
  upstreamURL: string,
  heading: string | RegExp,
  where: string,
) {
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expectNoInternals(await visibleText(page), upstreamURL, where);
}

/** Errors the page's script threw and nobody caught: each one is a bug. */
function uncaught(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  return errors;
}

/** Alerts the page shows, without Next's route announcer (which also has role="alert"). */
const alerts = (page: Page) => page.getByRole("alert").filter({ hasText: /\S/ });

test.afterAll(() => {
  if (figures.length === 0) return;
  const lines = figures.map(
    (f) =>
      `  ${f.surface.padEnd(28)} ${f.fault.padEnd(46)} ${String(f.ms).padStart(6)} ms  ${f.requests} upstream request(s)`,
  );
  process.stdout.write(`\nupstream faults (timeout ${TIMEOUT_MS} ms):\n${lines.join("\n")}\n`);
  const out = path.join(path.resolve(__dirname, "../.."), "test-results", "upstream-faults.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify({ timeoutMs: TIMEOUT_MS, figures }, null, 2)}\n`);
});

// ---------------------------------------------------------------------------------------------

/** A call to the portal's own HTTP routes, and the upstream call it makes. */
type HttpCall = {
  method: string;
  url: string;
  /** The upstream call it makes: method and path under /api_v2. */
  upstream: [string, string];
  data?: Record<string, unknown>;
  /** Changes nothing upstream: a read's message. */
  safe: boolean;
  /** Other upstream calls it makes, which the fault hits too when it is on their path. */
  also?: [string, string][];
};

const HTTP_CALLS: HttpCall[] = [
  {
    method: "POST",
    url: "/api/session",
    upstream: ["POST", "authenticate"],
    data: LIVE,
    safe: true,
  },
  {
    method: "GET",
    url: "/api/proxy/users?per=25&page=1",
    upstream: ["GET", "users"],
    safe: true,
  },
  { method: "GET", url: `/api/proxy/users/${WORKER.id}`, upstream: ["GET", "users/*"], safe: true },
  {
    method: "GET",
    url: "/api/proxy/badges?per=50&page=1",
    upstream: ["GET", "badges"],
    safe: true,
  },
  {
    method: "PATCH",
    url: `/api/proxy/users/${WORKER.id}`,
    upstream: ["PATCH", "users/*"],
    data: { user: { city: "Nowhere" } },
    safe: false,
  },
  {
    method: "POST",
    url: "/api/proxy/users/invite",
    upstream: ["POST", "users/invite"],
    data: {
      type: "Worker",
      first_name: "Http",
      last_name: "Fault",
      email: "http.fault@example.com",
      phone: "+14155550199",
    },
    safe: false,
  },
  {
    method: "GET",
    url: "/api/export/workers",
    upstream: ["GET", "users"],
    also: [["GET", "badges"]],
    safe: true,
  },
];

/** An invitation nobody else sends (the fake refuses a second one for the same e-mail). */
function uniqueData(call: HttpCall, tag: string): HttpCall["data"] {
  if (call.upstream[1] !== "users/invite") return call.data;
  return { ...call.data, email: `http.fault.${tag}@example.com` };
}

async function signedInContext(playwright: PlaywrightWorkerArgs["playwright"], portalURL: string) {
  const ctx = await playwright.request.newContext({ baseURL: portalURL });
  const res = await ctx.post("/api/session", { data: LIVE, headers: { origin: portalURL } });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

type Answer = { status: number; type: string; text: string; ms: number; where: string };

/** One call to the portal, answered within the timeout plus a margin, or this fails. */
async function callPortal(
  ctx: APIRequestContext,
  portalURL: string,
  call: HttpCall,
  data: HttpCall["data"],
): Promise<Answer> {
  const started = Date.now();
  const res = await ctx.fetch(call.url, {
    method: call.method,
    data,
    headers: { origin: portalURL },
    timeout: TIMEOUT_MS + MARGIN_MS,
  });
  const text = await res.text();
  return {
    status: res.status(),
    type: res.headers()["content-type"] ?? "",
    text,
    ms: Date.now() - started,
    where: `${call.method} ${call.url}`,
  };
}

/** `{"error": {"code", "message"}}` and nothing else, with the fault's status, code and words. */
/**
 * How `answer` differs from `{"error": {"code", "message"}}` with the fault's status, code and
 * words (none when it is right). A list, so that a batch of calls is one assertion.
 */
function portalErrorProblems(answer: Answer, fault: Fault, call: HttpCall, upstreamURL: string) {
  const problems: string[] = [];
  const wrong = (what: string, got: unknown) =>
    problems.push(`${answer.where} with ${fault.name}: ${what}, got ${JSON.stringify(got)}`);
  if (answer.status !== fault.status) wrong(`status ${fault.status}`, answer.status);
  if (!answer.type.startsWith("application/json")) wrong("JSON", answer.type);
  let body: { error?: { code?: unknown; message?: unknown } } = {};
  try {
    body = JSON.parse(answer.text);
  } catch {
    wrong("a JSON body", answer.text);
  }
  if (Object.keys(body).join() !== "error") wrong("only an error", answer.text);
  if (
    Object.keys(body.error ?? {})
      .sort()
      .join() !== "code,message"
  )
    wrong("code and message", body.error);
  if (body.error?.code !== fault.code) wrong(`code ${fault.code}`, body.error?.code);
  const words = call.safe ? fault.read : fault.write;
  if (typeof body.error?.message !== "string" || !words.test(body.error.message))
    wrong(`a message like ${words}`, body.error?.message);
  for (const found of internalsIn(answer.text, upstreamURL)) wrong("no internal text", found);
  return problems;
}

/** Each call reached the upstream exactly once (none when it was down); returns the total. */
/** Each call reached the upstream exactly once (none when it was down); returns the total. */
function expectSentOnce(upstream: FaultUpstream, fault: Fault, calls: HttpCall[]): number {
  const expected: Record<string, number> = {};
  for (const call of calls) {
    for (const [m, p] of [call.upstream, ...(call.also ?? [])]) {
      const key = `${m} /api_v2/${p.replace("*", String(WORKER.id))}`;
      expected[key] = (expected[key] ?? 0) + (fault.rule ? 1 : 0);
    }
  }
  const seen = upstream.counts();
  const got = Object.fromEntries(Object.keys(expected).map((key) => [key, seen[key] ?? 0]));
  expect(got, `upstream calls with ${fault.name}`).toEqual(expected);
  return Object.values(seen).reduce((a, b) => a + b, 0);
}

/** Resident memory of a process and its children, in MB. */
function residentMB(pid: number | undefined): number | null {
  const rss = (p: number): number => {
    try {
      const status = fs.readFileSync(`/proc/${p}/status`, "utf8");
      const children = fs
        .readFileSync(`/proc/${p}/task/${p}/children`, "utf8")
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
      const kb = Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0);
      return kb + children.reduce((sum, c) => sum + rss(c), 0);
    } catch {
      return 0;
    }
  };
  const kb = pid === undefined ? 0 : rss(pid);
  return kb > 0 ? Math.round(kb / 1024) : null;
}

test.describe("the portal with its upstream slow, down or answering garbage", () => {
  test("sign-in says what went wrong, on the sign-in page, within the timeout", async ({
    page,
    faults,
  }) => {
    const errors = uncaught(page);
    await page.goto("/sign-in");
    const button = await hydrated(page.getByRole("button", { name: "Sign in" }));
    await chooseKeyPair(page);
    await page.getByLabel("API key").fill(LIVE.api_key);
    await page.getByLabel("Secret key").fill(LIVE.secret_key);
    for (const fault of FAULTS) {
      await inject(faults.upstream, fault, ["POST", "authenticate"]);
      faults.upstream.clearCounts();
      const started = Date.now();
      const answer = page.waitForResponse(
        (r) => new URL(r.url()).pathname === "/api/session" && r.request().method() === "POST",
        { timeout: TIMEOUT_MS + MARGIN_MS },
      );
      await button.click();
      expect((await answer).status(), fault.name).toBe(fault.status);
      // Signing in changes nothing upstream: a read's message, never "may or may not".
      await expect(alerts(page), fault.name).toHaveText(fault.read);
      figures.push({
        surface: "sign-in",
        fault: fault.name,
        ms: Date.now() - started,
        requests: faults.upstream.count("POST", "/api_v2/authenticate"),
      });
      await expect(page).toHaveURL(/\/sign-in/);
      await expect(
        page.getByRole("heading", { level: 1, name: "Sign in to the Employer Portal" }),
      ).toBeVisible();
      expectNoInternals(await visibleText(page), faults.upstream.url, fault.name);
      // POST /authenticate is sent once per click: the portal never retries a sign-in.
      expect(faults.upstream.count("POST", "/api_v2/authenticate"), fault.name).toBe(
        fault.rule ? 1 : 0,
      );
    }
    // The fault clears: the same keys, the same button, and the user is in.
    await faults.upstream.reset();
    await button.click();
    await page.waitForURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("the worker list: a plain message, a read asked once more at most, and Retry works", async ({
    signedIn: page,
    faults,
  }) => {
    const errors = uncaught(page);
    const retry = page.getByRole("button", { name: "Retry" });
    for (const [i, fault] of PAGE_READ_FAULTS.entries()) {
      await inject(faults.upstream, fault, ["GET", "users"]);
      faults.upstream.clearCounts();
      const answers = proxyAnswers(page, "/api/proxy/users", fault.readAttempts);
      const started = Date.now();
      // The first fault meets a fresh page; the others the Retry of the one before.
      if (i === 0) await page.goto("/workers");
      else await retry.click();
      const statuses = await answers;
      const alert = alerts(page).filter({ hasText: "Workers could not be loaded" });
      await expect(alert.locator("p").nth(1), fault.name).toHaveText(fault.read);
      await expect(retry).toBeEnabled();
      const requests = faults.upstream.count("GET", "/api_v2/users");
      figures.push({
        surface: "worker list",
        fault: fault.name,
        ms: Date.now() - started,
        requests,
      });
      expect(statuses, fault.name).toEqual(Array(fault.readAttempts).fill(fault.status));
      expect(requests, fault.name).toBe(fault.rule ? fault.readAttempts : 0);
      await expectWholePage(
        page,
        faults.upstream.url,
        "Workers",
        `the worker list (${fault.name})`,
      );
    }

    // The fault clears: Retry brings the list.
    await faults.upstream.reset();
    await retry.click();
    await expect(page.getByRole("link", { name: WORKER.name })).toBeVisible();
    await expect(alerts(page)).toHaveCount(0);

    // A failure that clears by itself: the one retry brings the list, and no message at all.
    faults.upstream.setRules([
      { mode: "flaky", failures: 1, failWith: "503", method: "GET", path: "/api_v2/users" },
    ]);
    faults.upstream.clearCounts();
    await page.goto("/workers?per=50");
    await expect(page.getByRole("link", { name: WORKER.name })).toBeVisible();
    expect(faults.upstream.count("GET", "/api_v2/users")).toBe(2);
    await expect(alerts(page)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test("a worker's page: loading fails plainly, and Try again loads it once the fault clears", async ({
    signedIn: page,
    faults,
  }) => {
    const errors = uncaught(page);
    const again = page.getByRole("button", { name: "Try again" });
    const detail = `/api/proxy/users/${WORKER.id}`;
    for (const [i, fault] of PAGE_READ_FAULTS.entries()) {
      await inject(faults.upstream, fault, ["GET", "users/*"]);
      faults.upstream.clearCounts();
      const answers = proxyAnswers(page, detail, fault.readAttempts);
      const started = Date.now();
      if (i === 0) await page.goto(`/workers/${WORKER.id}`);
      else await again.click();
      const statuses = await answers;
      const alert = alerts(page).filter({ hasText: "This worker could not be loaded" });
      await expect(alert.locator("p").nth(1), fault.name).toHaveText(fault.read);
      await expect(again).toBeEnabled();
      const requests = faults.upstream.count("GET", `/api_v2/users/${WORKER.id}`);
      figures.push({
        surface: "worker page (load)",
        fault: fault.name,
        ms: Date.now() - started,
        requests,
      });
      expect(statuses, fault.name).toEqual(Array(fault.readAttempts).fill(fault.status));
      expect(requests, fault.name).toBe(fault.rule ? fault.readAttempts : 0);
      await expectWholePage(
        page,
        faults.upstream.url,
        `Worker #${WORKER.id}`,
        `the worker page (${fault.name})`,
      );
    }

    await faults.upstream.reset();
    await again.click();
    await expect(page.getByRole("heading", { level: 1, name: WORKER.name })).toBeVisible();
    await expect(page.getByLabel("City")).toHaveValue(/\S/);
    expect(errors).toEqual([]);
  });

  test("a worker's save: sent exactly once, a message that says the change may have happened", async ({
    signedIn: page,
    faults,
  }) => {
    const errors = uncaught(page);
    await page.goto(`/workers/${WORKER.id}`);
    await expect(page.getByRole("heading", { level: 1, name: WORKER.name })).toBeVisible();
    const city = await hydrated(page.getByLabel("City"));
    const save = page.getByRole("button", { name: "Save changes" });
    let sent = 0;
    for (const [i, fault] of FAULTS.entries()) {
      await city.fill(`Faultville ${i}`);
      await inject(faults.upstream, fault, ["PATCH", "users/*"]);
      const started = Date.now();
      await save.click();
      if (fault.rule) sent += 1;
      const alert = alerts(page).filter({ hasText: fault.write });
      await expect(alert, fault.name).toBeVisible({ timeout: TIMEOUT_MS + MARGIN_MS });
      const requests = faults.upstream.count("PATCH", "/api_v2/users/*");
      figures.push({
        surface: "worker page (save)",
        fault: fault.name,
        ms: Date.now() - started,
        requests,
      });
      expect(requests, `${fault.name}: PATCHes so far`).toBe(sent);
      await expectWholePage(
        page,
        faults.upstream.url,
        WORKER.name,
        `the worker's save (${fault.name})`,
      );
      // The input is still there, to save again.
      await expect(city).toHaveValue(`Faultville ${i}`);
    }
    await page.waitForTimeout(RETRY_WINDOW_MS);
    expect(faults.upstream.count("PATCH", "/api_v2/users/*"), "a PATCH was sent again").toBe(sent);

    // The fault clears: the same change saves.
    await faults.upstream.reset();
    await save.click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
    expect(faults.upstream.count("PATCH", "/api_v2/users/*")).toBe(1);
    expect(errors).toEqual([]);
  });

  test("an invitation: sent exactly once per click, a plain message, and it goes through afterwards", async ({
    signedIn: page,
    faults,
  }) => {
    const errors = uncaught(page);
    await page.goto("/workers/new");
    const send = await hydrated(page.getByRole("button", { name: "Send invitation" }));
    await fillInviteForm(page, uniqueWorker("faults"));
    let sent = 0;
    for (const fault of [
      ...FAULTS,
      // Refused once, then fine: still not re-sent by the portal.
      {
        ...FAULTS[0]!,
        name: "flaky (a 503 for the first call)",
        rule: { mode: "flaky", failures: 1, failWith: "503" },
        status: 503,
        code: "upstream_error",
        write: /^Service temporarily unavailable$/,
      } satisfies Fault,
    ]) {
      await inject(faults.upstream, fault, ["POST", "users/invite"]);
      const started = Date.now();
      await send.click();
      if (fault.rule) sent += 1;
      const alert = alerts(page).filter({ hasText: fault.write });
      await expect(alert, fault.name).toBeVisible({ timeout: TIMEOUT_MS + MARGIN_MS });
      const requests = faults.upstream.count("POST", "/api_v2/users/invite");
      figures.push({
        surface: "invite (send)",
        fault: fault.name,
        ms: Date.now() - started,
        requests,
      });
      expect(requests, `${fault.name}: invitations sent so far`).toBe(sent);
      await expectWholePage(
        page,
        faults.upstream.url,
        "Invite a worker",
        `the invite form (${fault.name})`,
      );
      await expect(page).toHaveURL(/\/workers\/new$/);
    }
    await page.waitForTimeout(RETRY_WINDOW_MS);
    expect(faults.upstream.count("POST", "/api_v2/users/invite"), "an invitation was re-sent").toBe(
      sent,
    );

    await faults.upstream.reset();
    await send.click();
    await page.waitForURL(/\/workers\/\d+\?invited=1$/);
    expect(faults.upstream.count("POST", "/api_v2/users/invite")).toBe(1);
    expect(errors).toEqual([]);
  });

  test("over plain HTTP: the portal's error shape with 502/503/504, within the timeout, each call sent once", async ({
    playwright,
    faults,
  }) => {
    const ctx = await signedInContext(playwright, faults.portalURL);
    for (const fault of FAULTS) {
      // Every call at once, each with the fault on its upstream call: a slow upstream costs one
      // timeout for all of them.
      await inject(faults.upstream, fault, ...HTTP_CALLS.map((c) => c.upstream));
      faults.upstream.clearCounts();
      const answers = await Promise.all(
        HTTP_CALLS.map((call) => callPortal(ctx, faults.portalURL, call, call.data)),
      );
      const problems = answers.flatMap((answer, i) =>
        portalErrorProblems(answer, fault, HTTP_CALLS[i]!, faults.upstream.url),
      );
      expect(problems, fault.name).toEqual([]);
      const times = answers.map((a) => a.ms);
      // The server routes never ask twice: each upstream call arrived once per call made.
      const requests = expectSentOnce(faults.upstream, fault, HTTP_CALLS);
      figures.push({
        surface: `HTTP, ${HTTP_CALLS.length} calls at once`,
        fault: fault.name,
        ms: Math.max(...times),
        requests,
      });
    }
    await ctx.dispose();
  });
});

// ---------------------------------------------------------------------------------------------
// The long form (STRESS=1): many calls at once, round after round, through every fault and a
// flaky upstream, then a check that the portal is still well.

test.describe("long form: the portal under concurrent calls through every fault", () => {
  test.skip(process.env.STRESS !== "1", "the long form runs with STRESS=1");
  test.setTimeout(15 * 60_000);

  test("every answer the house error (or a real success), each call sent once, healthy afterwards", async ({
    playwright,
    faults,
  }) => {
    const ROUNDS = Number(process.env.FAULT_ROUNDS ?? 8);
    const AT_ONCE = Number(process.env.FAULT_CONCURRENCY ?? 40);
    const ctx = await signedInContext(playwright, faults.portalURL);
    const rssBefore = residentMB(faults.portalPid);
    const flaky = (failWith: "503" | "reset"): Fault => ({
      ...FAULTS[0]!,
      name: `flaky (half fail with ${failWith})`,
      rule: { mode: "flaky", failures: Math.ceil(AT_ONCE / HTTP_CALLS.length / 2), failWith },
    });
    let calls = 0;
    let successes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [f, fault] of [...FAULTS, flaky("503"), flaky("reset")].entries()) {
        await inject(faults.upstream, fault, ...HTTP_CALLS.map((c) => c.upstream));
        faults.upstream.clearCounts();
        // An export that goes through reads every page: its upstream calls are not one per call.
        const pool = fault.rule?.mode === "flaky" ? HTTP_CALLS.filter((c) => !c.also) : HTTP_CALLS;
        const batch = Array.from({ length: AT_ONCE }, (_, i) => pool[(round + i) % pool.length]!);
        const answers = await Promise.all(
          batch.map((call, i) =>
            callPortal(ctx, faults.portalURL, call, uniqueData(call, `${round}-${f}-${i}`)),
          ),
        );
        const problems = answers.flatMap((answer, i) => {
          const call = batch[i]!;
          if (fault.rule?.mode === "flaky" && answer.status < 300) {
            successes += 1;
            return [];
          }
          const expected =
            fault.rule?.mode !== "flaky"
              ? fault
              : fault.rule.failWith === "reset"
                ? FAULTS.find((f) => f.code === "upstream_connection_lost")!
                : { ...fault, status: 503, code: "upstream_error", read: /\S/, write: /\S/ };
          return portalErrorProblems(answer, expected, call, faults.upstream.url);
        });
        expect(problems, `round ${round + 1}, ${fault.name}`).toEqual([]);
        calls += batch.length;
        const requests = expectSentOnce(faults.upstream, fault, batch);
        const sorted = answers.map((a) => a.ms).sort((x, y) => x - y);
        process.stdout.write(
          `round ${round + 1}/${ROUNDS} ${fault.name}: ${requests} upstream requests, slowest ${sorted.at(-1)} ms\n`,
        );
        figures.push({
          surface: `stress round ${round + 1}, ${AT_ONCE} at once`,
          fault: fault.name,
          ms: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
          requests,
        });
      }
    }
    // The fault gone, the portal answers as before: nothing stuck, nothing poisoned.
    await faults.upstream.reset();
    const list = await ctx.get("/api/proxy/users?per=25&page=1", {
      timeout: TIMEOUT_MS + MARGIN_MS,
    });
    expect(list.status()).toBe(200);
    expect(((await list.json()) as { users: unknown[] }).users.length).toBe(25);
    const rssAfter = residentMB(faults.portalPid);
    process.stdout.write(
      `\nlong form: ${calls} calls in ${ROUNDS} rounds of ${AT_ONCE}, ${successes} flaky successes; portal RSS ${rssBefore} MB before, ${rssAfter} MB after\n`,
    );
    await ctx.dispose();
  });
});
