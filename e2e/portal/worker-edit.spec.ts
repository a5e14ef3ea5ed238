import {
  alertWith,
  expect,
  HUMAN_PAUSE_MS,
  hydrated,
  signInWithDemo,
  test,
  uniqueWorker,
} from "./fixtures";

// Menus, dialogs, toasts and scrolling as most people see them: with their motion (the
// suite runs with less of it: .config/playwright.config.ts).
test.use({ reducedMotion: "no-preference" });

/** Editing a worker: coordinates, geolocation, badges, conflicts, and a session that ends. */

type ApiWorker = {
  city: string | null;
  first_name: string;
  latitude: string | null;
  longitude: string | null;
  user_badges: { badge_id: string }[];
};

const saved = (page: import("@playwright/test").Page) =>
  page.getByRole("status").filter({ hasText: /^Saved$/ });

test("edits coordinates, and refuses an out-of-range latitude next to the field", async ({
  signedIn: page,
  api,
}) => {
  const w = await api.invite(uniqueWorker("coords"));
  await page.goto(`/workers/${w.id}`);
  await hydrated(page.getByLabel("Current latitude"));
  await page.getByLabel("Current latitude").fill("37.7952");
  await page.getByLabel("Current longitude").fill("-122.4028");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(saved(page)).toBeVisible();
  const after = await api.get<ApiWorker>(`users/${w.id}`);
  expect([after.latitude, after.longitude]).toEqual(["37.7952", "-122.4028"]);

  await page.getByLabel("Home latitude").fill("91");
  await page.getByLabel("Home longitude").fill("10");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Home latitude must be between -90 and 90")).toBeVisible();
  await expect(page.getByLabel("Home latitude")).toHaveAttribute("aria-invalid", "true");
  expect(
    (await api.get<ApiWorker & { home_latitude: string | null }>(`users/${w.id}`)).home_latitude,
  ).toBeNull();
});

test("fills the current location from the browser's geolocation", async ({
  signedIn: page,
  api,
  context,
}) => {
  const w = await api.invite(uniqueWorker("geo"));
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: 40.712776, longitude: -74.005974 });
  await page.goto(`/workers/${w.id}`);
  await hydrated(page.getByRole("button", { name: "Use my current location" }));
  await page.getByRole("button", { name: "Use my current location" }).click();
  await expect(page.getByLabel("Current latitude")).toHaveValue("40.712776");
  await expect(page.getByLabel("Current longitude")).toHaveValue("-74.005974");
  await expect(
    page.getByRole("img", { name: /Map preview: current location 40\.712776, -74\.005974/ }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(saved(page)).toBeVisible();
  expect((await api.get<ApiWorker>(`users/${w.id}`)).latitude).toBe("40.712776");
});

test("adds two badges, cannot pick one already assigned, and removes one", async ({
  signedIn: page,
  api,
}) => {
  const tag = Date.now().toString(36);
  const first = await api.createBadge(`Crane Operator ${tag}`);
  const second = await api.createBadge(`Crowd Control ${tag}`);
  const held = await api.createBadge(`Cold Storage ${tag}`);
  const w = await api.invite(uniqueWorker("badges"));
  await api.patch(`users/${w.id}`, {
    user: { user_badges_attributes: [{ badge_id: String(held.id) }] },
  });

  await page.goto(`/workers/${w.id}`);
  const picker = await hydrated(page.getByRole("combobox", { name: "Add a badge" }));
  const chips = page.getByRole("list", { name: "Badges on this worker" });
  await expect(chips.getByText(held.name)).toBeVisible();

  for (const badge of [first, second]) {
    await picker.fill(badge.name);
    await page.getByRole("option", { name: badge.name, exact: true }).click();
    await expect(chips.getByText(badge.name)).toBeVisible();
  }
  // The one the worker holds is shown as assigned and cannot be chosen.
  await picker.fill(held.name);
  const assigned = page.getByRole("option", { name: `${held.name}, assigned` });
  await expect(assigned).toHaveAttribute("aria-disabled", "true");
  await picker.press("Escape");

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(saved(page)).toBeVisible();
  let after = await api.get<ApiWorker>(`users/${w.id}`);
  expect(after.user_badges.map((b) => b.badge_id).sort()).toEqual(
    [first.id, second.id, held.id].map(String).sort(),
  );

  await page.getByRole("button", { name: `Remove ${first.name}` }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(saved(page)).toBeVisible();
  after = await api.get<ApiWorker>(`users/${w.id}`);
  expect(after.user_badges.map((b) => b.badge_id).sort()).toEqual(
    [second.id, held.id].map(String).sort(),
  );
});

test("two tabs on one worker: the second save shows the conflict, and overwriting is a choice", async ({
  signedIn: page,
  api,
  context,
}) => {
  const w = await api.invite(uniqueWorker("conflict"));
  const other = await context.newPage();
  await page.goto(`/workers/${w.id}`);
  await other.goto(`/workers/${w.id}`);
  await hydrated(page.getByLabel("City", { exact: true }));
  await hydrated(other.getByLabel("City", { exact: true }));

  await other.getByLabel("City", { exact: true }).fill("Oakland");
  await other.getByRole("button", { name: "Save changes" }).click();
  await expect(saved(other)).toBeVisible();

  await page.getByLabel("City", { exact: true }).fill("San Francisco");
  await page.getByRole("button", { name: "Save changes" }).click();
  const conflict = alertWith(page, "Someone else saved this worker while you were editing");
  await expect(conflict).toBeVisible();
  await expect(conflict).toContainText("Oakland");
  await expect(conflict).toContainText("San Francisco");
  // Nothing was overwritten behind the user's back.
  expect((await api.get<ApiWorker>(`users/${w.id}`)).city).toBe("Oakland");

  await conflict.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(saved(page)).toBeVisible();
  expect((await api.get<ApiWorker>(`users/${w.id}`)).city).toBe("San Francisco");
});

test("a session that ends mid-edit: sign in again, and the unsaved input is back", async ({
  signedIn: page,
  api,
  context,
}) => {
  const w = await api.invite(uniqueWorker("expiry"));
  await page.goto(`/workers/${w.id}`);
  await hydrated(page.getByLabel("First name"));
  await page.getByLabel("First name").fill("Restored");
  await page.getByLabel("City", { exact: true }).fill("Sacramento");
  await page.waitForTimeout(HUMAN_PAUSE_MS);

  // The session ends (as when the token expires): the next save is refused with 401.
  await context.clearCookies();
  await page.getByRole("button", { name: "Save changes" }).click();
  await page.waitForURL(/\/sign-in\?expired=1&next=/);
  await expect(page.getByText("Your session ended")).toBeVisible();

  await signInWithDemo(page, page.url(), new RegExp(`/workers/${w.id}$`));
  await expect(page.getByText("We restored the changes you had not saved yet.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Restored");
  await expect(page.getByLabel("City", { exact: true })).toHaveValue("Sacramento");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(saved(page)).toBeVisible();
  expect((await api.get<ApiWorker>(`users/${w.id}`)).first_name).toBe("Restored");
});

test("a number that is no worker's: an unknown one, and a teammate's, each says so without an error", async ({
  signedIn: page,
  api,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));

  await page.goto("/workers/999999999");
  await expect(page.getByRole("heading", { name: "Worker not found" })).toBeVisible();
  await expect(page.getByText(/There is no worker with this number/)).toBeVisible();

  // GET /users/:id answers for the company's employer users too (the team).
  const team = await api.get<{ users: { id: number; type: string }[] }>("users?type=Employer");
  const teammate = team.users.find((u) => u.type === "Employer");
  expect(teammate).toBeDefined();
  await page.goto(`/workers/${teammate?.id}`);
  await expect(page.getByRole("heading", { name: "Worker not found" })).toBeVisible();
  await expect(page.getByText(/belongs to a teammate, not a worker/)).toBeVisible();
  await page.getByRole("link", { name: "Open the team" }).click();
  await page.waitForURL(/\/team$/);
  // The unknown number's 404 is the one error the browser logs (its failed request).
  expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
});
