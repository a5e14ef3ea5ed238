import type { Page } from "@playwright/test";
import {
  type Day,
  dayIn,
  daysOf,
  fetchWindow,
  longDay,
  monthTitle,
  stepAnchor,
} from "../../components/calendar/calendar-dates";
import { expectNoSeriousViolations, transitionsEnded } from "./axe";
import { expect, hydrated, screenshotForPeople, test } from "./fixtures";

/**
 * The calendar (issue 28) on the demo: the menu reaches it, this week shows the postings that
 * start today (each on its site's day, the site's zone named where it is not the viewer's),
 * month view, previous/next/today, a posting opens; on a phone the menu is a button the
 * keyboard opens and the week is a list of days. Axe at each step, light and dark.
 */

// The viewer is in New York: the demo's West-coast postings then name their zone.
const VIEWER_ZONE = "America/New_York";
test.use({ timezoneId: VIEWER_ZONE });

type Posting = { id: number; request_name: string; start_time: string; timezone: string };

async function shoot(page: Page, name: string) {
  const dir = test.info().outputPath();
  // While a new range loads, the previous one stays, dimmed (opacity 60 %, aria-busy): axe
  // measures the page once the range it shows is the one asked for.
  await expect(page.locator("[aria-busy]")).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await screenshotForPeople(page, { path: `${dir}/${name}-light.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  // The switch runs the colour transitions: axe measures the colours they end on.
  await transitionsEnded(page);
  await expectNoSeriousViolations(page);
  await screenshotForPeople(page, { path: `${dir}/${name}-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A posting's link in `scope`: by its name and its own address. The name alone is not enough:
 * the demo has "Stocker – South Gate Fulfillment" and "Swing Shift Stocker – South Gate
 * Fulfillment", and on some days and hours both start today.
 */
const postingLink = (page: Page, scope: ReturnType<Page["getByRole"]> | Page, r: Posting) =>
  scope
    .getByRole("link", { name: new RegExp(literal(r.request_name)) })
    .and(page.locator(`[href="/jobs/${r.id}"]`));

test("the calendar: this week's postings by their site's day, the month, paging, a posting opens; the phone's menu", async ({
  signedIn: page,
  api,
}) => {
  await page.goto("/workers");
  test.slow();
  const today: Day = dayIn(new Date().toISOString(), VIEWER_ZONE)!;
  const week = daysOf("week", today);
  // What the calendar must show today: asked of the API with the same window.
  const q = new URLSearchParams({ ...fetchWindow(week), sort: "start_time", per: "50" });
  const { job_requests } = await api.get<{ job_requests: Posting[] }>(`job_requests?${q}`);
  const todays = job_requests.filter((r) => dayIn(r.start_time, r.timezone) === today);
  expect(todays.length, "the demo has postings starting today").toBeGreaterThan(0);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Calendar" })
    .click();
  await page.waitForURL(/\/calendar$/);
  await expect(page.getByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
  const todayRegion = page.getByRole("region", { name: `${longDay(today)} (today)` });
  for (const r of todays) {
    await expect(postingLink(page, todayRegion, r)).toBeVisible();
  }
  // A West-coast posting names its zone for a viewer in New York.
  const western = job_requests.find(
    (r) => r.timezone === "America/Los_Angeles" && week.includes(dayIn(r.start_time, r.timezone)!),
  );
  if (western) {
    await expect(postingLink(page, page, western).first()).toContainText(/P[SD]T/);
  }
  await expect(page.getByRole("status").filter({ hasText: /postings? this week/ })).toBeVisible();
  await shoot(page, "calendar-week-1280");

  // Month view, then the next month and back, then Today.
  await page.getByRole("link", { name: "Month", exact: true }).click();
  await page.waitForURL(/view=month/);
  await expect(page.getByText(monthTitle(today), { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: `${longDay(today)} (today)` })).toBeVisible();
  await shoot(page, "calendar-month-1280");
  await page.getByRole("link", { name: "Next month" }).click();
  const next = stepAnchor("month", today, 1);
  await expect(page.getByText(monthTitle(next), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`date=${next}`));
  await page.getByRole("link", { name: "Previous month" }).click();
  await expect(page.getByText(monthTitle(today), { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Week", exact: true }).click();
  await page.getByRole("link", { name: "Next week" }).click();
  await expect(page.getByRole("region", { name: `${longDay(today)} (today)` })).toHaveCount(0);
  await page.getByRole("link", { name: "Today", exact: true }).click();
  await expect(page).toHaveURL(/\/calendar$/);

  // A click opens the posting.
  const first = todays[0]!;
  await postingLink(
    page,
    page.getByRole("region", { name: `${longDay(today)} (today)` }),
    first,
  ).click();
  await page.waitForURL(new RegExp(`/jobs/${first.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: first.request_name })).toBeVisible();

  // A phone: the menu is a button; the keyboard opens it, Escape closes it, it reaches Calendar.
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = await hydrated(page.getByRole("button", { name: /^Menu/ }));
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Calendar" })).toBeHidden();
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav.getByRole("link", { name: "Calendar" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await screenshotForPeople(page, { path: test.info().outputPath("menu-390-light.png") });
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab"); // Home
  await page.keyboard.press("Tab"); // Calendar
  await expect(nav.getByRole("link", { name: "Calendar" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/calendar$/);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  // The week is a list of days, today's postings under today's heading.
  await expect(
    postingLink(page, page.getByRole("region", { name: `${longDay(today)} (today)` }), first),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, "calendar-week-390");
  await page.getByRole("link", { name: "Month", exact: true }).click();
  await page.waitForURL(/view=month/);
  await expect(page.getByRole("region", { name: `${longDay(today)} (today)` })).toBeVisible();
  await shoot(page, "calendar-month-390");
});
