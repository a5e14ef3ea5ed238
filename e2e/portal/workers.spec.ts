import { expect, hydrated, test, uniqueWorker } from "./fixtures";

/** The worker list: search, filters, paging, and a view that lives in the URL. */

test("searches and pages the worker list, and the URL keeps the view", async ({
  signedIn: page,
  api,
}) => {
  const w = await api.invite(uniqueWorker("list"));
  await page.goto("/workers");
  await expect(page.getByRole("status").filter({ hasText: /^[\d,]+ workers$/ })).toBeVisible();

  // Paging: the next page, and back.
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await hydrated(pager.getByRole("button", { name: "Next" }));
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pager.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await pager.getByRole("button", { name: "Previous" }).click();
  await expect(pager.getByText(/^Page 1 of \d+$/)).toBeVisible();

  // Free-text search (debounced) finds the worker by name, e-mail or phone.
  await page.getByLabel("Search workers").fill(w.last_name);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(w.last_name)}`));
  const row = page.getByRole("link", { name: `${w.first_name} ${w.last_name}` });
  await expect(row).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 worker matches" })).toBeVisible();

  // The view survives a reload and can be shared.
  await page.reload();
  await expect(page.getByLabel("Search workers")).toHaveValue(w.last_name);
  await expect(row).toBeVisible();

  // Wait for the debounced search to settle into the URL before leaving: the row from the
  // previous search is already on screen, and a click while the debounce is pending would be
  // followed by the debounce's own navigation back to the list.
  await page.getByLabel("Search workers").fill(w.email);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(w.email)}`));
  await expect(row).toBeVisible();

  await row.click();
  await expect(page).toHaveURL(new RegExp(`/workers/${w.id}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: `${w.first_name} ${w.last_name}` }),
  ).toBeVisible();

  // Typing, then at once following a row still on screen, on a slow network (the worker's page
  // takes a second to come): the search that was settling (300 ms) does not pull the page back
  // to the list meanwhile.
  await page.goBack();
  await expect(row).toBeVisible();
  await page.route(new RegExp(`/workers/${w.id}\\?_rsc=`), async (route) => {
    await new Promise((r) => setTimeout(r, 1_000));
    await route.continue();
  });
  await page.getByLabel("Search workers").fill(w.last_name);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/workers/${w.id}$`));
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(new RegExp(`/workers/${w.id}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: `${w.first_name} ${w.last_name}` }),
  ).toBeVisible();
});

test("filters by status and badge, and offers to clear a search that finds nothing", async ({
  signedIn: page,
  api,
}) => {
  await page.goto("/workers");
  await hydrated(page.getByLabel("Status"));
  await page.getByLabel("Status").selectOption({ label: "Suspended" });
  await expect(page).toHaveURL(/[?&]suspended=true/);
  const table = page.getByRole("table");
  await expect(table.getByText("Suspended").first()).toBeVisible();
  await expect(table.getByText("Active", { exact: true })).toHaveCount(0);

  // A worker holding a fresh badge is the only match for that badge.
  const badge = await api.createBadge(`Night Shift ${Date.now().toString(36)}`);
  const w = await api.invite(uniqueWorker("badge"));
  await api.patch(`users/${w.id}`, {
    user: { user_badges_attributes: [{ badge_id: String(badge.id) }] },
  });
  await page.goto("/workers");
  await hydrated(page.getByLabel("Badge", { exact: true }));
  await page.getByLabel("Badge", { exact: true }).selectOption({ label: badge.name });
  await expect(page).toHaveURL(new RegExp(`[?&]badge=${badge.id}`));
  await expect(page.getByRole("link", { name: `${w.first_name} ${w.last_name}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 worker matches" })).toBeVisible();

  await page.goto("/workers?q=zzzzzzzz");
  await expect(page.getByText("No workers match")).toBeVisible();
  await hydrated(page.getByRole("button", { name: "Clear filters" }));
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/workers$/);
  await expect(page.getByRole("status").filter({ hasText: /^[\d,]+ workers$/ })).toBeVisible();
});

test("finds a worker by a name typed without its accents, as a demo presenter types it", async ({
  signedIn: page,
  api,
}) => {
  const base = uniqueWorker("accents");
  const w = await api.invite({
    ...base,
    first_name: "Chloé",
    last_name: `Nguyễn ${base.last_name}`,
  });
  await page.goto("/workers");
  await hydrated(page.getByLabel("Search workers"));
  await page.getByLabel("Search workers").fill(`chloe nguyen ${base.last_name.toUpperCase()}`);
  await expect(page.getByRole("link", { name: `${w.first_name} ${w.last_name}` })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "1 worker matches" })).toBeVisible();
});
