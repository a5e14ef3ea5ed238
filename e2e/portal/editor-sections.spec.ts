import type { Page } from "@playwright/test";
import { expectNoSeriousViolations as expectAxeClean } from "./axe";
import { chooseKeyPair, demoKeys, expect, hydrated, test } from "./fixtures";

/**
 * The worker page's sections (issue 18 item 10): an "on this page" navigation that follows the
 * reader, badges second, links to a section, and a details view for read-only sessions.
 */

const sectionNav = (page: Page) =>
  page.getByRole("navigation", { name: "Sections of this worker" });

async function h2Titles(page: Page): Promise<string[]> {
  return page.locator("main h2").allTextContents();
}

test("the section navigation jumps to Badges, marks it current, and follows the scroll", async ({
  signedIn: page,
  api,
}) => {
  const w = await api.invite();
  await page.goto(`/workers/${w.id}`);
  const nav = sectionNav(page);
  const badgesLink = await hydrated(nav.getByRole("link", { name: "Badges" }));
  await expect(nav.getByRole("link", { name: "Identity" })).toHaveAttribute(
    "aria-current",
    "location",
  );

  // Badges come right after Identity, long before Location.
  const titles = await h2Titles(page);
  expect(titles.slice(0, 2)).toEqual(["Identity", "Badges"]);
  expect(titles.indexOf("Badges")).toBeLessThan(titles.indexOf("Location"));

  await badgesLink.click();
  const badgesHeading = page.getByRole("heading", { level: 2, name: "Badges" });
  await expect(badgesHeading).toBeInViewport();
  await expect(badgesHeading).toBeFocused();
  await expect(page.getByRole("heading", { level: 2, name: "Identity" })).not.toBeInViewport();
  await expect(badgesLink).toHaveAttribute("aria-current", "location");
  await expect(nav.locator("[aria-current]")).toHaveCount(1);
  expect(new URL(page.url()).hash).toBe("#badges");
  // The nav stays beside the form while the page scrolls.
  await expect(nav).toBeInViewport();

  // Scrolling by hand moves the mark with the reader.
  await page.evaluate(() => document.getElementById("status")?.scrollIntoView({ block: "start" }));
  await expect(nav.getByRole("link", { name: "Status" })).toHaveAttribute(
    "aria-current",
    "location",
  );
  await expect(badgesLink).not.toHaveAttribute("aria-current", /.*/);

  // Saving still works from wherever the reader is (the save bar follows once dirty).
  await page.getByLabel("City").fill("Denver");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
  expect((await api.get<{ city: string | null }>(`users/${w.id}`)).city).toBe("Denver");
});

test("a link to /workers/<id>#badges lands on the badges", async ({ signedIn: page, api }) => {
  const w = await api.invite();
  await page.goto(`/workers/${w.id}#badges`);
  const nav = sectionNav(page);
  await hydrated(nav.getByRole("link", { name: "Badges" }));
  await expect(page.getByRole("heading", { level: 2, name: "Badges" })).toBeInViewport();
  await expect(page.getByRole("heading", { level: 2, name: "Identity" })).not.toBeInViewport();
  await expect(nav.getByRole("link", { name: "Badges" })).toHaveAttribute(
    "aria-current",
    "location",
  );
  await expect(page.getByRole("combobox", { name: "Add a badge" })).toBeInViewport();
});

test("on a phone the sections are a sticky bar of chips that never covers the section", async ({
  signedIn: page,
  api,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const w = await api.invite();
  await page.goto(`/workers/${w.id}`);
  const nav = sectionNav(page);
  const onboarding = await hydrated(nav.getByRole("link", { name: "Onboarding" }));
  await onboarding.click();
  const heading = page.getByRole("heading", { level: 2, name: "Onboarding" });
  await expect(heading).toBeInViewport();
  await expect(onboarding).toHaveAttribute("aria-current", "location");
  // The bar stays at the top, and the chip of the current section is in view inside it.
  await expect(nav).toBeInViewport();
  await expect(onboarding).toBeInViewport();
  const navBox = await nav.boundingBox();
  const headingBox = await heading.boundingBox();
  expect(navBox && headingBox && headingBox.y >= navBox.y + navBox.height).toBe(true);
  // Only the chip bar scrolls sideways, not the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAxeClean(page);
});

test("a public-pool session gets a details view, not a form", async ({ page }) => {
  await page.goto("/sign-in");
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await chooseKeyPair(page);
  await page.getByLabel("API key").fill(demoKeys().public.api_key);
  await page.getByLabel("Secret key").fill(demoKeys().public.secret_key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);
  // The portal opens on the home page; this journey continues from the workers list.
  await page.goto("/workers");
  // A worker the public pool may see (one with an active job for the company).
  const workerHref = () =>
    page
      .locator('main a[href^="/workers/"]')
      .evaluateAll((links) =>
        links.map((a) => a.getAttribute("href")).find((h) => /^\/workers\/\d+$/.test(h ?? "")),
      );
  await expect.poll(workerHref, { message: "the public pool sees a worker" }).toBeTruthy();
  const href = await workerHref();
  await page.goto(`${href}#badges`);

  await expect(page.getByText("Editing workers needs a private-pool key.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Badges" })).toBeInViewport();
  const titles = await h2Titles(page);
  expect(titles.slice(0, 8)).toEqual([
    "Identity",
    "Badges",
    "Contact",
    "Address",
    "Location",
    "Status",
    "Onboarding",
    "Profile",
  ]);
  const identity = page.getByRole("region", { name: "Identity" });
  await expect(identity.locator("dt")).toContainText(["First name", "Last name"]);
  // The API gives public-pool keys no SSN: nothing to mask, and the page says why it is empty.
  await expect(identity.locator("dt", { hasText: "Social Security number" })).toBeVisible();
  await expect(identity.getByText("Not shown with read-only access").first()).toBeVisible();
  for (const role of ["textbox", "combobox", "checkbox"] as const) {
    await expect(page.getByRole(role)).toHaveCount(0);
  }
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Remove / })).toHaveCount(0);
  await expectAxeClean(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sectionNav(page)).toBeVisible();
  await expectAxeClean(page);
});
