import type { Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { expect, hydrated, screenshotForPeople, test, uniqueWorker } from "./fixtures";

// Menus, dialogs, toasts and scrolling as most people see them: with their motion (the
// suite runs with less of it: .config/playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

const SIZES = [
  ["desktop", 1280],
  ["phone", 390],
] as const;

/** The workers list, hydrated (its search box answers keys only once React is there). */
async function openWorkers(page: Page) {
  await page.goto("/workers");
  return hydrated(page.getByRole("searchbox", { name: "Search workers" }));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether focus is inside the page's main landmark. */
const focusInMain = (page: Page) =>
  page.evaluate(() => document.getElementById("main")?.contains(document.activeElement) ?? false);

test.describe("keyboard", () => {
  test("the skip link is the first Tab stop, shows itself, and moves focus to the content", async ({
    signedIn: page,
  }) => {
    await openWorkers(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    const box = await skip.boundingBox();
    expect(box?.width ?? 0, "the focused skip link is visible").toBeGreaterThan(40);
    await screenshotForPeople(page, { path: test.info().outputPath("skip-link.png") });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    // The next Tab goes to the page's first control, not back through the nav.
    await page.keyboard.press("Tab");
    expect(await focusInMain(page)).toBe(true);
  });

  test("/ puts the cursor in the workers search, but not while typing in a field", async ({
    signedIn: page,
  }) => {
    const search = await openWorkers(page);
    await page.getByRole("heading", { level: 1, name: "Workers" }).click();
    await page.keyboard.press("/");
    await expect(search).toBeFocused();
    await expect(search).toHaveValue("");
    await page.keyboard.type("a/b");
    await expect(search).toHaveValue("a/b");
  });

  test("after a navigation focus is on the new page's heading, and the new title is announced", async ({
    signedIn: page,
  }) => {
    await openWorkers(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Badges" })
      .click();
    await page.waitForURL(/\/badges$/);
    await expect(page.getByRole("heading", { level: 1, name: "Badges" })).toBeFocused();
    // Next's route announcer (an assertive live region in a shadow root) says the new title.
    await expect(page.locator("next-route-announcer #__next-route-announcer__")).toHaveText(
      /Badges/,
    );
    // A page whose heading comes with its data gets focus when it arrives.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Workers" })
      .click();
    await page.waitForURL(/\/workers/);
    await page.getByRole("table").getByRole("link").first().click();
    await page.waitForURL(/\/workers\/\d+$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toBeFocused();
  });

  test("Ctrl+K opens the palette; a demo worker's name and Enter open that worker", async ({
    signedIn: page,
    api,
  }) => {
    await page.goto("/workers");
    const { users } = await api.get<{
      users: { id: number; first_name: string; last_name: string }[];
    }>("users?per=1&page=1");
    const worker = users[0]!;
    const name = `${worker.first_name} ${worker.last_name}`;
    await openWorkers(page);
    await page.keyboard.press("Control+k");
    const palette = page.getByRole("dialog", { name: "Command palette" });
    const input = palette.getByRole("combobox", { name: "Jump to a page or worker" });
    await expect(input).toBeFocused();
    await input.pressSequentially(name, { delay: 20 });
    await expect(
      palette.getByRole("option", { name: new RegExp(`^${escapeRegExp(name)}`) }).first(),
    ).toBeVisible();
    await expect(palette.getByRole("status")).toHaveText(/workers? found/);
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/workers\/\d+$/);
    await expect(palette).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("the palette jumps to Badges, from the button too, and lists the shortcuts", async ({
    signedIn: page,
  }) => {
    await openWorkers(page);
    await page.getByRole("button", { name: "Jump to…" }).click();
    const palette = page.getByRole("dialog", { name: "Command palette" });
    await palette.getByRole("button", { name: "Keyboard shortcuts" }).click();
    const help = palette.getByRole("region", { name: "Keyboard shortcuts" });
    await expect(help.getByText("Open the command palette (also while typing)")).toBeVisible();
    await expect(help.getByText("Search workers")).toBeVisible();
    await screenshotForPeople(page, { path: test.info().outputPath("palette-shortcuts.png") });
    await palette.getByRole("combobox").fill("badges");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/badges$/);
    await expect(page.getByRole("heading", { level: 1, name: "Badges" })).toBeFocused();
  });

  test("Ctrl+S saves the worker from inside a field, and the browser's own save dialog stays shut", async ({
    signedIn: page,
    api,
  }) => {
    const w = await api.invite(uniqueWorker("ctrl-s"));
    await page.goto(`/workers/${w.id}`);
    const city = await hydrated(page.getByLabel("City", { exact: true }));
    await city.fill("Sausalito");
    await city.press("ControlOrMeta+s");
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
    expect((await api.get<{ city: string }>(`users/${w.id}`)).city).toBe("Sausalito");
  });

  test("the palette is axe clean, and looks right on a desktop and on a phone", async ({
    signedIn: page,
  }) => {
    // axe twice, on a busy machine: more than the default 30 s at times.
    test.slow();
    await openWorkers(page);
    for (const [label, width] of SIZES) {
      await page.setViewportSize({ width, height: 800 });
      await page.keyboard.press("Control+k");
      const palette = page.getByRole("dialog", { name: "Command palette" });
      await palette.getByRole("combobox").fill("jo");
      await expect(palette.getByRole("option", { name: "Jobs" })).toBeVisible();
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: test.info().outputPath(`palette-${label}.png`) });
      await page.keyboard.press("Escape");
      await expect(palette).toBeHidden();
    }
  });
});

test.describe("unknown URLs", () => {
  for (const path of ["/nope", "/workers/abc/def"]) {
    test(`${path}, signed in: the not-found page keeps the nav and is axe clean`, async ({
      signedIn: page,
    }) => {
      test.slow();
      for (const [label, width] of SIZES) {
        await page.setViewportSize({ width, height: 800 });
        const res = await page.goto(path);
        expect(res?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
        await expect(page.getByRole("main")).toContainText(path);
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
        await expect(page.getByRole("banner")).toHaveCount(1);
        await expect(page.getByRole("main")).toHaveCount(1);
        await expect(page).toHaveTitle("Page not found · Employer Portal");
        await expectNoSeriousViolations(page, { strict: true });
        if (path === "/nope") {
          await screenshotForPeople(page, {
            path: test.info().outputPath(`not-found-${label}.png`),
          });
        }
      }
      await hydrated(page.getByRole("link", { name: "Back to workers" }));
      await page.getByRole("link", { name: "Back to workers" }).click();
      await page.waitForURL(/\/workers/);
      await expect(page.getByRole("heading", { level: 1, name: "Workers" })).toBeFocused();
    });
  }

  test("signed out: a branded page with a way to sign in, axe clean", async ({ page }) => {
    test.slow();
    for (const [label, width] of SIZES) {
      await page.setViewportSize({ width, height: 800 });
      const res = await page.goto("/nope");
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("navigation")).toHaveCount(0);
      await expectNoSeriousViolations(page, { strict: true });
      await screenshotForPeople(page, {
        path: test.info().outputPath(`not-found-signed-out-${label}.png`),
      });
    }
    await page.getByRole("link", { name: "Sign in to the portal" }).click();
    await page.waitForURL(/\/sign-in/);
  });

  test("the favicon is the portal's EP mark", async ({ page }) => {
    await page.goto("/nope");
    const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
    expect(href).toMatch(/^\/icon\.svg/);
    const icon = await page.request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
    expect(await icon.text()).toContain("#4f46e5");
  });
});
