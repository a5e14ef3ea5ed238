import type { Browser, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { expect, HUMAN_PAUSE_MS, hydrated, screenshotForPeople, test } from "./fixtures";

/**
 * The employer as a team: the demo admin invites a teammate, who accepts, signs in and is then
 * deactivated from another browser; a demo requestor posts a job for themselves and hires.
 * Screenshots go to SHOTS for a person to look at (both widths).
 */
const SHOTS = "/tmp/d2-shots";

/** "Try the demo" as one of the demo company's people (the sign-in page's chooser). */
async function demoAs(page: Page, name: string) {
  await page.goto("/sign-in");
  await page.getByRole("radio", { name: new RegExp(`^${name}`) }).check();
  await (await hydrated(page.getByRole("button", { name: "Try the demo" }))).click();
  await page.waitForURL(/\/home$/);
  await expect(page.getByTestId("account-name")).toContainText(name);
}

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshotForPeople(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function newBrowserPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  return await context.newPage();
}

test("the admin invites a teammate, who accepts, signs in, and is signed out at once when deactivated", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now().toString(36);
  const email = `sam.${stamp}@example.com`;
  const password = "correct horse battery staple";

  await demoAs(page, "Dana Lee");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }).click();
  await page.waitForURL(/\/team$/);
  const list = page.getByRole("list", { name: "Teammates" });
  await expect(list.getByRole("listitem", { name: "Tom Okafor" })).toContainText("Read-only");
  await expect(list.getByRole("listitem", { name: "Dana Lee" })).toContainText("You");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await shoot(page, "team-list");

  // Invite Sam as a requestor.
  await (await hydrated(page.getByRole("button", { name: "Invite teammate" }))).click();
  const form = page.getByRole("form", { name: "Invite a teammate" });
  await form.getByLabel(/^First name/).fill("Sam");
  await form.getByLabel(/^Last name/).fill(`Rivera ${stamp}`);
  await form.getByLabel(/^Work e-mail/).fill(email);
  await form.getByLabel(/^Title/).fill("Night shift lead");
  await form.getByRole("radio", { name: /^Requestor/ }).check();
  await expectNoSeriousViolations(page);
  await shoot(page, "team-invite-form");
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "The mail is in the Outbox" }),
  ).toContainText(`Invitation sent to ${email}`);
  const sam = list.getByRole("listitem", { name: `Sam Rivera ${stamp}` });
  await expect(sam).toContainText("Invited");
  await expect(sam).toContainText("Requestor");

  // The invitation mail is in the outbox; its link opens the accept page.
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Outbox" })
    .click();
  await page.waitForURL(/\/outbox$/);
  await page
    .getByRole("list", { name: "Invitation e-mails" })
    .getByRole("button")
    .filter({ hasText: email })
    .first()
    .click();
  const link = await page
    .getByRole("article")
    .getByRole("link", { name: /Open accept page/ })
    .getAttribute("href");
  expect(link).toMatch(/\/accept-invite#token=/);

  // A second browser: Sam chooses a password, then signs in with it.
  const other = await newBrowserPage(browser, baseURL);
  await other.goto(link!);
  await hydrated(other.getByRole("button", { name: "Accept invitation" }));
  await other.getByLabel(/^Password/).fill(password);
  await other.getByLabel("Confirm password").fill(password);
  await other.waitForTimeout(HUMAN_PAUSE_MS);
  await other.getByRole("button", { name: "Accept invitation" }).click();
  await expect(other.getByRole("heading", { name: "You're all set, Sam" })).toBeVisible();
  await other.goto("/sign-in");
  await hydrated(other.getByRole("button", { name: "Sign in", exact: true }));
  await other.getByLabel(/^E-mail/).fill(email);
  await other.getByLabel(/^Password/).fill(password);
  await other.getByRole("button", { name: "Sign in", exact: true }).click();
  await other.waitForURL(/\/home$/);
  await expect(other.getByTestId("account-name")).toContainText(`Sam Rivera ${stamp}`);
  await expect(other.getByTestId("account-name")).toContainText("Requestor");
  // Not an admin: no Team in the nav, and the page is not found.
  await expect(
    other.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }),
  ).toHaveCount(0);

  // Back in the first browser: Sam is active now, and the admin deactivates them.
  await page.goto("/team");
  await expect(sam).toContainText("Active");
  await (await hydrated(sam.getByRole("button", { name: /^Deactivate/ }))).click();
  const dialog = page.getByRole("dialog", { name: `Deactivate Sam Rivera ${stamp}?` });
  await expect(dialog).toContainText("Their open sessions end at once");
  await shoot(page, "team-deactivate-dialog");
  await dialog.getByRole("button", { name: "Deactivate" }).click();
  await expect(dialog).toBeHidden();
  await expect(sam).toContainText("Deactivated");
  await expect(sam.getByRole("button", { name: "Reactivate" })).toBeVisible();
  // A deactivated row is greyed, and still legible.
  await expectNoSeriousViolations(page);
  await shoot(page, "team-deactivated");

  // Sam's next navigation ends at sign-in, which says the session ended. Polled, not awaited as
  // one navigation: the link's navigation and the page's own redirect on a refused read can race,
  // and the one that loses is aborted (net::ERR_ABORTED), which is no failure of the product.
  await other.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs" }).click();
  await expect(other).toHaveURL(/\/sign-in/, { timeout: 15_000 });
  await expect(other.getByText(/Your session ended/)).toBeVisible();
  await other.context().close();
});

test("a requestor posts a job for themselves, finds it under Mine with their name, and hires", async ({
  page,
}) => {
  test.slow();
  const name = `Gala crew ${Date.now().toString(36)}`;
  await demoAs(page, "Marcus Whitfield");
  // Requestors do not manage the team.
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }),
  ).toHaveCount(0);
  // The page streams behind the portal's loading screen, so the answer is already 200: what
  // the person sees is the portal's not-found.
  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Teammates" })).toHaveCount(0);

  await page.goto("/jobs/new");
  await hydrated(page.getByRole("button", { name: "Post job" }));
  const requestor = page.getByLabel("Requestor");
  await expect(requestor.locator("option:checked")).toHaveText("Marcus Whitfield (you)");
  // Teammates who may request are offered; the read-only viewer is not.
  await expect(requestor.locator("option", { hasText: "Dana Lee" })).toHaveCount(1);
  await expect(requestor.locator("option", { hasText: "Tom Okafor" })).toHaveCount(0);
  await page.getByLabel("Request name").fill(name);
  await page.getByLabel("Category").selectOption("Fulfillment / Warehousing");
  await page.getByLabel("Description and tasks").fill("Set up tables and serve.");
  await page.getByLabel("Street address").fill("8000 Edgewater Dr");
  await page.getByLabel(/^City/).fill("Oakland");
  await page.getByLabel("ZIP code").fill("94621");
  await page.getByRole("textbox", { name: "Latitude" }).fill("37.7358");
  await page.getByRole("textbox", { name: "Longitude" }).fill("-122.1975");
  await page.getByLabel("Workers needed").fill("2");
  await page.getByLabel("Wage ($ per hour)").fill("22");
  await requestor.scrollIntoViewIfNeeded();
  await shoot(page, "post-requestor-field");
  await page.getByRole("button", { name: "Post job" }).click();
  await page.waitForURL(/\/jobs\/\d+$/);
  const url = page.url();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Marcus Whitfield (you)")).toBeVisible();
  await shoot(page, "job-request-requested-by");

  // The jobs list names the requestor, and Mine keeps to Marcus's own requests, in the URL.
  await page.goto("/jobs");
  const mine = await hydrated(page.getByRole("button", { name: /^Mine/ }));
  await mine.click();
  await page.waitForURL(/[?&]mine=1/);
  await expect(mine).toHaveAttribute("aria-pressed", "true");
  const rows = page.getByRole("list", { name: "Job requests" }).getByRole("listitem");
  const row = rows.filter({ hasText: name });
  await expect(row).toContainText("Requested by Marcus Whitfield (you)");
  await expect(rows.filter({ hasNotText: "Requested by Marcus Whitfield (you)" })).toHaveCount(0);
  await shoot(page, "jobs-mine");
  await page.reload();
  await expect(page.getByRole("button", { name: /^Mine/ })).toHaveAttribute("aria-pressed", "true");

  // Hire the best-ranked candidate.
  await page.goto(url);
  const hire = page.getByRole("button", { name: /^Hire / }).first();
  await hydrated(hire);
  const worker = ((await hire.getAttribute("aria-label")) ?? "").replace(/^Hire /, "");
  await hire.click();
  await expect(
    page.getByRole("list", { name: "Hired workers" }).getByRole("link", { name: worker }),
  ).toBeVisible();
});
