import type { Page } from "@playwright/test";
import { expectNoSeriousViolations as expectAxeClean } from "./axe";
import {
  chooseKeyPair,
  expect,
  hydrated,
  type PortalApi,
  screenshotForPeople,
  test,
  uniqueWorker,
} from "./fixtures";

// Menus, dialogs, toasts and scrolling as most people see them: with their motion (the
// suite runs with less of it: .config/playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

/**
 * Managing badges on /badges: how many workers hold each (linked to the filtered list), renaming
 * in place, and deleting with a confirmation that says who loses it. Every badge here is this
 * spec's own: the demo's badges, which other specs use, are never changed.
 */

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A badge of our own held by `holders` new workers. */
async function heldBadge(api: PortalApi, label: string, holders: number) {
  const badge = await api.createBadge(`${label} ${stamp()}`);
  const workers = [];
  for (let i = 0; i < holders; i++) {
    const w = await api.invite(uniqueWorker("badge-manage"));
    await api.patch(`users/${w.id}`, {
      user: { user_badges_attributes: [{ badge_id: String(badge.id) }] },
    });
    workers.push(w);
  }
  return { badge, workers };
}

/** /badges narrowed to one name (the list shows 50; other specs add badges of their own). */
async function openBadges(page: Page, search: string) {
  await page.goto("/badges");
  await hydrated(page.getByRole("button", { name: "Create badge" }));
  await page.getByLabel("Search badges").fill(search);
  await expect(page.getByRole("status").filter({ hasText: /^1 badge matches$/ })).toBeVisible();
  return page.getByRole("list", { name: "Badges" }).getByRole("listitem");
}

test("each badge says how many workers hold it, linked to the list filtered by it", async ({
  signedIn: page,
  api,
}) => {
  const { badge, workers } = await heldBadge(api, "Counted", 2);
  const unheld = await api.createBadge(`Counted nobody ${stamp()}`);

  const item = await openBadges(page, badge.name);
  const link = item.getByRole("link", { name: `2 workers hold ${badge.name}: show them` });
  await expect(link).toBeVisible();

  await openBadges(page, unheld.name);
  await expect(page.getByText("No workers yet")).toBeVisible();

  await openBadges(page, badge.name);
  await hydrated(link);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/workers\\?badge=${badge.id}$`));
  await expect(page.getByRole("status").filter({ hasText: "2 workers match" })).toBeVisible();
  for (const w of workers) {
    await expect(page.getByRole("link", { name: `${w.first_name} ${w.last_name}` })).toBeVisible();
  }
});

test("renames a badge in place: Escape keeps it, a taken name is refused on the field, Enter saves", async ({
  signedIn: page,
  api,
}) => {
  const { badge } = await heldBadge(api, "Renamed", 1);
  const other = await api.createBadge(`Taken name ${stamp()}`);
  const item = await openBadges(page, badge.name);
  const edit = item.getByRole("button", { name: `Edit ${badge.name}` });
  await hydrated(edit);

  // Escape leaves the name as it was, and focus where the edit started.
  await edit.click();
  const field = item.getByRole("textbox", { name: "Badge name" });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(badge.name);
  await field.fill("Not kept");
  await field.press("Escape");
  await expect(field).toHaveCount(0);
  await expect(item.getByRole("heading", { name: badge.name })).toBeVisible();
  await expect(edit).toBeFocused();

  // Another badge's name (in other letter cases too) is the server's refusal, on the field.
  await edit.press("Enter");
  await field.fill(other.name.toUpperCase());
  await field.press("Enter");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(item.getByText("has already been taken")).toBeVisible();
  await expect(field).toBeFocused();

  // An empty name never leaves the browser.
  await field.fill("  ");
  await field.press("Enter");
  await expect(item.getByText("can't be blank")).toBeVisible();

  const renamed = `${badge.name} (renamed)`;
  await field.fill(renamed);
  await field.press("Enter");
  await expect(field).toHaveCount(0);
  await expect(item.getByRole("heading", { name: renamed })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: `Badge renamed to “${renamed}”.` }),
  ).toBeAttached();
  await expect(item.getByRole("button", { name: `Edit ${renamed}` })).toBeFocused();
  // Saved upstream, not only on the page.
  const saved = await api.get<{ name: string }>(`badges/${badge.id}`);
  expect(saved.name).toBe(renamed);
});

test("deletes a badge after saying how many workers lose it; they no longer hold it", async ({
  signedIn: page,
  api,
}) => {
  const { badge, workers } = await heldBadge(api, "Deleted", 3);
  const item = await openBadges(page, badge.name);
  const del = item.getByRole("button", { name: `Delete ${badge.name}` });
  await hydrated(del);

  // "Keep badge" (the focused, safe choice) changes nothing.
  await del.click();
  const dialog = page.getByRole("dialog", { name: `Delete “${badge.name}”?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("3 workers hold it and will lose it.");
  await expect(dialog.getByRole("button", { name: "Keep badge" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(item.getByRole("heading", { name: badge.name })).toBeVisible();

  await del.click();
  await dialog.getByRole("button", { name: "Delete badge" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No badges match")).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: `Badge “${badge.name}” deleted.` }),
  ).toBeAttached();
  await expect(page.getByRole("region", { name: "Badge list" })).toBeFocused();

  for (const w of workers) {
    const user = await api.get<{ user_badges: { badge_id: string }[] }>(`users/${w.id}`);
    expect(user.user_badges.map((b) => b.badge_id)).not.toContain(String(badge.id));
  }
});

test("against a service like the real one: no counts, no rename or delete, the list as before", async ({
  page,
}) => {
  // The fake real service's one key pair (fake-real-service.mjs, FAKE_LIVE_KEYS): its badges
  // carry no workers_count and it has no badge writes.
  await page.goto("/sign-in");
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await chooseKeyPair(page);
  await page.getByLabel("API key").fill("pk_live_FAKEREALSERVICE000000001");
  await page.getByLabel("Secret key").fill("sk_live_FAKEREALSERVICESECRET0000001");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);
  await page.goto("/badges");
  const list = page.getByRole("list", { name: "Badges" });
  await expect(list.getByRole("heading", { name: "Forklift Certified" })).toBeVisible();
  await expect(list.getByRole("listitem")).toHaveCount(4);
  await expect(list.getByRole("link", { name: /workers? hold/ })).toHaveCount(0);
  await expect(list.getByText("No workers yet")).toHaveCount(0);
  await expect(list.getByRole("button", { name: /^(Edit|Delete) / })).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`counts, the rename form and the delete dialog are axe clean at ${width} px`, async ({
    signedIn: page,
    api,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const { badge } = await heldBadge(api, "Looked at", 2);
    // The whole list first: the demo's badges with their counts.
    await page.goto("/badges");
    await expect(page.getByRole("link", { name: /workers? hold/ }).first()).toBeVisible();
    await screenshotForPeople(page, {
      path: testInfo.outputPath(`badges-all-${width}.png`),
      fullPage: true,
    });
    const item = await openBadges(page, badge.name);
    await expect(item.getByRole("link", { name: /2 workers hold/ })).toBeVisible();
    await expectAxeClean(page);
    await screenshotForPeople(page, {
      path: testInfo.outputPath(`badges-${width}.png`),
      fullPage: true,
    });

    await item.getByRole("button", { name: `Edit ${badge.name}` }).click();
    await expect(item.getByRole("textbox", { name: "Badge name" })).toBeFocused();
    await expectAxeClean(page);
    await screenshotForPeople(page, { path: testInfo.outputPath(`badges-rename-${width}.png`) });
    await page.keyboard.press("Escape");

    await item.getByRole("button", { name: `Delete ${badge.name}` }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAxeClean(page);
    await screenshotForPeople(page, { path: testInfo.outputPath(`badges-delete-${width}.png`) });
  });
}
