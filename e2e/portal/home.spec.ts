import { checkWidthsAndDark } from "./axe";
import { expect, hydrated, signInWithDemo, test } from "./fixtures";

/**
 * The home page (issue 28) on the demo: "Try the demo" lands on /home, every section shows with
 * the seeded data (today's shifts, completed jobs awaiting approval), approving one from the
 * home page approves that job (its posting's page says so), and the page passes axe at both
 * widths and in dark mode.
 */

test("the demo lands on the home page; each section shows; approving from it approves the job", async ({
  page,
}) => {
  test.slow();
  await signInWithDemo(page);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();

  const upcoming = page.getByRole("region", { name: "Today and the next 7 days" });
  const atRisk = page.getByRole("region", { name: /^At risk/ });
  const awaiting = page.getByRole("region", { name: "Awaiting your approval" });
  await expect(upcoming.getByRole("listitem").first()).toBeVisible();
  await expect(upcoming.getByRole("progressbar").first()).toBeVisible();
  await expect(atRisk).toBeVisible();
  await expect(awaiting.getByRole("listitem").first()).toBeVisible();
  const glance = page.getByRole("region", { name: "At a glance" });
  await expect(glance.getByRole("link", { name: /Awaiting approval/ })).toHaveAttribute(
    "href",
    /\/jobs\?state=done/,
  );
  await expect(glance.getByRole("link", { name: /Spend this week/ })).toBeVisible();
  // Charts come in their own chunk; each has its table.
  const trends = page.getByRole("region", { name: "Trends" });
  await expect(trends.getByRole("img", { name: /Fill rate by week/ })).toBeVisible();
  await expect(trends.getByRole("img", { name: /No-show rate by week/ })).toBeVisible();
  await expect(trends.getByText("Show as a table")).toHaveCount(3);

  await checkWidthsAndDark(page, "home");

  // Approve the first completed job, with four stars.
  const first = awaiting.getByRole("listitem").first();
  const worker = (await first.locator("p").first().textContent())!.trim();
  const posting = first.getByRole("link").first();
  const postingHref = (await posting.getAttribute("href"))!;
  const before = Number(
    (await awaiting.getByRole("link", { name: /in all/ }).textContent())!.match(/\d+/)![0],
  );
  await first.getByLabel(`Rating for ${worker} (optional)`).selectOption("4");
  await (await hydrated(first.getByRole("button", { name: `Approve ${worker}'s job` }))).click();
  await expect(page.getByText("Approved with 4 stars.")).toBeVisible();
  await expect(awaiting.getByRole("link", { name: /in all/ })).toContainText(
    `${before - 1} in all`,
  );

  await page.goto(postingHref);
  const row = page.getByRole("listitem").filter({ hasText: worker }).first();
  await expect(row).toContainText("Approved");
});
