import type { Browser, Page, Request } from "@playwright/test";
import { expect, hydrated, serverInfo, test } from "./fixtures";

/**
 * The job page pushed live, not polled (issue 27): two browsers on one job request; a hire and
 * the demo worker's start in the first show in the second through the live stream's `job`
 * events, and the second asks nothing while nothing happens (no 5-second poll on our API).
 */

const OAKLAND_DC = { latitude: "37.741", longitude: "-122.2036" };

/** A posting of our own (3 slots, no badges) near the demo's workers, through the portal. */
async function newPosting(page: Page): Promise<{ id: number; name: string }> {
  const name = `Live crew ${Date.now().toString(36)}`;
  const res = await page.request.post("/api/proxy/job_requests", {
    headers: { origin: serverInfo().baseURL },
    data: {
      job_request: {
        request_name: name,
        category: "Fulfillment / Warehousing",
        state: "posted",
        description_tasks: "Unload trailers and stage pallets.",
        slots: 3,
        start_time: "2027-03-01 09:00",
        timezone: "America/Los_Angeles",
        duration: 480,
        wage: 24.5,
        address: "8000 Edgewater Dr",
        city: "Oakland",
        address_state: "CA",
        zip: "94621",
        ...OAKLAND_DC,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { job_request: { id: number } }).job_request.id, name };
}

/** Another signed-in browser (same company, its own tab, state and stream), not yet anywhere. */
async function secondBrowser(browser: Browser, from: Page): Promise<Page> {
  const context = await browser.newContext({
    storageState: await from.context().storageState(),
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "UTC",
  });
  return context.newPage();
}

test("a second browser follows hires and the worker's moves live, and asks nothing while idle", async ({
  signedIn: page,
  browser,
}) => {
  await page.goto("/workers");
  test.slow();
  const { id, name } = await newPosting(page);
  const url = `/jobs/${id}`;
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  const watcher = await secondBrowser(browser, page);
  // Its reads of this request and its jobs.
  const reads: string[] = [];
  const mine = (r: Request) =>
    new RegExp(`/api/proxy/(jobs\\?job_request_id=${id}\\b|job_requests/${id}$)`).test(r.url());
  watcher.on("request", (r) => {
    if (mine(r)) reads.push(r.url());
  });
  const streamOpen = watcher.waitForResponse(
    (r) => r.url().includes(`/api/live/messages?job_request_id=${id}`) && r.status() === 200,
  );
  await watcher.goto(url);
  await expect(watcher.getByRole("heading", { level: 1, name })).toBeVisible();
  // The stream is open (it reads the page again once, on opening): then 12 s of idleness.
  await streamOpen;
  await watcher.waitForTimeout(1_000);
  reads.length = 0;
  await watcher.waitForTimeout(12_000);
  expect(reads, "an idle job page asks nothing (no 5 s poll)").toEqual([]);

  // The first browser hires the nearest candidate: the second shows the worker.
  const panel = page.getByRole("region", { name: "Ranked candidates" });
  const hire = await hydrated(panel.getByRole("button", { name: /^Hire / }).first());
  const worker = ((await hire.getAttribute("aria-label")) ?? "").replace(/^Hire /, "");
  expect(worker).not.toBe("");
  await hire.click();
  const hiredHere = page.getByRole("list", { name: "Hired workers" });
  await expect(hiredHere.getByRole("link", { name: worker })).toBeVisible();
  const hiredThere = watcher.getByRole("list", { name: "Hired workers" });
  // Well within the 5 s a poll would take at worst; no poll runs at all.
  await expect(hiredThere.getByRole("link", { name: worker })).toBeVisible({ timeout: 4_000 });
  await expect(watcher.getByText(/^1 of 3 hired$/)).toBeVisible();

  // The demo's worker starts the job in the first browser: the second shows them working.
  await page.getByRole("button", { name: `Demo: ${worker} starts the job` }).click();
  const card = hiredThere
    .getByRole("listitem")
    .filter({ has: watcher.getByRole("link", { name: worker }) });
  await expect(card.getByText("Working", { exact: true })).toBeVisible({ timeout: 4_000 });
  // The request followed its job: in progress there too (read again on the same event).
  await expect(watcher.getByText("In progress", { exact: true }).first()).toBeVisible();
  // Each change was read once per event burst, not on a timer.
  expect(reads.length).toBeGreaterThan(0);
  expect(reads.length).toBeLessThanOrEqual(8);
  await watcher.context().close();
});
