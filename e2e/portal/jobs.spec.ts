import type { Browser, Page } from "@playwright/test";
import { expect, hydrated, screenshotForPeople, test } from "./fixtures";

/**
 * Jobs in the portal, as an employer uses them on the embedded API: post a job at a pinned
 * site requiring two badges, see the ranked candidates on the list and the map, hire, lose a
 * race for a worker with a clear refusal, follow a job to its approval, and come back to the
 * job list's filters.
 */

const OAKLAND_DC = { lat: "37.741", lng: "-122.2036" };

/** The rows of the candidates list: name (from the Hire button) and miles, in rank order. */
async function candidateRows(page: Page): Promise<{ name: string; miles: number }[]> {
  const panel = page.getByRole("region", { name: "Ranked candidates" });
  const rows = panel
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: /^Hire / }) });
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((lis) =>
    lis.map((li) => {
      const button = li.querySelector("button[aria-label^='Hire ']");
      const miles = /([\d,.]+) mi/.exec(li.textContent ?? "");
      return {
        name: (button?.getAttribute("aria-label") ?? "").replace(/^Hire /, ""),
        miles: miles ? Number(miles[1]!.replace(/,/g, "")) : Number.NaN,
      };
    }),
  );
}

/** Another signed-in browser on the same page (same company, its own tab and state). */
async function secondBrowser(browser: Browser, from: Page, url: string): Promise<Page> {
  const context = await browser.newContext({
    storageState: await from.context().storageState(),
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    timezoneId: "UTC",
  });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

test("post a pinned job needing two badges, hire two, lose a race cleanly, approve after the demo completes", async ({
  signedIn: page,
  browser,
}) => {
  await page.goto("/workers");
  test.slow();
  const name = `Dock crew ${Date.now().toString(36)}`;

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" }).click();
  await page.waitForURL(/\/jobs$/);
  await page.getByRole("link", { name: "Post a job" }).first().click();
  await page.waitForURL(/\/jobs\/new$/);
  await hydrated(page.getByRole("button", { name: "Post job" }));

  await page.getByLabel("Request name").fill(name);
  await page.getByLabel("Category").selectOption("Fulfillment / Warehousing");
  await page.getByLabel("Description and tasks").fill("Unload trailers and stage pallets.");
  // The date defaults to tomorrow at 08:00 in the browser's time zone.
  await expect(page.getByLabel("Date")).not.toHaveValue("");
  const map = page.getByRole("img", { name: /^Map of the job site/ });
  await expect(map).toHaveAccessibleName("Map of the job site. No site pin yet.");
  await page.getByLabel("Street address").fill("8000 Edgewater Dr");
  await page.getByLabel(/^City/).fill("Oakland");
  // The ZIP code puts the pin at its centre (ours: the ZIP table, embedded only) ...
  await page.getByLabel("ZIP code").fill("94621");
  await expect(map).toHaveAccessibleName(
    "Map of the job site. The site pin is at latitude 37.7589, longitude -122.1853.",
  );

  // ... a click on the map moves it, and the coordinates put it exactly on the dock door.
  await map.click();
  await expect(page.getByRole("textbox", { name: "Latitude" })).not.toHaveValue("37.7589");
  await expect(map).toHaveAccessibleName(/The site pin is at /);
  await page.getByRole("textbox", { name: "Latitude" }).fill(OAKLAND_DC.lat);
  await page.getByRole("textbox", { name: "Longitude" }).fill(OAKLAND_DC.lng);
  await expect(map).toHaveAccessibleName(
    `Map of the job site. The site pin is at latitude ${OAKLAND_DC.lat}, longitude ${OAKLAND_DC.lng}.`,
  );

  await page.getByLabel("Workers needed").fill("3");
  await page.getByLabel("Wage ($ per hour)").fill("24.50");
  const badgeBox = page.getByRole("combobox", { name: "Add a badge" });
  for (const badge of ["Warehouse Pro", "Pallet Jack"]) {
    await badgeBox.fill(badge);
    await page.getByRole("option", { name: badge }).click();
  }
  await page.getByRole("button", { name: "Post job" }).click();
  await page.waitForURL(/\/jobs\/\d+$/);
  const url = page.url();

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Posted", { exact: true }).first()).toBeVisible();
  const required = page.getByRole("list", { name: "Required badges" });
  await expect(required).toContainText("Warehouse Pro");
  await expect(required).toContainText("Pallet Jack");

  // Ranked nearest first, each with its distance; the map shows the site and them.
  const rows = await candidateRows(page);
  expect(rows.length).toBeGreaterThanOrEqual(5);
  const miles = rows.map((r) => r.miles);
  expect(miles.every((m) => Number.isFinite(m))).toBe(true);
  expect(miles).toEqual([...miles].sort((a, b) => a - b));
  await expect(
    page.getByRole("img", { name: /^Map: work site and \d+ candidates, nearest / }),
  ).toBeVisible();

  // Hire the two nearest.
  const [first, second, third] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
  const hired = page.getByRole("list", { name: "Hired workers" });
  const ranked = page.getByRole("region", { name: "Ranked candidates" }).getByRole("listitem");
  for (const w of [first, second]) {
    await page.getByRole("button", { name: `Hire ${w.name}`, exact: true }).click();
    await expect(hired.getByRole("link", { name: w.name })).toBeVisible();
  }
  // The ranked list reloaded without them (the next worker is rank 1 now), and both stayed
  // where they were, marked hired: no row moved under the pointer between the two clicks.
  await expect(ranked.nth(2)).toContainText("Rank 1: ");
  await expect(ranked.nth(0)).toContainText(`Hired: ${first.name}`);
  await expect(ranked.nth(1)).toContainText(`Hired: ${second.name}`);
  await ranked.nth(0).scrollIntoViewIfNeeded();
  await screenshotForPeople(page, { path: test.info().outputPath("hired-in-place.png") });
  await expect(page.getByText(/^2 of 3 hired$/)).toBeVisible();

  // Two more browsers hire the third candidate at the same moment: the database lets one in.
  const [b, c] = await Promise.all([
    secondBrowser(browser, page, url),
    secondBrowser(browser, page, url),
  ]);
  const hireButtons = [b, c].map((p) =>
    p.getByRole("button", { name: `Hire ${third.name}`, exact: true }),
  );
  await Promise.all(hireButtons.map((h) => hydrated(h)));
  await Promise.all(hireButtons.map((h) => h.click()));
  const refusal = `${third.name} could not be hired`;
  await expect
    .poll(async () => {
      const refused = await Promise.all(
        [b, c].map((p) => p.getByText(refusal).first().isVisible()),
      );
      return refused.filter(Boolean).length;
    })
    .toBe(1);
  await Promise.all([b.context().close(), c.context().close()]);

  // The first browser sees the third hire arrive on its own (the page follows the jobs).
  await expect(hired.getByRole("link", { name: third.name })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Filled", { exact: true }).first()).toBeVisible();

  // The demo moves the first worker's job along as the worker would; the requestor approves.
  await page.getByRole("button", { name: `Demo: ${first.name} starts the job` }).click();
  await page.getByRole("button", { name: `Demo: ${first.name} completes the job` }).click();
  await page.getByRole("button", { name: `Approve ${first.name}'s job` }).click();
  const card = hired
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: first.name }) });
  await expect(card.getByText("Approved", { exact: true })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Events, newest first" });
  await expect(timeline.getByRole("listitem").first()).toContainText(first.name);
  await expect(timeline).toContainText("completed → approved");
  await expect(timeline).toContainText("in_progress → completed");

  // The worker's page lists the job too.
  await hired.getByRole("link", { name: first.name }).click();
  await page.waitForURL(/\/workers\/\d+$/);
  const jobs = page.getByRole("region", { name: "Jobs" });
  await expect(jobs.getByRole("link", { name })).toBeVisible();
  // This job's row: the same nearest workers are hired again on a retry, or a repeat, and keep
  // their earlier approved jobs.
  const row = jobs.getByRole("listitem").filter({ has: page.getByRole("link", { name }) });
  await expect(row.getByText("Approved", { exact: true })).toBeVisible();
});

test("the job list's filters survive leaving for a posting and coming back", async ({
  signedIn: page,
}) => {
  await page.goto("/jobs");
  const open = page.getByRole("button", { name: "Open", exact: true });
  await hydrated(open);
  await open.click();
  await page.waitForURL(/state=open/);
  await page.getByLabel("Category").selectOption("Fulfillment / Warehousing");
  await page.waitForURL(/category=Fulfillment/);
  const list = page.getByRole("list", { name: "Job requests" });
  await expect(list.getByRole("link", { name: "Warehouse Associate – Oakland DC" })).toBeVisible();
  await expect(list.getByRole("link", { name: /Barista/ })).toHaveCount(0);

  await list.getByRole("link", { name: "Warehouse Associate – Oakland DC" }).click();
  await page.waitForURL(/\/jobs\/\d+$/);
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Workers" })
    .click();
  await page.waitForURL(/\/workers/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" }).click();

  await page.waitForURL(/\/jobs\?state=open&category=Fulfillment/);
  await expect(page.getByRole("button", { name: "Open", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByLabel("Category")).toHaveValue("Fulfillment / Warehousing");
  await expect(list.getByRole("link", { name: "Warehouse Associate – Oakland DC" })).toBeVisible();

  // A typed or shared address shows exactly what it says: the memory is the menu's only.
  await page.goto("/jobs");
  await expect(page.getByRole("button", { name: "All", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(list.getByRole("link", { name: /Barista/ })).toBeVisible();
});
