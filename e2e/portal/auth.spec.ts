import {
  alertWith,
  chooseKeyPair,
  demoKeys,
  expect,
  hydrated,
  screenshotForPeople,
  signInWithDemo,
  test,
} from "./fixtures";

test.describe("signing in and out", () => {
  test("signs in with the demo company's keys typed into the form", async ({ page }) => {
    const keys = demoKeys().private;
    await page.goto("/sign-in");
    await hydrated(page.getByRole("button", { name: "Sign in" }));
    await chooseKeyPair(page);
    await page.getByLabel("API key").fill(keys.api_key);
    await page.getByLabel("Secret key").fill(keys.secret_key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/home$/);
  });

  test("says so when the secret key is wrong, and stays on the sign-in page", async ({ page }) => {
    const keys = demoKeys().private;
    await page.goto("/sign-in");
    await hydrated(page.getByRole("button", { name: "Sign in" }));
    await chooseKeyPair(page);
    await page.getByLabel("API key").fill(keys.api_key);
    await page.getByLabel("Secret key").fill(`${keys.secret_key.slice(0, -4)}XXXX`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alertWith(page, "Those keys were not accepted")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in(\?with=keys)?$/);
    await expect(page.getByLabel("Secret key")).toBeVisible();
    // Still signed out: a portal page sends us back here.
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("ep_session");
    await page.goto("/workers/new");
    await expect(page).toHaveURL(/\/sign-in(\?|$)/);
  });

  test("says when the two keys are in each other's fields, before asking anyone", async ({
    page,
  }) => {
    const keys = demoKeys().private;
    await page.goto("/sign-in");
    await hydrated(page.getByRole("button", { name: "Sign in" }));
    await chooseKeyPair(page);
    await page.getByLabel("API key").fill(keys.secret_key);
    await page.getByLabel("Secret key").fill(keys.api_key);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("API key")).toHaveAccessibleDescription(
      /is the secret key: the two keys are in each other's fields/,
    );
    await expect(page.getByLabel("Secret key")).toHaveAttribute("aria-invalid", "true");
    await screenshotForPeople(page, { path: "test-results/screens/sign-in-swapped-1280.png" });
  });

  test("a signed-in visitor to / or /sign-in goes on to the portal", async ({ page }) => {
    await signInWithDemo(page);
    await page.goto("/sign-in");
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/sign-in?next=%2Fbadges");
    await expect(page).toHaveURL(/\/badges$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
  });

  test("shows the fields' own errors when a key is left blank", async ({ page }) => {
    await page.goto("/sign-in");
    await hydrated(page.getByRole("button", { name: "Sign in" }));
    await chooseKeyPair(page);
    await page.getByLabel("API key").fill("pk_test_abc");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Secret key")).toHaveAccessibleDescription(/can't be blank/);
    await expect(page.getByLabel("Secret key")).toHaveAttribute("aria-invalid", "true");
  });

  test("opens the demo company with “Try the demo”", async ({ page }) => {
    await signInWithDemo(page);
    await expect(page).toHaveURL(/\/home$/);
  });

  test("comes back to the page that asked for sign-in", async ({ page }) => {
    await page.goto("/workers/new");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fworkers%2Fnew$/);
    await (await hydrated(page.getByRole("button", { name: "Try the demo" }))).click();
    await page.waitForURL(/\/workers\/new$/);
    await expect(page.getByRole("heading", { name: "Invite a worker" })).toBeVisible();
  });

  test("shows the TEST environment and the company on every page after sign-in", async ({
    signedIn: page,
  }) => {
    await page.goto("/workers/new");
    const header = page.getByRole("banner");
    await expect(header.getByText("TEST", { exact: true })).toBeVisible();
    await expect(header.getByText("Demo Staffing Co")).toBeVisible();
    await expect(page.getByText(/LIVE environment/)).toHaveCount(0);
  });

  test("signs out, and portal pages then ask to sign in again", async ({ signedIn: page }) => {
    await page.goto("/workers/new");
    await hydrated(page.getByRole("button", { name: "Sign out" }));
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in\?signed_out=1$/);
    await expect(
      page.getByRole("status").filter({ hasText: "You have signed out." }),
    ).toBeVisible();
    expect((await page.context().cookies()).filter((c) => c.name === "ep_session")).toEqual([]);

    await page.goto("/workers");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fworkers$/);
    await page.goto("/workers/new");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fworkers%2Fnew$/);
  });

  test("a copy of the session cookie taken before sign-out opens nothing after it", async ({
    signedIn: page,
    browser,
  }) => {
    await page.goto("/workers");
    const copied = (await page.context().cookies()).filter((c) => c.name === "ep_session");
    expect(copied).toHaveLength(1);
    // Another browser holding the copy is in, until the owner signs out.
    const thief = await browser.newContext();
    await thief.addCookies(copied);
    const other = await thief.newPage();
    await other.goto("/workers");
    await expect(other.getByRole("heading", { name: "Workers" })).toBeVisible();
    // Park the copy's page: a background refetch of the open list after sign-out would get the
    // 401 that clears the cookie in that browser (as it should), and the visit below would then
    // land on plain sign-in instead of "your session ended" (the flake seen in CI once).
    await other.goto("about:blank");

    await hydrated(page.getByRole("button", { name: "Sign out" }));
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in\?signed_out=1$/);

    // The copy is still sent but opens nothing: that session ended, and sign-in says so.
    await other.goto("/workers");
    await expect(other).toHaveURL(/\/sign-in\?expired=1&next=%2Fworkers$/);
    const api = await other.request.get("/api/proxy/users?per=1");
    expect(api.status()).toBe(401);
    expect((await api.json()).error.code).toBe("session_expired");
    await thief.close();
  });
});
