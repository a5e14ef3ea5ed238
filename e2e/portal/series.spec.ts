import { checkWidthsAndDark } from "./axe";
import { expect, hydrated, test } from "./fixtures";

/**
 * A multi-day series in the portal (issue 27), the issue's "Done when" in one walk on the demo:
 * post three daily postings with the same workers in one go, see them as one row of the job
 * list, hire a worker onto day 2 (every day gets them), message the worker from the job page,
 * the demo's worker replies, the series' row counts what is unread, cancel day 3 only; and check
 * the pages with axe at desktop and phone widths.
 */

test("post a 3-day series with the same workers, hire onto all days, message the worker, cancel day 3 only", async ({
  signedIn: page,
}) => {
  test.slow();
  const name = `Festival set-up ${Date.now().toString(36)}`;

  await page.goto("/jobs/new");
  await hydrated(page.getByRole("button", { name: "Post job" }));
  await page.getByLabel("Request name").fill(name);
  await page.getByLabel("Category").selectOption("Event Staff");
  await page.getByLabel("Description and tasks").fill("Raise tents and stages.");
  await page.getByLabel("Street address").fill("501 Stanyan St");
  await page.getByLabel(/^City/).fill("San Francisco");
  await page.getByLabel("ZIP code").fill("94117");
  await page.getByLabel("Workers needed").fill("2");

  const repeats = page.getByRole("radiogroup", { name: "Repeats" });
  await repeats.getByText("Daily", { exact: true }).click();
  await page.getByLabel("How many postings").fill("3");
  await page.getByLabel(/Same workers every day/).check();
  await expect(page.getByRole("status").filter({ hasText: /^3 postings: / })).toBeVisible();
  await checkWidthsAndDark(page, "post-form");
  await page.getByRole("button", { name: "Post 3 days" }).click();
  await page.waitForURL(/\/jobs\/\d+$/);
  const strip = page.getByRole("navigation", { name: "Days of this series" });
  await expect(page.getByRole("heading", { name: "Day 1 of 3" })).toBeVisible();
  await expect(strip.getByRole("link")).toHaveCount(3);

  // The list shows the series as one row.
  await page.goto("/jobs");
  const list = page.getByRole("list", { name: "Job requests" });
  await expect(list.getByRole("link", { name: `${name} · 3 days` })).toBeVisible();
  await expect(list.getByRole("link", { name, exact: true })).toHaveCount(0);
  await checkWidthsAndDark(page, "list");

  // Day 2: hiring someone hires them onto every remaining day.
  await list.getByRole("link", { name: `${name} · 3 days` }).click();
  await page.waitForURL(/\/jobs\/\d+$/);
  await strip.getByRole("link", { name: /^Day 2/ }).click();
  await expect(page.getByRole("heading", { name: "Day 2 of 3" })).toBeVisible();
  const hire = page.getByRole("button", { name: /^Hire / }).first();
  await hydrated(hire);
  const worker = ((await hire.getAttribute("aria-label")) ?? "").replace(/^Hire /, "");
  await expect(hire).toHaveAccessibleDescription(`Hires ${worker} for all 3 remaining days`);
  await expect(page.getByText(/each Hire hires the worker for all 3 remaining days/)).toBeVisible();
  await hire.click();
  await expect(
    page.getByRole("list", { name: "Hired workers" }).getByRole("link", { name: worker }),
  ).toBeVisible();
  for (const day of [1, 2, 3]) {
    await expect(
      strip.getByRole("link", { name: new RegExp(`^Day ${day}\\b.*1/2`) }),
    ).toBeVisible();
  }

  // Message the worker from day 2's page; the demo's worker answers in the open conversation.
  const day2 = Number(new URL(page.url()).pathname.split("/").at(-1));
  const toggle = await hydrated(
    page.getByRole("button", { name: new RegExp(`^Messages with ${worker}`) }),
  );
  await toggle.click();
  const log = page.getByRole("log", { name: `Messages with ${worker}` });
  await page.getByLabel(`Message to ${worker}`).fill("Gate 3 on Stanyan St, bring gloves");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(log.getByText("Gate 3 on Stanyan St, bring gloves")).toBeVisible();
  await page.getByLabel(`Demo: act as the worker — ${worker}'s reply`).fill("On my way");
  await page.getByRole("button", { name: `Reply as ${worker}` }).click();
  await expect(log.getByText("On my way")).toBeVisible();

  // Away from the page, the worker writes again: the series' row on the list counts it, live.
  await page.goto("/jobs");
  const seriesRow = list
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: `${name} · 3 days` }) });
  await expect(seriesRow).toBeVisible();
  const jobs = await page.request.get(`/api/proxy/jobs?job_request_id=${day2}`);
  const jobId = ((await jobs.json()) as { jobs: { id: number }[] }).jobs[0]!.id;
  const sent = await page.request.post(`/api/proxy/jobs/${jobId}/simulate`, {
    data: { action: "message", body: "Running ten minutes late" },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await expect(seriesRow.getByText(/^1 unread/).first()).toBeVisible();
  await seriesRow.getByRole("link", { name: `${name} · 3 days` }).click();
  await page.waitForURL(/\/jobs\/\d+$/);

  // Day 3 only: cancelled, its job too; days 1 and 2 keep the worker.
  await strip.getByRole("link", { name: /^Day 3/ }).click();
  await expect(page.getByRole("heading", { name: "Day 3 of 3" })).toBeVisible();
  await hydrated(page.getByRole("button", { name: "Cancel this day" }));
  await page.getByRole("button", { name: "Cancel this day" }).click();
  const dialog = page.getByRole("dialog", { name: /^Cancel Day 3 \(.+\) only\?$/ });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, cancel this day" }).click();
  await expect(strip.getByRole("link", { name: /^Day 3\b.*Cancelled/ })).toBeVisible();
  await expect(strip.getByRole("link", { name: /^Day 1\b.*1\/2/ })).toBeVisible();
  await expect(strip.getByRole("link", { name: /^Day 2\b.*1\/2/ })).toBeVisible();
  await checkWidthsAndDark(page, "day-3-cancelled");

  await strip.getByRole("link", { name: /^Day 1/ }).click();
  await expect(page.getByRole("heading", { name: "Day 1 of 3" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Hired workers" }).getByRole("link", { name: worker }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel this and following days" })).toBeVisible();
  await checkWidthsAndDark(page, "day-1");
});
