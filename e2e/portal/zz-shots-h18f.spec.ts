import { expect, hydrated, test } from "./fixtures";

const out = "/tmp/h18f-shots";

test("screenshots of the list and the editor header", async ({ signedIn: page }) => {
  test.setTimeout(120_000);
  for (const [w, h, tag] of [
    [1280, 900, "1280"],
    [1600, 1000, "1600"],
    [390, 844, "390"],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto("/workers?sort=city&suspended=false");
    await expect(page.getByRole("status").filter({ hasText: /workers match/ })).toBeVisible();
    await hydrated(page.getByRole("button", { name: "Views" }));
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/list-${tag}.png` });
    if (w >= 1280) {
      const boxes = page.getByRole("checkbox", { name: /^Select (?!all)/ });
      await boxes.nth(1).click();
      await boxes.nth(4).click({ modifiers: ["Shift"] });
      await page.screenshot({ path: `${out}/list-selected-${tag}.png` });
      await page.getByRole("button", { name: "Views" }).click();
      await page.getByLabel("Save the current view as").fill("Active by city");
      await page.screenshot({ path: `${out}/views-${tag}.png` });
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: /Columns/ }).click();
      await page.screenshot({ path: `${out}/columns-${tag}.png` });
      await page.keyboard.press("Escape");
    }
    await page.getByRole("link", { name: /\w/ }).filter({ has: page.locator("xpath=.") });
    const rows = page.locator("main a[href^='/workers/']").filter({ hasNotText: /Import|Invite/ });
    await rows.nth(3).click();
    await expect(page.getByRole("navigation", { name: "Workers in the list" })).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/editor-${tag}.png` });
  }
});
