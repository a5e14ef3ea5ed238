import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { expect, hydrated, serverInfo, signInWithDemo, test } from "./fixtures";
import { demoPerson, tryDemoAs } from "./people-helpers";

/**
 * Messages (issue 27): an employer writes to a hired worker from the job page, the demo's
 * worker answers, and every open page follows through the push channel (Server-Sent Events
 * from /api/live/messages) without a reload; unread counts on the jobs list and the job page
 * go when the conversation is opened. A demo posting with three hired workers is used: its
 * conversations start empty on the run's fresh database.
 */

const POSTING = "Event Server – Oakland Arena";

type JobRow = { id: number; worker: { id: number; first_name: string; last_name: string } | null };

/** The posting's id and its first hired worker (by the jobs' order), read through the portal. */
async function posting(page: Page) {
  await page.goto("/jobs?state=filled");
  const link = page.getByRole("link", { name: POSTING });
  await expect(link).toBeVisible();
  const requestId = Number((await link.getAttribute("href"))?.split("/").at(-1));
  const res = await page.request.get(`/api/proxy/jobs?job_request_id=${requestId}&per=50`);
  expect(res.status(), await res.text()).toBe(200);
  const jobs = ((await res.json()) as { jobs: JobRow[] }).jobs.filter((j) => j.worker);
  const job = jobs.sort((a, b) => a.id - b.id)[0];
  if (!job?.worker) throw new Error(`${POSTING} has nobody hired`);
  return {
    requestId,
    jobId: job.id,
    worker: `${job.worker.first_name} ${job.worker.last_name}`,
  };
}

const stamp = () => Math.random().toString(36).slice(2, 8);

/** Opens the worker's conversation on the job page (already there) and returns its log. */
async function openThread(page: Page, worker: string) {
  const toggle = await hydrated(
    page.getByRole("button", { name: new RegExp(`^Messages with ${worker}`) }),
  );
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  return page.getByRole("log", { name: `Messages with ${worker}` });
}

async function signedInContext(browser: Browser) {
  const context = await browser.newContext({ baseURL: serverInfo().baseURL });
  const page = await context.newPage();
  await signInWithDemo(page);
  return { context, page };
}

test("write to a hired worker, the worker replies, a second browser follows live, unread counts go when read", async ({
  signedIn: page,
  browser,
}) => {
  test.slow();
  const { requestId, jobId, worker } = await posting(page);
  await page.goto(`/jobs/${requestId}`);
  const log = await openThread(page, worker);
  await expect(page.getByText("No messages yet.", { exact: false })).toBeVisible();

  // The employer writes: the box counts, Send waits while it goes, the message shows.
  const first = `Gate code is 4412 (${stamp()})`;
  const box = page.getByLabel(`Message to ${worker}`);
  await box.fill(first);
  await expect(page.getByText(`${first.length} / 2,000 characters`)).toBeVisible();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(log.getByText(first)).toBeVisible();
  await expect(box).toHaveValue("");

  // A second browser on the same job sees what the first sends, live (no reload).
  const other = await signedInContext(browser);
  await other.page.goto(`/jobs/${requestId}`);
  const otherLog = await openThread(other.page, worker);
  await expect(otherLog.getByText(first)).toBeVisible();
  const second = `Park on Coliseum Way (${stamp()})`;
  await box.fill(second);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(otherLog.getByText(second)).toBeVisible();

  // The demo's worker answers from the first page; the second sees the reply arrive.
  const reply = `Running ten minutes late (${stamp()})`;
  await page.getByLabel(`Demo: act as the worker — ${worker}'s reply`).fill(reply);
  await page.getByRole("button", { name: `Reply as ${worker}` }).click();
  await expect(log.getByText(reply)).toBeVisible();
  await expect(otherLog.getByText(reply)).toBeVisible();
  // Oldest first.
  await expect(log.locator("p.whitespace-pre-wrap")).toHaveText([first, second, reply]);
  await other.context.close();

  // On the jobs list: the worker writes again (from the worker's side, not this page), and
  // the posting's row counts it, live.
  await page.goto("/jobs?state=filled");
  const row = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: POSTING }) });
  await expect(row).toBeVisible();
  await expect(row.getByText(/unread/)).toHaveCount(0);
  const late = `Actually twenty minutes, sorry (${stamp()})`;
  const sent = await page.request.post(`/api/proxy/jobs/${jobId}/simulate`, {
    data: { action: "message", body: late },
    headers: { origin: serverInfo().baseURL },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(row.getByText("1 unread")).toBeVisible();

  // The job page counts it per worker and in total; opening the conversation reads it.
  await row.getByRole("link", { name: POSTING }).click();
  await page.waitForURL(`**/jobs/${requestId}`);
  const toggle = page.getByRole("button", { name: `Messages with ${worker} 1 unread` });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole("heading", { name: "Workers on this job" })).toBeVisible();
  const again = await openThread(page, worker);
  await expect(again.getByText(late)).toBeVisible();
  await expect(page.getByRole("button", { name: `Messages with ${worker}`, exact: true })).toBeVisible();
  await expect(page.getByText("1 unread")).toHaveCount(0);
  await page.goto("/jobs?state=filled");
  await expect(page.getByRole("link", { name: POSTING })).toBeVisible();
  await expect(row.getByText(/unread/)).toHaveCount(0);
});

test("a read-only teammate reads the conversation but has no composer", async ({ page }) => {
  await tryDemoAs(page, demoPerson("read_only"));
  const { requestId, worker } = await posting(page);
  await page.goto(`/jobs/${requestId}`);
  const log = await openThread(page, worker);
  await expect(log.or(page.getByText("No messages yet."))).toBeVisible();
  await expect(
    page.getByText("Your role can read this conversation but not write in it."),
  ).toBeVisible();
  await expect(page.getByLabel(`Message to ${worker}`)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Reply as / })).toHaveCount(0);
});

test("axe and screenshots: the jobs list with a count, the conversation, at 1280 and 390 px, light and dark", async ({
  signedIn: page,
}) => {
  test.slow();
  const { requestId, jobId, worker } = await posting(page);
  const origin = { origin: serverInfo().baseURL };
  for (const body of ["Which entrance do I use?", "I'm at gate D."]) {
    const res = await page.request.post(`/api/proxy/jobs/${jobId}/simulate`, {
      data: { action: "message", body },
      headers: origin,
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const shot = (name: string) => test.info().outputPath(`${name}.png`);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width] of [
      ["desktop", 1280],
      ["phone", 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/jobs?state=filled");
      const row = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: POSTING }) });
      if (scheme === "light" && label === "desktop") {
        await expect(row.getByText("2 unread")).toBeVisible();
      }
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: shot(`messages-list-${scheme}-${label}`), fullPage: true });

      await page.goto(`/jobs/${requestId}`);
      const log = await openThread(page, worker);
      await expect(log.getByText("I'm at gate D.")).toBeVisible();
      await page.getByLabel(`Message to ${worker}`).fill("Gate D is right. Ask for Sam.");
      await expectNoSeriousViolations(page);
      await log.scrollIntoViewIfNeeded();
      await page.screenshot({ path: shot(`messages-thread-${scheme}-${label}`), fullPage: true });
    }
  }
});
