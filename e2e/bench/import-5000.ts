/**
 * Benchmark (not a test): the portal's CSV import with a generated 5,000-row file, driven in
 * Chromium like a person would. Prints rows per second for the preview's validation and for the
 * sending, and the page's longest main-thread task (PerformanceObserver "longtask") in each
 * phase: the page must stay responsive while it works.
 *
 *   npm run bench:import                       # a server must answer at BASE_URL
 *   BASE_URL=http://127.0.0.1:3400 ROWS=5000 npm run bench:import
 *
 * It expects a running portal with the embedded API and the seeded demo ("Try the demo"): the
 * production build (`npm start`), or the e2e server (`E2E_PORT=3480 node
 * e2e/portal/start-server.mjs`, which starts one on a fresh database). Every run imports new
 * workers (unique e-mails, phones and external IDs), so it can be repeated on one database.
 */
import { chromium, type Page } from "@playwright/test";

const BASE_URL = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const ROWS = Number(process.env.ROWS ?? 5000);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type LongTask = { start: number; duration: number };
type PhaseResult = {
  ms: number;
  rowsPerSecond: number;
  longestTaskMs: number;
  longTasks: number;
  /** The longest tasks: when (ms into the phase) and how long. */
  worst: { at: number; ms: number }[];
};

/** ROWS workers, about 1 % of them with a problem (bad e-mail, blank name, duplicate). */
function makeFile(): { text: string; bad: number } {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const first = ["Ava", "Noah", "Mia", "Liam", "Zoe", "Omar", "Ines", "Kai", "Lena", "Yusuf"];
  const phones = new Set<string>();
  const lines = ["First Name,Last Name,E-mail,Mobile,Employee ID,City,State"];
  let bad = 0;
  for (let i = 0; i < ROWS; i++) {
    // German mobiles (+49 151 + 8 digits) never collide with the demo's or another run's.
    let digits: string;
    do digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
    while (phones.has(digits));
    phones.add(digits);
    let email = `bench-${run}-${i}@example.com`;
    let last = `Bench-${i}`;
    if (i % 100 === 37) {
      bad++;
      if (i % 300 === 37) email = `bench-${run}-${i} at example.com`;
      else if (i % 300 === 137) last = "";
      else email = `bench-${run}-${i - 1}@example.com`;
    }
    const phone = i % 2 ? `+49 151 ${digits.slice(0, 4)} ${digits.slice(4)}` : `+49151${digits}`;
    lines.push(
      `${first[i % first.length]},${last},${email},${phone},BENCH-${run}-${i},Springfield,IL`,
    );
  }
  return { text: `${lines.join("\r\n")}\r\n`, bad };
}

async function now(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

async function longTasksBetween(page: Page, from: number, to: number): Promise<LongTask[]> {
  const all = await page.evaluate(
    () => (window as unknown as { __longTasks: LongTask[] }).__longTasks,
  );
  return all.filter((t) => t.start + t.duration >= from && t.start <= to);
}

function phase(rows: number, from: number, to: number, tasks: LongTask[]): PhaseResult {
  const ms = to - from;
  return {
    ms: Math.round(ms),
    rowsPerSecond: Math.round((rows / ms) * 1000),
    longestTaskMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
    longTasks: tasks.length,
    worst: [...tasks]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 5)
      .map((t) => ({ at: Math.round(t.start - from), ms: Math.round(t.duration) })),
  };
}

async function main() {
  try {
    const res = await fetch(`${BASE_URL}/api_v2/info`);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch (err) {
    console.error(
      `No portal answers at ${BASE_URL} (${(err as Error).message}). Start one (npm start, or ` +
        "E2E_PORT=3480 node e2e/portal/start-server.mjs) and set BASE_URL.",
    );
    process.exit(1);
  }
  const file = makeFile();
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 1280, height: 900 },
    });
    // Every task over 50 ms on the page's main thread, from the first script on.
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: LongTask[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: "longtask", buffered: true });
    });
    const page = await context.newPage();
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Try the demo" }).click();
    await page.waitForURL(/\/home$/);
    await page.goto("/workers/import");
    await page.getByRole("button", { name: "Try the sample file" }).waitFor();
    await page.waitForTimeout(500);

    // Reading the file (papaparse, in one go) up to the mapping step.
    const p0 = await now(page);
    await page.getByLabel("Choose a file").setInputFiles({
      name: `bench-${ROWS}.csv`,
      mimeType: "text/csv",
      buffer: Buffer.from(file.text),
    });
    await page.getByRole("heading", { name: "Match your columns" }).waitFor();
    const p1 = await now(page);

    // The preview: every row validated in slices, then counted and the first page drawn.
    // Clocks are read before each click: the page may be too busy to answer right after it.
    const v0 = await now(page);
    await page.getByRole("button", { name: /^Review/ }).click();
    await page.getByText("Ready to invite").waitFor({ timeout: 120_000 });
    const v1 = await now(page);
    const ready = ROWS - file.bad;

    await page.getByRole("button", { name: /^Continue with/ }).click();
    const invite = page.getByRole("button", { name: /^Invite \d/ });
    await invite.waitFor();
    const s0 = await now(page);
    await invite.click();
    await page.getByRole("heading", { name: "Import finished" }).waitFor({ timeout: 30 * 60_000 });
    const s1 = await now(page);
    const summary = await page
      .getByRole("status")
      .filter({ hasText: /created ·/ })
      .textContent();

    const result = {
      baseURL: BASE_URL,
      rows: ROWS,
      readyRows: ready,
      parse: phase(ROWS, p0, p1, await longTasksBetween(page, p0, p1)),
      preview: phase(ROWS, v0, v1, await longTasksBetween(page, v0, v1)),
      send: {
        ...phase(ROWS, s0, s1, await longTasksBetween(page, s0, s1)),
        invitesPerSecond: Math.round((ready / (s1 - s0)) * 1000 * 10) / 10,
      },
      summary,
    };
    const lines = [
      `CSV import of ${ROWS} rows (${ready} ready) at ${BASE_URL}`,
      `  read file : ${result.parse.ms} ms, longest task ${result.parse.longestTaskMs} ms`,
      `  preview   : ${result.preview.rowsPerSecond} rows/s (${result.preview.ms} ms), longest task ${result.preview.longestTaskMs} ms, ${result.preview.longTasks} tasks > 50 ms`,
      `  send      : ${result.send.rowsPerSecond} rows/s, ${result.send.invitesPerSecond} invites/s (${(result.send.ms / 1000).toFixed(1)} s), longest task ${result.send.longestTaskMs} ms, ${result.send.longTasks} tasks > 50 ms`,
      `  report    : ${summary}`,
    ];
    process.stdout.write(`${lines.join("\n")}\n${JSON.stringify(result)}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
