import { expectNoSeriousViolations, transitionsEnded } from "./axe";
import {
  alertWith,
  chooseKeyPair,
  demoKeys,
  expect,
  hydrated,
  screenshotForPeople,
  test,
  uniqueWorker,
} from "./fixtures";

test.describe("accessibility (axe, WCAG 2 A and AA)", () => {
  test("the landing page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the API reference", async ({ page }) => {
    // The longest page of the app (every operation and field, about 22,700 elements): axe takes about
    // 20 s over it on this machine alone (./axe.ts), and up to twice that beside the other worker.
    test.setTimeout(300_000);
    await page.goto("/docs");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Best practices too: one banner, one main, every landmark named apart from the others.
    await expectNoSeriousViolations(page, { strict: true });
  });

  test("the sign-in page", async ({ page }) => {
    await page.goto("/sign-in");
    await hydrated(page.getByRole("button", { name: "Sign in" }));
    await expectNoSeriousViolations(page);
  });

  test("the sign-in page showing an error", async ({ page }) => {
    await page.goto("/sign-in");
    await hydrated(page.getByRole("button", { name: "Sign in" }));
    await chooseKeyPair(page);
    await page.getByLabel("API key").fill(demoKeys().private.api_key);
    await page.getByLabel("Secret key").fill("sk_test_wrongwrongwrongwrong");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alertWith(page, "Those keys were not accepted")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the invite form", async ({ signedIn: page }) => {
    await page.goto("/workers/new");
    await hydrated(page.getByRole("button", { name: "Send invitation" }));
    await expectNoSeriousViolations(page);
  });

  test("the invite form showing field errors", async ({ signedIn: page }) => {
    await page.goto("/workers/new");
    await hydrated(page.getByRole("button", { name: "Send invitation" }));
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolations(page);
  });

  test("a map still loading, and one that failed to load, in light and dark", async ({
    signedIn: page,
  }) => {
    // The map's notes sit on its sea colour, light in both schemes until Leaflet has started
    // (slate-500 there was 3.5:1, caught only when axe happened to run before the map was up).
    // Leaflet's chunk is held back (then refused) so the notes stay on screen.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/_next/static/chunks/*.js", async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (!body.includes("leaflet-container")) return route.fulfill({ response, body });
      await held;
      return route.abort();
    });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/jobs/new");
      await hydrated(page.getByRole("button", { name: "Post job" }));
      await expect(page.getByText("Loading map…")).toBeVisible();
      await transitionsEnded(page);
      await expectNoSeriousViolations(page);
    }
    release?.();
    await expect(page.getByText("The map could not be loaded.")).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the worker list, on a desktop and on a phone", async ({ signedIn: page }) => {
    await page.goto("/workers");
    await expect(page.getByRole("status").filter({ hasText: /^[\d,]+ workers$/ })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    const cards = page.getByRole("list", { name: /^Workers/ });
    await expect(cards).toBeVisible();
    await expectNoSeriousViolations(page);
    // A selected card is tinted: its text must still read (it did not, at 4.45:1).
    for (const i of [0, 1, 2, 3]) await cards.getByRole("checkbox").nth(i).check();
    await expect(page.getByText("4 selected", { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the worker list's saved views and columns menus, and the editor's Previous/Next", async ({
    signedIn: page,
  }) => {
    await page.goto("/workers?sort=city");
    await hydrated(page.getByRole("button", { name: "Views" }));
    await page.getByRole("button", { name: "Views" }).click();
    await page.getByLabel("Save the current view as").fill("By city");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Saved “By city”.")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Columns" }).click();
    await expect(page.getByRole("checkbox", { name: "Phone" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("row").nth(2).getByRole("link").click();
    await expect(page.getByRole("navigation", { name: "Workers in the list" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Next worker: / })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the jobs pages (list, post a job, a posting with its candidates map), on a desktop and on a phone", async ({
    signedIn: page,
  }) => {
    test.slow();
    await page.goto("/jobs");
    const showcase = page.getByRole("link", { name: "Warehouse Associate – Oakland DC" });
    await expect(showcase).toBeVisible();
    const href = await showcase.getAttribute("href");
    const shots = test.info().outputPath.bind(test.info());
    for (const [label, width] of [
      ["desktop", 1280],
      ["phone", 390],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/jobs?state=open");
      await expect(
        page.getByRole("link", { name: "Warehouse Associate – Oakland DC" }),
      ).toBeVisible();
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shots(`jobs-list-${label}.png`), fullPage: true });

      await page.goto("/jobs/new");
      await hydrated(page.getByRole("button", { name: "Post job" }));
      await expect(page.getByRole("img", { name: /^Map of the job site/ })).toBeVisible();
      await expectNoSeriousViolations(page);
      // An attempt to post an empty form: every field error next to its field.
      await page.getByRole("button", { name: "Post job" }).click();
      await expect(page.getByRole("textbox", { name: /Request name/ })).toHaveAttribute(
        "aria-invalid",
        "true",
      );
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shots(`jobs-new-${label}.png`), fullPage: true });

      await page.goto(href!);
      await expect(
        page.getByRole("img", { name: /^Map: work site and \d+ candidates/ }),
      ).toBeVisible();
      await expect(page.getByRole("button", { name: /^Hire / }).first()).toBeVisible();
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shots(`jobs-request-${label}.png`), fullPage: true });
    }
  });

  test("the worker edit page, with the badge picker open", async ({ signedIn: page, api }) => {
    const w = await api.invite();
    await page.goto(`/workers/${w.id}`);
    const picker = await hydrated(page.getByRole("combobox", { name: "Add a badge" }));
    await expectNoSeriousViolations(page);
    await picker.click();
    await expect(page.getByRole("option").first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the badges page", async ({ signedIn: page }) => {
    await page.goto("/badges");
    await hydrated(page.getByRole("button", { name: "Create badge" }));
    await expectNoSeriousViolations(page);
  });

  test("the outbox, with an e-mail open", async ({ signedIn: page, api }) => {
    await api.invite();
    await page.goto("/outbox");
    const first = page
      .getByRole("list", { name: "Invitation e-mails" })
      .getByRole("button")
      .first();
    await (await hydrated(first)).click();
    await expect(page.locator("iframe[title^='Invitation e-mail']")).toBeVisible();
    // The e-mail itself is the API's document, drawn in a sandbox where no script (axe's
    // included) may run; the page around it is ours.
    await expectNoSeriousViolations(page, { exclude: ["iframe[sandbox]"] });
  });

  test("the webhooks page, with the add form showing an error", async ({ signedIn: page }) => {
    await page.goto("/webhooks");
    await hydrated(page.getByRole("button", { name: "Add webhook" }));
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByLabel("Endpoint URL")).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousViolations(page);
  });

  test("the accept-invite page, on a desktop and on a phone", async ({ page, api }) => {
    const w = await api.invite();
    const { mails } = await api.get<{ mails: { to: string; link: string | null }[] }>("mails");
    const link = mails.find((m) => m.to === w.email)?.link;
    expect(link).toBeTruthy();
    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.hash}`);
    await hydrated(page.getByRole("button", { name: "Accept invitation" }));
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectNoSeriousViolations(page);
    // A fresh tab: the first one keeps its token for a reload.
    const bare = await page.context().newPage();
    await bare.goto("/accept-invite");
    await expect(bare.getByRole("heading", { name: "This link is incomplete" })).toBeVisible();
    await expectNoSeriousViolations(bare);
  });

  test("the CSV import: choosing, matching and reviewing, on a desktop and on a phone", async ({
    signedIn: page,
  }) => {
    await page.goto("/workers/import");
    const sample = await hydrated(page.getByRole("button", { name: "Try the sample file" }));
    await expectNoSeriousViolations(page);
    await sample.click();
    await expect(page.getByRole("heading", { name: "Match your columns" })).toBeVisible();
    await expectNoSeriousViolations(page);
    // A required field without its column: the warning and the disabled Continue.
    await page.getByLabel("Mobile", { exact: true }).selectOption("");
    await expect(page.getByText("Some required fields have no column yet")).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByLabel("Mobile", { exact: true }).selectOption("phone");
    await page.getByRole("button", { name: "Review 500 rows" }).click();
    await page.getByLabel("Only rows with problems").check();
    await expect(page.getByRole("table", { name: "Rows with problems" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole("list", { name: "Rows with problems" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: /^Continue with/ }).click();
    await expect(page.getByRole("button", { name: "Invite 492 workers" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });

  test("the CSV import's report, on a desktop and on a phone", async ({ signedIn: page }) => {
    const w = uniqueWorker("a11y-import");
    await page.goto("/workers/import");
    await hydrated(page.getByRole("button", { name: "Try the sample file" }));
    await page
      .getByLabel("Or paste from a spreadsheet")
      .fill(
        `First name\tLast name\tE-mail\tPhone\n${w.first_name}\t${w.last_name}\t${w.email}\t${w.phone}\nNo\tPhone\tno-phone@example.com\t\n`,
      );
    await page.getByRole("button", { name: "Use pasted rows" }).click();
    await page.getByRole("button", { name: "Review 2 rows" }).click();
    await page.getByRole("button", { name: "Continue with 1 worker" }).click();
    await page.getByRole("button", { name: "Invite 1 worker" }).click();
    await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole("list", { name: "Outcome of each row" })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

/**
 * Dark mode (the system's setting): the main pages at a desktop and a phone width, one visit
 * each, axe on each, and a screenshot of each for a person to look at. Two tests rather than
 * one per page: this is a theme over pages the tests above already walk.
 */
test.describe("accessibility in dark mode (axe, WCAG 2 A and AA)", () => {
  const widths = [
    ["desktop", 1280],
    ["phone", 390],
  ] as const;

  test("the public pages: landing and sign-in", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    const shot = (name: string) => test.info().outputPath(`dark-${name}.png`);
    for (const [label, width] of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shot(`landing-${label}`), fullPage: true });

      await page.goto("/sign-in");
      await hydrated(page.getByRole("button", { name: "Sign in" }));
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shot(`sign-in-${label}`), fullPage: true });
    }
  });

  test("the API reference", async ({ page }) => {
    // The app's longest page (every call of the reference and ours): axe takes about 13 s over
    // it on this machine alone (up to twice that beside the other worker), and runs twice here;
    // its colours are checked at the first width, not again at the second.
    test.setTimeout(480_000);
    await page.emulateMedia({ colorScheme: "dark" });
    let checkedAt: number | undefined;
    for (const [label, width] of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/docs");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousViolations(page, { strict: true, contrastCheckedAtWidth: checkedAt });
      checkedAt = width;
      await screenshotForPeople(page, { path: test.info().outputPath(`dark-docs-${label}.png`) });
    }
  });

  test("the portal: workers (with a selection), editor, badges, jobs, outbox and import", async ({
    signedIn: page,
    api,
  }) => {
    test.slow();
    const w = await api.invite();
    await page.emulateMedia({ colorScheme: "dark" });
    const shot = (name: string) => test.info().outputPath(`dark-${name}.png`);
    for (const [label, width] of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/workers");
      await expect(page.getByRole("status").filter({ hasText: /^[\d,]+ workers$/ })).toBeVisible();
      const rows =
        label === "phone"
          ? page.getByRole("list", { name: /^Workers/ }).getByRole("listitem")
          : page.getByRole("table").getByRole("row");
      await (await hydrated(rows.nth(1).getByRole("checkbox"))).check();
      await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shot(`workers-${label}`), fullPage: true });

      await page.goto(`/workers/${w.id}`);
      await hydrated(page.getByRole("combobox", { name: "Add a badge" }));
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shot(`worker-edit-${label}`), fullPage: true });

      await page.goto("/badges");
      await hydrated(page.getByRole("button", { name: "Create badge" }));
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shot(`badges-${label}`), fullPage: true });

      await page.goto("/jobs");
      await expect(
        page.getByRole("link", { name: "Warehouse Associate – Oakland DC" }),
      ).toBeVisible();
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shot(`jobs-${label}`), fullPage: true });

      await page.goto("/outbox");
      const mail = page.getByRole("list", { name: "Invitation e-mails" }).getByRole("button");
      await (await hydrated(mail.first())).click();
      await expect(page.locator("iframe[title^='Invitation e-mail']")).toBeVisible();
      await expectNoSeriousViolations(page, { exclude: ["iframe[sandbox]"] });
      await screenshotForPeople(page, { path: shot(`outbox-${label}`), fullPage: true });

      await page.goto("/workers/import");
      await hydrated(page.getByRole("button", { name: "Try the sample file" }));
      await expectNoSeriousViolations(page);
      await screenshotForPeople(page, { path: shot(`import-${label}`), fullPage: true });
    }
  });
});

test.describe("motion (WCAG 2.3.3)", () => {
  /**
   * The badges page's loading skeleton, held on screen (its list answers only after the check),
   * and how its first bone moves: the animation's iteration count, and how many of its
   * animations are running.
   */
  async function skeletonMotion(page: import("@playwright/test").Page) {
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/proxy/badges*", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/badges");
    const bone = page.locator(".animate-pulse").first();
    await expect(bone).toBeVisible();
    const motion = () =>
      bone.evaluate((el) => ({
        iterations: getComputedStyle(el).animationIterationCount,
        running: el.getAnimations().filter((a) => a.playState === "running").length,
      }));
    return { motion, release: () => release?.() };
  }

  test.describe("with the system's default", () => {
    test.use({ reducedMotion: "no-preference" });
    test("a loading skeleton pulses", async ({ signedIn: page }) => {
      const skeleton = await skeletonMotion(page);
      expect(await skeleton.motion()).toEqual({ iterations: "infinite", running: 1 });
      skeleton.release();
    });
  });

  test.describe("for people who ask for less motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("a loading skeleton stands still", async ({ signedIn: page }) => {
      const skeleton = await skeletonMotion(page);
      // One pulse of 0.01 ms, over before anyone could see it.
      await expect.poll(skeleton.motion).toEqual({ iterations: "1", running: 0 });
      skeleton.release();
    });
  });
});
