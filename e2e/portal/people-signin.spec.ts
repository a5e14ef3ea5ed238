import { expectNoSeriousViolations } from "./axe";
import { alertWith, expect, hydrated, screenshotForPeople, test } from "./fixtures";
import {
  demoPerson,
  keyPairSession,
  latestResetLink,
  restorePassword,
  signInWithPassword,
  tryDemoAs,
} from "./people-helpers";

const SHOTS = "/tmp/d1-shots";

test.describe("a person's own sign-in", () => {
  test("a requestor signs in with e-mail and password; the header names them and their role", async ({
    page,
  }) => {
    const dana = demoPerson("requestor");
    await page.goto("/sign-in");
    // E-mail and password first, the key pair one link away.
    await expect(page.getByRole("link", { name: "E-mail and password" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByLabel("API key")).toHaveCount(0);
    await signInWithPassword(page, dana.email, dana.password);
    await page.waitForURL(/\/home$/);
    const banner = page.getByRole("banner");
    await expect(banner).toContainText(`${dana.name} · Requestor`);
    // The password went in a POST body only: never in the address bar.
    expect(page.url()).not.toContain(encodeURIComponent(dana.password));
  });

  test("an unknown e-mail and a wrong password get the same words", async ({ page }) => {
    const dana = demoPerson("requestor");
    await page.goto("/sign-in");
    await signInWithPassword(page, dana.email, `${dana.password}-wrong`);
    await expect(alertWith(page, "That e-mail and password did not match.")).toBeVisible();
    await page.getByLabel("E-mail").fill(`nobody-${Date.now()}@example.com`);
    await page.getByLabel(/^Password/).fill("whatever-it-is");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alertWith(page, "That e-mail and password did not match.")).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test("a password form sent before the script runs keeps the password out of the URL", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const urls: string[] = [];
      page.on("request", (r) => {
        urls.push(r.url());
      });
      await page.goto("/sign-in");
      await page.getByLabel("E-mail").fill("someone@example.com");
      await page.getByLabel(/^Password/).fill("not-the-password-1");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/sign-in\?error=invalid_credentials&with=email/);
      expect(urls.filter((u) => u.includes("not-the-password-1"))).toEqual([]);
      await expect(page.getByText("That e-mail and password did not match.")).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("Try the demo: the presenter chooses who to be; the browser never sees a password", async ({
    page,
  }) => {
    const admin = demoPerson("customer_admin");
    const posted: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/api/session") && r.method() === "POST")
        posted.push(r.postData() ?? "");
    });
    await page.goto("/sign-in");
    const group = page.getByRole("group", { name: "Open the demo as" });
    await expect(group.getByRole("radio")).toHaveCount(5);
    await expect(
      group.getByRole("radio", { name: /Integration \(private key pair\)/ }),
    ).toBeChecked();
    await expect(page.content()).resolves.not.toContain(admin.password);
    await tryDemoAs(page, admin);
    await expect(page.getByRole("banner")).toContainText(`${admin.name} · Admin`);
    expect(posted).toEqual([JSON.stringify({ demo: true, as: admin.email })]);
  });

  test("forgot password: the mail in the outbox, a new password, the old one refused", async ({
    page,
    request,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const sam = demoPerson("requestor", 1);
    await page.goto("/sign-in");
    await (await hydrated(page.getByRole("link", { name: "Forgot password?" }))).click();
    await page.waitForURL(/\/forgot-password$/);
    await hydrated(page.getByRole("button", { name: "Send me a link" }));
    await page.getByLabel("E-mail").fill(sam.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(
      page.getByText("If that address belongs to a teammate, a link is on its way"),
    ).toBeVisible();

    await keyPairSession(request, baseURL);
    const link = await latestResetLink(request, sam.email);
    const fresh = "a brand new password 42";
    try {
      await page.goto(link);
      await hydrated(page.getByRole("button", { name: "Set my password" }));
      // The token left the address bar as soon as the page read it.
      expect(new URL(page.url()).hash).toBe("");
      await page.getByLabel(/^New password(?! again)/).fill(fresh);
      await page.getByLabel("New password again").fill(fresh);
      await page.getByRole("button", { name: "Set my password" }).click();
      await expect(page.getByText("Your password is changed")).toBeVisible();
      await page.getByRole("link", { name: "Sign in" }).click();
      await page.waitForURL(/\/sign-in/);

      await signInWithPassword(page, sam.email, sam.password);
      await expect(alertWith(page, "That e-mail and password did not match.")).toBeVisible();
      await page.getByLabel(/^Password/).fill(fresh);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(/\/home$/);
      await expect(page.getByRole("banner")).toContainText(`${sam.name} · Requestor`);

      // The link worked once.
      await page.goto(link);
      await hydrated(page.getByRole("button", { name: "Set my password" }));
      await page.getByLabel(/^New password(?! again)/).fill("yet another one 43");
      await page.getByLabel("New password again").fill("yet another one 43");
      await page.getByRole("button", { name: "Set my password" }).click();
      await expect(page.getByText("This link no longer works")).toBeVisible();
    } finally {
      await restorePassword(request, baseURL, sam);
    }
  });

  for (const [label, width] of [
    ["desktop", 1280],
    ["phone", 390],
  ] as const) {
    test(`the new pages are accessible and look right (${label})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/sign-in");
      await hydrated(page.getByRole("button", { name: "Try the demo" }));
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: `${SHOTS}/sign-in-${width}.png`, fullPage: true });
      await page.getByRole("link", { name: "API key pair" }).click();
      await expect(page.getByLabel("API key")).toBeVisible();
      await screenshotForPeople(page, {
        path: `${SHOTS}/sign-in-keys-${width}.png`,
        fullPage: true,
      });

      await page.goto("/forgot-password");
      await hydrated(page.getByRole("button", { name: "Send me a link" }));
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: `${SHOTS}/forgot-${width}.png`, fullPage: true });

      await page.goto("/reset-password#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
      await hydrated(page.getByRole("button", { name: "Set my password" }));
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: `${SHOTS}/reset-${width}.png`, fullPage: true });

      await tryDemoAs(page, demoPerson("customer_admin"));
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: `${SHOTS}/header-admin-${width}.png` });
    });
  }
});
