import type { Browser, Locator, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import {
  expect,
  hydrated,
  screenshotForPeople,
  serverInfo,
  signInWithDemo,
  test,
} from "./fixtures";
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

/**
 * The posting's id and a hired worker whose conversation is still empty (the demo seeds one
 * conversation on its first hired job), with the posting's unread count now, read through the
 * portal as the page is.
 */
async function posting(page: Page) {
  await page.goto("/jobs?state=filled");
  const link = page.getByRole("link", { name: POSTING });
  await expect(link).toBeVisible();
  const requestId = Number((await link.getAttribute("href"))?.split("/").at(-1));
  const jobs = (await read<{ jobs: JobRow[] }>(page, `jobs?job_request_id=${requestId}&per=50`))
    .jobs;
  for (const job of jobs.sort((a, b) => a.id - b.id)) {
    if (!job.worker) continue;
    const thread = await read<{ total: number }>(page, `messages?job_id=${job.id}`);
    if (thread.total > 0) continue;
    const unread = await read<{ job_requests: Record<string, number> }>(page, "messages/unread");
    return {
      requestId,
      jobId: job.id,
      worker: `${job.worker.first_name} ${job.worker.last_name}`,
      unreadBefore: unread.job_requests[String(requestId)] ?? 0,
    };
  }
  throw new Error(`${POSTING} has no hired worker without messages`);
}

async function read<T>(page: Page, apiPath: string): Promise<T> {
  const res = await page.request.get(`/api/proxy/${apiPath}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

/** The row's badge, or none at all for 0. */
async function expectUnread(row: Locator, n: number) {
  if (n === 0) await expect(row.getByText(/ unread/)).toHaveCount(0);
  else await expect(row.getByText(new RegExp(`^${n} unread`))).toBeVisible();
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
  const { requestId, jobId, worker, unreadBefore } = await posting(page);
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
  await expectUnread(row, unreadBefore);
  const late = `Actually twenty minutes, sorry (${stamp()})`;
  const sent = await page.request.post(`/api/proxy/jobs/${jobId}/simulate`, {
    data: { action: "message", body: late },
    headers: { origin: serverInfo().baseURL },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await expectUnread(row, unreadBefore + 1);

  // The job page counts it per worker and in total; opening the conversation reads it.
  await row.getByRole("link", { name: POSTING }).click();
  await page.waitForURL(`**/jobs/${requestId}`);
  const toggle = page.getByRole("button", { name: `Messages with ${worker} 1 unread` });
  await expect(toggle).toBeVisible();
  await expect(page.getByRole("heading", { name: "Workers on this job" })).toBeVisible();
  const again = await openThread(page, worker);
  await expect(again.getByText(late)).toBeVisible();
  await expect(
    page.getByRole("button", { name: `Messages with ${worker}`, exact: true }),
  ).toBeVisible();
  await page.goto("/jobs?state=filled");
  await expect(page.getByRole("link", { name: POSTING })).toBeVisible();
  await expectUnread(row, unreadBefore);
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
  const { requestId, jobId, worker, unreadBefore } = await posting(page);
  const workerWrites = async (body: string) => {
    const res = await page.request.post(`/api/proxy/jobs/${jobId}/simulate`, {
      data: { action: "message", body },
      headers: { origin: serverInfo().baseURL },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  await workerWrites("Which entrance do I use?");
  const shot = (name: string) => test.info().outputPath(`${name}.png`);
  let round = 0;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const [label, width] of [
      ["desktop", 1280],
      ["phone", 390],
    ] as const) {
      round += 1;
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/jobs?state=filled");
      const row = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: POSTING }) });
      await expect(row).toBeVisible();
      // Something unread in every picture: the worker writes again each time, once the open
      // conversation of the round before is left (open, it would read the message at once).
      await workerWrites(`I'm at gate D. (${round})`);
      await expectUnread(row, unreadBefore + (round === 1 ? 2 : 1));
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, {
        path: shot(`messages-list-${scheme}-${label}`),
        fullPage: true,
      });

      // The job page before the conversation is opened: its count in the header and on the card.
      await page.goto(`/jobs/${requestId}`);
      const workers = page.locator("#workers");
      await expect(
        page.getByRole("link", { name: /unread messages from the workers/ }),
      ).toBeVisible();
      await expect(
        page.getByRole("button", { name: new RegExp(`^Messages with ${worker} \\d+ unread$`) }),
      ).toBeVisible();
      await expectNoSeriousViolations(page);
      await page
        .locator("main header")
        .first()
        .screenshot({ path: shot(`messages-header-${scheme}-${label}`) });

      const log = await openThread(page, worker);
      await expect(log.getByText(`I'm at gate D. (${round})`)).toBeVisible();
      await page
        .getByLabel(`Message to ${worker}`)
        .fill(`Gate D is right. Ask for Sam. (${round})`);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(log.getByText(`Gate D is right. Ask for Sam. (${round})`)).toBeVisible();
      await page.getByLabel(`Message to ${worker}`).fill("See you at five.");
      // The pointer leaves Send (a hovered button is another colour, and not what is checked here).
      await page.mouse.move(0, 0);
      await expectNoSeriousViolations(page);
      await workers.screenshot({ path: shot(`messages-thread-${scheme}-${label}`) });
    }
  }
});

test("against the real service (live keys): its /messages as documented, asked every 10 seconds", async ({
  page,
  request,
}) => {
  test.slow();
  const fake = serverInfo().fakeRealServiceURL;
  expect((await request.post(`${fake}/__control/reset`)).status()).toBe(200);
  await page.goto("/sign-in");
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  const keysLink = page.getByRole("link", { name: "API key pair" });
  if ((await keysLink.count()) > 0) await keysLink.click();
  await page.getByLabel("API key").fill("pk_live_FAKEREALSERVICE000000001");
  await page.getByLabel("Secret key").fill("sk_live_FAKEREALSERVICESECRET0000001");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);
  // The portal opens on the home page; this journey continues from the workers list.
  await page.goto("/workers");

  // No unread counts there (the service has no such call), and no push: no live route is asked.
  const live: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/live/")) live.push(r.url());
  });
  await page.goto("/jobs");
  await expect(page.getByRole("link", { name: /Banquet Server/ })).toBeVisible();
  await expect(page.getByText(/ unread$/)).toHaveCount(0);

  await page.goto("/jobs/41202");
  const log = await openThread(page, "Aisha Okafor");
  await expect(page.getByText("Updates every 10 seconds")).toBeVisible();
  // The key pair writes as the posting's requestor (the service lists no employers).
  await expect(page.getByLabel("Send as")).toHaveValue("7001");
  await page.getByLabel("Message to Aisha Okafor").fill("Gate code is 4412");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(log.getByText("Gate code is 4412")).toBeVisible();

  // The worker answers in the worker's app: the open page shows it within the next poll.
  const res = await request.post(`${fake}/__control/jobs/77001/message`, {
    data: { body: "On my way, 10 minutes out" },
  });
  expect(res.status()).toBe(201);
  await expect(log.getByText("On my way, 10 minutes out")).toBeVisible({ timeout: 15_000 });
  expect(live).toEqual([]);
});
