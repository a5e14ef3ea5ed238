import type { Browser, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { alertWith, expect, hydrated, screenshotForPeople, test } from "./fixtures";
import { type DemoPerson, demoPerson, keyPairSession, signInWithPassword } from "./people-helpers";

const SHOTS = "/tmp/totp-shots";

/** The code an authenticator app shows for `secret`, `ahead` 30-second steps from now. */
const codeFor = (secret: string, ahead = 0) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  }).generate({ timestamp: Date.now() + ahead * 30_000 });

/** "Try the demo" as one of its people, landing wherever the portal sends them. */
async function demoAs(page: Page, person: DemoPerson, landing: RegExp) {
  await page.goto("/sign-in");
  const button = await hydrated(page.getByRole("button", { name: "Try the demo" }));
  await page
    .getByRole("group", { name: "Open the demo as" })
    .getByRole("radio", { name: new RegExp(`^${person.name}`) })
    .check();
  await button.click();
  await page.waitForURL(landing);
}

/** Sets up two-factor sign-in on /account as a person would; the secret as the page shows it. */
async function enrol(page: Page, shot?: string): Promise<string> {
  await page.goto("/account");
  await (await hydrated(page.getByRole("button", { name: "Set up two-factor sign-in" }))).click();
  const key = page.getByTestId("two-factor-secret");
  await expect(key).toBeVisible();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = ((await key.textContent()) ?? "").replace(/\s+/g, "");
  if (shot) await screenshotForPeople(page, { path: `${SHOTS}/${shot}-setup.png`, fullPage: true });
  await page.getByLabel("Code from the app").fill(codeFor(secret));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  if (shot)
    await screenshotForPeople(page, { path: `${SHOTS}/${shot}-recovery.png`, fullPage: true });
  await expect(page.getByRole("button", { name: "Done" })).toBeDisabled();
  await page.getByLabel("I have saved them").check();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("Off.", { exact: false })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Two-factor sign-in" })).toContainText("On.");
  return secret;
}

async function turnOff(page: Page, person: DemoPerson) {
  await page.goto("/account");
  await hydrated(page.getByRole("button", { name: "Turn off" }));
  await page.getByLabel("Your password, to turn it off").fill(person.password);
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
}

async function newPage(browser: Browser, baseURL: string | undefined, width = 1280) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

test.describe("two-factor sign-in", () => {
  // Whatever happens, the demo company does not stay behind a rule the other journeys do not know.
  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await keyPairSession(request, baseURL!);
    await request.patch("/api/proxy/me/company", {
      data: { require_two_factor: false },
      headers: { origin: baseURL! },
    });
    await request.dispose();
  });

  test("a requestor enrols, signs out, and signs in with password and code", async ({
    browser,
    baseURL,
  }) => {
    const sam = demoPerson("requestor", 1);
    const page = await newPage(browser, baseURL);
    await demoAs(page, sam, /\/home$/);
    const secret = await enrol(page, "account-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotForPeople(page, { path: `${SHOTS}/account-on-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in/);
    await signInWithPassword(page, sam.email, sam.password);
    const code = page.getByLabel("Code");
    await expect(code).toBeVisible();
    await screenshotForPeople(page, { path: `${SHOTS}/sign-in-code-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotForPeople(page, { path: `${SHOTS}/sign-in-code-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    // The challenge stays in the sealed cookie: nothing of it in the address bar.
    expect(page.url()).not.toMatch(/challenge|token/);
    // A wrong code is refused with words the page shows; the next step's code is accepted.
    await code.fill("000000" === codeFor(secret, 1) ? "111111" : "000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(alertWith(page, /That code did not work/)).toBeVisible();
    await code.fill(codeFor(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(/\/home$/);
    await expect(page.getByRole("banner")).toContainText(`${sam.name} · Requestor`);

    await turnOff(page, sam);
    await page.context().close();
  });

  test("the admin requires it for everyone; a teammate without it is sent to set it up", async ({
    browser,
    baseURL,
  }) => {
    const admin = demoPerson("customer_admin");
    const viewer = demoPerson("read_only");
    const page = await newPage(browser, baseURL);
    await demoAs(page, admin, /\/home$/);
    await enrol(page);
    await page.goto("/team");
    const rule = await hydrated(
      page.getByRole("switch", { name: "Require two-factor for everyone" }),
    );
    await expect(rule).toHaveAttribute("aria-checked", "false");
    await rule.click();
    await expect(rule).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("list", { name: "Teammates" })).toContainText("Two-factor on");
    await screenshotForPeople(page, { path: `${SHOTS}/team-1280.png`, fullPage: true });

    const other = await newPage(browser, baseURL);
    try {
      await demoAs(other, viewer, /\/account\?two_factor=required$/);
      await expect(
        other.getByText("Your company requires two-factor sign-in. Set it up below"),
      ).toBeVisible();
      // Every other page sends them back here.
      await other.goto("/workers");
      await other.waitForURL(/\/account\?two_factor=required$/);
      await screenshotForPeople(other, {
        path: `${SHOTS}/account-required-1280.png`,
        fullPage: true,
      });
    } finally {
      await other.context().close();
    }

    await rule.click();
    await expect(rule).toHaveAttribute("aria-checked", "false");
    await turnOff(page, admin);
    await page.context().close();
  });
});
