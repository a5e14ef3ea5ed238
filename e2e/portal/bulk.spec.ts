import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import Papa from "papaparse";
import { expectNoSeriousViolations } from "./axe";
import {
  chooseKeyPair,
  expect,
  hydrated,
  type NewWorker,
  type PortalApi,
  serverInfo,
  test,
  uniqueWorker,
} from "./fixtures";

/**
 * The worker list's bulk tools: CSV export of what the search and filters show (all pages),
 * and adding or removing a badge for a selection, with a result per worker.
 */

/** The user object's fields in the API's order, then the badge names. */
const CSV_HEADER = [
  ..."id external_id type first_name last_name email phone gender dob address address_state city zip home_latitude home_longitude latitude longitude avatar_url logo_url workplace_image_url business_name drug_tested rating referred_by ssn suspended suspended_until lower_pool lower_pool_until onboarding_appt_time tracking_code w2_address_state w2_employee_id w2_onboarding_completed w2_onboarding_started w2_onboarding_status updated_at".split(
    " ",
  ),
  "badges",
];

type ApiUser = { id: number; user_badges: { badge_id: string }[] };

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** `n` workers sharing one last name nobody else has, so a search shows exactly them. */
async function inviteGroup(
  api: PortalApi,
  n: number,
  label: string,
  tweak: (w: NewWorker, i: number) => Partial<NewWorker> = () => ({}),
) {
  const lastName = `${label}${stamp()}`;
  const created: (NewWorker & { id: number })[] = [];
  // A few at a time: quick, without a burst the server would have to queue.
  for (let i = 0; i < n; i += 5) {
    const batch = Array.from({ length: Math.min(5, n - i) }, (_, j) => {
      const w = uniqueWorker(label.toLowerCase());
      return api.invite({ ...w, last_name: lastName, ...tweak(w, i + j) });
    });
    created.push(...(await Promise.all(batch)));
  }
  return { lastName, workers: created };
}

const giveBadge = (api: PortalApi, userId: number, badgeId: number) =>
  api.patch(`users/${userId}`, { user_badges_attributes: [{ badge_id: String(badgeId) }] });

/** Clicks "Export CSV" and returns the saved file's text. */
async function exportCsv(page: Page): Promise<{ text: string; download: Download }> {
  const button = await hydrated(page.getByRole("button", { name: "Export CSV" }));
  const downloading = page.waitForEvent("download");
  await button.click();
  const download = await downloading;
  const file = await download.path();
  return { text: fs.readFileSync(file, "utf8"), download };
}

/** The CSV as objects by column name (the BOM checked and taken off first). */
function parseCsv(text: string) {
  expect(text.charCodeAt(0), "starts with a UTF-8 byte order mark").toBe(0xfeff);
  const body = text.slice(1);
  expect(body.endsWith("\r\n")).toBe(true);
  const { data, errors } = Papa.parse<string[]>(body.slice(0, -2), { newline: "\r\n" });
  expect(errors).toEqual([]);
  const [header, ...rows] = data;
  return {
    header: header ?? [],
    rows: rows.map((r) => Object.fromEntries((header ?? []).map((h, i) => [h, r[i] ?? ""]))),
  };
}

async function badgesOf(api: PortalApi, id: number, badgeId: number): Promise<number> {
  const u = await api.get<ApiUser>(`users/${id}`);
  return u.user_badges.filter((b) => b.badge_id === String(badgeId)).length;
}

test("exports exactly what the search and filters show, every field and the badge names", async ({
  signedIn: page,
  api,
}) => {
  const badge = await api.createBadge(`Export ${stamp()}`);
  const other = await api.createBadge(`Other ${stamp()}`);
  // One name starts like a formula and one has accents: both must come out as typed.
  const { lastName, workers } = await inviteGroup(api, 3, "Export", (_, i) =>
    i === 0 ? { first_name: "=Zoë" } : i === 1 ? { first_name: "Ñandú" } : {},
  );
  const [w0, w1, w2] = workers as [(typeof workers)[0], (typeof workers)[0], (typeof workers)[0]];
  await giveBadge(api, w0.id, badge.id);
  await giveBadge(api, w0.id, other.id);
  await giveBadge(api, w1.id, badge.id);

  // Search and badge filter: two of the three.
  await page.goto(`/workers?q=${lastName}&badge=${badge.id}`);
  await expect(page.getByRole("status").filter({ hasText: "2 workers match" })).toBeVisible();
  const { text, download } = await exportCsv(page);
  expect(download.suggestedFilename()).toMatch(/^workers-\d{4}-\d{2}-\d{2}\.csv$/);
  const filtered = parseCsv(text);
  expect(filtered.header).toEqual(CSV_HEADER);
  expect(filtered.rows.map((r) => Number(r.id)).sort()).toEqual([w0.id, w1.id].sort());
  const row0 = filtered.rows.find((r) => Number(r.id) === w0.id)!;
  expect(row0).toMatchObject({
    first_name: "'=Zoë",
    last_name: lastName,
    email: w0.email,
    phone: w0.phone,
    external_id: w0.external_id,
    type: "Worker",
    suspended: "false",
    badges: `${badge.name}; ${other.name}`,
  });
  expect(filtered.rows.find((r) => Number(r.id) === w1.id)).toMatchObject({
    first_name: "Ñandú",
    badges: badge.name,
  });
  await expect(page.getByRole("status").filter({ hasText: "Exported 2 workers" })).toBeVisible();

  // The search alone: all three.
  await page.goto(`/workers?q=${lastName}`);
  await expect(page.getByRole("status").filter({ hasText: "3 workers match" })).toBeVisible();
  const bySearch = parseCsv((await exportCsv(page)).text);
  expect(bySearch.rows.map((r) => Number(r.id)).sort()).toEqual([w0.id, w1.id, w2.id].sort());
  expect(bySearch.rows.find((r) => Number(r.id) === w2.id)?.badges).toBe("");

  // No filter: as many rows as the list's total (several pages of 50 upstream).
  await page.goto("/workers");
  const count = page.getByRole("status").filter({ hasText: /^[\d,]+ workers$/ });
  await expect(count).toBeVisible();
  const total = Number((await count.textContent())!.replace(/\D/g, ""));
  expect(total).toBeGreaterThan(100);
  const everyone = parseCsv((await exportCsv(page)).text);
  expect(everyone.rows).toHaveLength(total);
  expect(new Set(everyone.rows.map((r) => r.id)).size).toBe(total);
});

test("the export route refuses bad filters with the house error, and needs a session", async ({
  api,
  request,
  playwright,
  baseURL,
}) => {
  await api.signIn();
  // The API's own refusal, passed on before anything is streamed.
  const bad = await request.get("/api/export/workers?suspended=maybe");
  expect(bad.status()).toBe(400);
  expect(bad.headers()["content-type"]).toContain("application/json");
  expect((await bad.json()).error).toMatchObject({ code: "malformed_request" });
  // The route's own check.
  const long = await request.get(`/api/export/workers?q=${"x".repeat(201)}`);
  expect(long.status()).toBe(400);
  expect((await long.json()).error).toMatchObject({
    code: "malformed_request",
    fields: { q: ["is too long (maximum is 200 characters)"] },
  });

  const ok = await request.get("/api/export/workers?q=zzzzzzzzzz-nobody");
  expect(ok.status()).toBe(200);
  expect(ok.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(ok.headers()["content-disposition"]).toMatch(
    /^attachment; filename="workers-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(ok.headers()["x-total-count"]).toBe("0");
  expect(await ok.text()).toBe(`\uFEFF${CSV_HEADER.join(",")}\r\n`);

  const anonymous = await playwright.request.newContext({ baseURL });
  const refused = await anonymous.get("/api/export/workers");
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toMatchObject({ code: "session_expired" });
  await anonymous.dispose();
});

test("adds a badge to 30 workers, 5 of whom hold it already: 25 added, 5 unchanged", async ({
  signedIn: page,
  api,
}) => {
  await page.goto("/workers");
  test.setTimeout(90_000);
  const badge = await api.createBadge(`Bulk add ${stamp()}`);
  const { lastName, workers } = await inviteGroup(api, 30, "Bulk");
  const holders = workers.slice(0, 5);
  for (const w of holders) await giveBadge(api, w.id, badge.id);

  // 25 a page: the header box ticks the page, the banner offers all 30.
  await page.goto(`/workers?q=${lastName}`);
  await expect(page.getByRole("status").filter({ hasText: "30 workers match" })).toBeVisible();
  const pageBox = await hydrated(
    page.getByRole("checkbox", { name: "Select all workers on this page" }),
  );
  await pageBox.check();
  await expect(page.getByText("All 25 workers on this page are selected.")).toBeVisible();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar.getByRole("status")).toHaveText("25 selected");
  await page.getByRole("button", { name: "Select all 30 workers matching this filter" }).click();
  await expect(page.getByText("All 30 workers matching this filter are selected.")).toBeVisible();
  await expect(bar.getByRole("status")).toHaveText("30 selected");
  await expectNoSeriousViolations(page);

  await bar.getByRole("button", { name: "Add badge" }).click();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.getByRole("heading", {
      name: "Add a badge to all 30 workers matching this filter",
    }),
  ).toBeVisible();
  const confirm = dialog.getByRole("button", { name: "Add badge" });
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("combobox", { name: "Badge" }).fill(badge.name);
  await page.getByRole("option", { name: badge.name }).click();
  // The button fades from its disabled shade to its enabled one: judge its contrast once the
  // colour has settled, not halfway.
  await expect(confirm).toBeEnabled();
  await confirm.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  await expectNoSeriousViolations(page);
  await confirm.click();

  await expect(dialog.getByRole("status")).toHaveText("25 added · 5 unchanged · 0 failed", {
    timeout: 30_000,
  });
  await expect(
    dialog.getByRole("heading", { name: `Finished adding “${badge.name}”` }),
  ).toBeVisible();
  const results = dialog.getByRole("list", { name: "Result for each worker" });
  await expect(results.getByRole("listitem")).toHaveCount(30);
  await expect(results.getByText("Unchanged", { exact: true })).toHaveCount(5);
  await expect(results.getByText("Added", { exact: true })).toHaveCount(25);
  await expectNoSeriousViolations(page);

  // The per-worker results as a file.
  const downloading = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download results" }).click();
  const resultFile = fs.readFileSync(await (await downloading).path(), "utf8");
  const resultRows = Papa.parse<string[]>(resultFile.slice(1).trim(), { newline: "\r\n" }).data;
  expect(resultRows[0]).toEqual(["id", "first_name", "last_name", "email", "result", "message"]);
  const byId = new Map(resultRows.slice(1).map((r) => [Number(r[0]), r[4]]));
  for (const w of workers) expect(byId.get(w.id)).toBe(holders.includes(w) ? "unchanged" : "added");

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  // Each of the 30 holds it exactly once.
  for (const w of workers) expect(await badgesOf(api, w.id, badge.id), `worker ${w.id}`).toBe(1);
  // And the list shows it: all 30 now match the badge filter.
  await page.goto(`/workers?q=${lastName}&badge=${badge.id}`);
  await expect(page.getByRole("status").filter({ hasText: "30 workers match" })).toBeVisible();
});

test("removes a badge from picked workers, across pages; workers without it are unchanged", async ({
  signedIn: page,
  api,
}) => {
  await page.goto("/workers");
  const badge = await api.createBadge(`Bulk remove ${stamp()}`);
  const { lastName, workers } = await inviteGroup(api, 14, "Strip");
  // Sorted by last name (all the same), the list falls back to id order: at 10 a page, the
  // first ten created are on page 1, the newest four on page 2.
  const byId = [...workers].sort((x, y) => x.id - y.id);
  const [first, second] = byId as [(typeof byId)[0], (typeof byId)[0]];
  const notHolder = byId.at(-1)!;
  for (const w of byId.slice(0, -1)) await giveBadge(api, w.id, badge.id);

  await page.goto(`/workers?q=${lastName}&per=10&sort=last_name`);
  await expect(page.getByRole("status").filter({ hasText: "14 workers match" })).toBeVisible();
  // The names are shared; the e-mail tells the rows apart.
  const box = (w: NewWorker) =>
    page
      .getByRole("row")
      .filter({ hasText: w.email })
      .getByRole("checkbox", { name: `Select ${w.first_name} ${w.last_name}` });
  await (await hydrated(box(first))).check();
  await box(second).check();
  const bar = page.getByRole("region", { name: "Bulk actions" });
  await expect(bar.getByRole("status")).toHaveText("2 selected");

  // The selection survives paging.
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await box(notHolder).check();
  await expect(bar.getByRole("status")).toHaveText("3 selected");
  await pager.getByRole("button", { name: "Previous" }).click();
  await expect(box(first)).toBeChecked();
  await expect(box(byId[2]!)).not.toBeChecked();

  await bar.getByRole("button", { name: "Remove badge" }).click();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.getByRole("heading", { name: "Remove a badge from 3 workers" }),
  ).toBeVisible();
  await dialog.getByRole("combobox", { name: "Badge" }).fill(badge.name);
  await page.getByRole("option", { name: badge.name }).click();
  await dialog.getByRole("button", { name: "Remove badge" }).click();
  await expect(dialog.getByRole("status")).toHaveText("2 removed · 1 unchanged · 0 failed");
  await dialog.getByRole("button", { name: "Close" }).click();

  for (const w of [first, second, notHolder]) expect(await badgesOf(api, w.id, badge.id)).toBe(0);
  // Everyone not picked keeps it.
  for (const w of byId.slice(2, -1))
    expect(await badgesOf(api, w.id, badge.id), `worker ${w.id}`).toBe(1);

  // The same selection again, the other way round: the selection knows what they hold now.
  const runOnSelection = async (action: "Add badge" | "Remove badge", summary: string) => {
    await bar.getByRole("button", { name: action }).click();
    await dialog.getByRole("combobox", { name: "Badge" }).fill(badge.name);
    await page.getByRole("option", { name: badge.name }).click();
    await dialog.getByRole("button", { name: action }).click();
    await expect(dialog.getByRole("status")).toHaveText(summary);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  };
  await runOnSelection("Add badge", "3 added · 0 unchanged · 0 failed");
  await runOnSelection("Remove badge", "3 removed · 0 unchanged · 0 failed");

  // A new search starts a new selection.
  await expect(bar).toBeVisible();
  await page.getByLabel("Search workers").fill(`${lastName}x`);
  await expect(page).toHaveURL(new RegExp(`q=${lastName}x`));
  await expect(bar).toBeHidden();
});

test("against a service like the real one: no totals, pages until a short page", async ({
  page,
  request,
}) => {
  const fake = serverInfo().fakeRealServiceURL;
  expect((await request.post(`${fake}/__control/reset`)).status()).toBe(200);
  await page.goto("/sign-in");
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await chooseKeyPair(page);
  await page.getByLabel("API key").fill("pk_live_FAKEREALSERVICE000000001");
  await page.getByLabel("Secret key").fill("sk_live_FAKEREALSERVICESECRET0000001");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);
  // The portal opens on the home page; this journey continues from the workers list.
  await page.goto("/workers");

  // 60 workers at 50 a page upstream, and no total anywhere.
  const all = parseCsv((await exportCsv(page)).text);
  expect(all.rows).toHaveLength(60);
  expect(all.rows[0]).toMatchObject({ first_name: "Maria", last_name: "Garcia" });
  expect(all.rows.filter((r) => r.badges === "Forklift Certified")).toHaveLength(15);

  // Selecting without a total: "all matching workers", in words.
  await page.getByLabel("Search workers").fill("Garcia");
  await expect(
    page.getByRole("status").filter({ hasText: "6 workers on this page" }),
  ).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all workers on this page" }).check();
  await expect(page.getByRole("region", { name: "Bulk actions" }).getByRole("status")).toHaveText(
    "6 selected",
  );
});
