import { readFile } from "node:fs/promises";
import { expect, hydrated, type NewWorker, type PortalApi, test, uniqueWorker } from "./fixtures";

/**
 * The workers list remembers its view on every way back, the editor walks it with Previous and
 * Next, and the list's ergonomics: header sorts, row clicks, shift-click ranges, export of the
 * selection, saved views and column choice. Each test makes its own workers, found by a search
 * nobody else's data matches.
 */

/** `n` workers whose last names share a stem (`Wlk<run>-a`, `-b` …): a search finds just them. */
async function family(api: PortalApi, n: number, cities: string[] = []) {
  const stem = `Wlk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const made: (NewWorker & { id: number })[] = [];
  for (let i = 0; i < n; i++) {
    const w = await api.invite({
      ...uniqueWorker("walk"),
      last_name: `${stem}-${"abcdefghijk"[i]}`,
    });
    if (cities[i]) await api.patch(`users/${w.id}`, { user: { city: cities[i] } });
    made.push(w);
  }
  return { stem, workers: made, name: (w: NewWorker) => `${w.first_name} ${w.last_name}` };
}

test("the list's view survives opening a worker, and Previous/Next walk it across pages", async ({
  signedIn: page,
  api,
}) => {
  const { stem, workers, name } = await family(api, 11);
  const [a, b, c] = workers as [
    NewWorker & { id: number },
    NewWorker & { id: number },
    NewWorker & { id: number },
  ];
  await page.goto(`/workers?q=${stem}&per=10`);
  await expect(page.getByRole("status").filter({ hasText: "11 workers match" })).toBeVisible();

  // Sort by clicking the Name header: A–Z, then Z–A; aria-sort says which.
  const nameHeader = page.getByRole("columnheader", { name: "Name" });
  await hydrated(nameHeader.getByRole("button"));
  await nameHeader.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=last_name/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
  await nameHeader.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=-last_name/);
  await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
  await expect(page.getByRole("columnheader", { name: "E-mail" })).not.toHaveAttribute("aria-sort");
  const listUrl = page.url();

  // Z–A, ten a page: k … b on page 1, a alone on page 2. Open b, the last of page 1, by
  // clicking its row (its e-mail, not its link).
  await page.getByRole("row").filter({ hasText: b.email }).getByText(b.email).click();
  await expect(page).toHaveURL(new RegExp(`/workers/${b.id}$`));
  const pager = page.getByRole("navigation", { name: "Workers in the list" });
  await expect(pager.getByText("10 of 11")).toBeVisible();
  await expect(pager.getByRole("link", { name: `Previous worker: ${name(c)}` })).toBeVisible();

  // Next crosses to page 2; the last worker has no Next.
  await hydrated(pager.getByRole("link", { name: `Next worker: ${name(a)}` }));
  await pager.getByRole("link", { name: `Next worker: ${name(a)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/workers/${a.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: name(a) })).toBeVisible();
  await expect(pager.getByText("11 of 11")).toBeVisible();
  await expect(
    pager.getByRole("button", { name: "Next worker: none, this is the last in the list" }),
  ).toBeDisabled();

  // The breadcrumb leads back to the list as left: same search, sort and size, on page 2
  // (where the worker last opened is).
  const crumb = page
    .getByRole("navigation", { name: "Breadcrumb" })
    .getByRole("link", { name: "Workers" });
  await expect(crumb).toHaveAttribute("href", /sort=-last_name/);
  await crumb.click();
  await expect(page).toHaveURL(/\/workers\?/);
  const back = new URL(page.url());
  expect(back.searchParams.get("q")).toBe(stem);
  expect(back.searchParams.get("sort")).toBe("-last_name");
  expect(back.searchParams.get("per")).toBe("10");
  expect(back.searchParams.get("page")).toBe("2");
  await expect(page.getByLabel("Search workers")).toHaveValue(stem);
  await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(page.getByRole("link", { name: name(a) })).toBeVisible();

  // Previous from page 1's first worker: the first in the list has none.
  await page.goto(listUrl);
  await page.getByRole("link", { name: name(workers[10]!) }).click();
  await expect(
    page
      .getByRole("navigation", { name: "Workers in the list" })
      .getByRole("button", { name: "Previous worker: none, this is the first in the list" }),
  ).toBeDisabled();

  // The invite and import pages lead back to the same view; so does the menu.
  await page.goto("/workers/new");
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Workers" }),
  ).toHaveAttribute("href", /q=.*sort=-last_name/);
  await page.goto("/workers/import");
  await expect(
    page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Workers" }),
  ).toHaveAttribute("href", /q=.*sort=-last_name/);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Workers" }),
  ).toHaveAttribute("href", /q=.*sort=-last_name/);
});

test("city and status headers sort; a shift-click ticks a range, and the selection exports", async ({
  signedIn: page,
  api,
}) => {
  const { stem, workers } = await family(api, 6, [
    "Tulsa",
    "Austin",
    "Reno",
    "Boise",
    "Omaha",
    "Dover",
  ]);
  await page.goto(`/workers?q=${stem}`);
  const city = page.getByRole("columnheader", { name: "City/State" });
  await hydrated(city.getByRole("button"));
  await city.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=city/);
  await expect(city).toHaveAttribute("aria-sort", "ascending");
  const emails = () =>
    page
      .getByRole("row")
      .filter({ hasText: stem })
      .evaluateAll((rows) => rows.map((r) => r.textContent ?? ""));
  const order = ["Austin", "Boise", "Dover", "Omaha", "Reno", "Tulsa"];
  await expect
    .poll(async () => (await emails()).map((t) => order.find((o) => t.includes(o))))
    .toEqual(order);

  const status = page.getByRole("columnheader", { name: "Status" });
  await status.getByRole("button").click();
  await expect(page).toHaveURL(/[?&]sort=status/);
  await expect(status).toHaveAttribute("aria-sort", "ascending");
  await expect(city).not.toHaveAttribute("aria-sort");
  await page.goto(`/workers?q=${stem}&sort=city`);

  // Tick Boise's box, shift-click Reno's: Boise, Dover, Omaha, Reno.
  const box = (i: number) =>
    page.getByRole("checkbox", {
      name: `Select ${workers[i]!.first_name} ${workers[i]!.last_name}`,
    });
  await hydrated(box(3));
  await box(3).click();
  await box(2).click({ modifiers: ["Shift"] });
  for (const i of [3, 4, 5, 2]) await expect(box(i)).toBeChecked();
  for (const i of [0, 1]) await expect(box(i)).not.toBeChecked();

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export 4 selected" }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, "utf8")).trim().split(/\r\n/);
  expect(lines).toHaveLength(5);
  for (const i of [2, 3, 4, 5]) expect(lines.some((l) => l.includes(workers[i]!.email))).toBe(true);
  await expect(page.getByRole("status").filter({ hasText: "Exported 4 workers" })).toBeVisible();
});

test("a saved view comes back, and a hidden column stays hidden after a reload", async ({
  signedIn: page,
  api,
}) => {
  const { stem } = await family(api, 2);
  await page.goto(`/workers?q=${stem}&sort=-email`);
  const views = page.getByRole("button", { name: "Views" });
  await hydrated(views);
  await views.click();
  await page.getByLabel("Save the current view as").fill("Walkers by e-mail");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved “Walkers by e-mail”.")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.goto("/workers?suspended=false");
  await hydrated(page.getByRole("button", { name: "Views" }));
  await page.getByRole("button", { name: "Views" }).click();
  await page.getByRole("button", { name: "Walkers by e-mail", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/workers\\?q=${stem}&sort=-email$`));
  await expect(page.getByRole("status").filter({ hasText: "2 workers match" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Walkers by e-mail (saved view)" })).toBeVisible();

  // Columns: hide the phone; it stays hidden after a reload, and comes back when asked.
  await hydrated(page.getByRole("button", { name: "Columns" }));
  await expect(page.getByRole("columnheader", { name: "Phone" })).toBeVisible();
  await page.getByRole("button", { name: "Columns" }).click();
  await page.getByRole("checkbox", { name: "Phone" }).uncheck();
  await expect(page.getByRole("columnheader", { name: "Phone" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("columnheader", { name: "Name" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Phone" })).toHaveCount(0);
  await hydrated(page.getByRole("button", { name: /Columns/ }));
  await page.getByRole("button", { name: /Columns/ }).click();
  await page.getByRole("checkbox", { name: "Phone" }).check();
  await expect(page.getByRole("columnheader", { name: "Phone" })).toBeVisible();
});
