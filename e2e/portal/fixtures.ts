import fs from "node:fs";
import path from "node:path";
import {
  type APIRequestContext,
  test as base,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";

export { expect };

const root = path.resolve(__dirname, "../..");

export type KeyPair = { api_key: string; secret_key: string };
export type DemoKeys = { company_id: number; private: KeyPair; public: KeyPair };

export type ServerInfo = {
  dataDir: string;
  appDir: string;
  baseURL: string;
  /** The fake of the real service this server's live keys talk to. */
  fakeRealServiceURL: string;
};

/**
 * Where this worker's server lives (written by start-server.mjs before the server starts). Each
 * Playwright worker has a server of its own (slot = the worker's parallel index, stable across a
 * worker's restarts), with its own port, database and demo data.
 */
export function serverInfo(): ServerInfo {
  const slot = process.env.TEST_PARALLEL_INDEX ?? "0";
  const file = path.join(root, `test-results/e2e-server-${slot}.json`);
  return JSON.parse(fs.readFileSync(file, "utf8")) as ServerInfo;
}

/** The key pairs the server seeded for the demo company in this run's fresh database. */
export function demoKeys(): DemoKeys {
  const file = path.join(serverInfo().dataDir, "demo-keys.json");
  return JSON.parse(fs.readFileSync(file, "utf8")) as DemoKeys;
}

export type NewWorker = {
  first_name: string;
  last_name: string;
  email: string;
  /** E.164, as the API stores it. */
  phone: string;
  /** The same number as a person would type it. */
  phoneTyped: string;
  external_id: string;
};

let sequence = 0;

/**
 * A worker nobody else has: unique e-mail, phone and external id in every test and every run.
 * German mobile numbers (+49 151 …) never collide with the demo's US numbers.
 */
export function uniqueWorker(label = "e2e"): NewWorker {
  sequence += 1;
  const stamp = `${Date.now().toString(36)}${sequence.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  return {
    first_name: "Erin",
    last_name: `Tester-${stamp}`,
    email: `${label}-${stamp}@example.com`,
    phone: `+49151${digits}`,
    phoneTyped: `+49 151 ${digits.slice(0, 4)} ${digits.slice(4)}`,
    external_id: `${label}-${stamp}`,
  };
}

/**
 * Waits until React has hydrated the element: a click or submit before that is lost (or, for a
 * form, becomes a native submit), which is the classic source of flaky browser tests.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  // The element first, within the same 15 s: a page opened cold in a second browser took over
  // the 10 s action timeout just to render it on a slow CI machine (2026-11-29, jobs.spec), and
  // each evaluate below waits only that long for its element.
  await locator.waitFor({ state: "attached", timeout: 15_000 });
  await expect
    .poll(
      () => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps"))),
      { message: "the page never hydrated", timeout: 15_000 },
    )
    .toBe(true);
  return locator;
}

/** Signs in through the sign-in page's "Try the demo" and waits for where it leads. */
export async function signInWithDemo(
  page: Page,
  signInUrl = "/sign-in",
  landing: RegExp = /\/home$/,
) {
  await page.goto(signInUrl);
  const demo = await hydrated(page.getByRole("button", { name: "Try the demo" }));
  await demo.click();
  await page.waitForURL(landing);
}

/**
 * Opens the sign-in page's key-pair form: where our API serves the test environment, e-mail and
 * password come first and the key pair is one link away. Works before the script has loaded too
 * (the link then navigates to /sign-in?with=keys).
 */
export async function chooseKeyPair(page: Page) {
  const link = page.getByRole("link", { name: "API key pair" });
  if ((await link.count()) > 0 && (await link.getAttribute("aria-current")) !== "page") {
    await link.click();
  }
  await expect(page.getByLabel("API key")).toBeVisible();
}

/**
 * How long a person pauses between typing and clicking. Tests must see the page as people do:
 * the portal does work in that pause (the invite form saves its draft 150 ms after a change),
 * and a faster-than-human test would miss whatever that work breaks.
 */
export const HUMAN_PAUSE_MS = 400;

/**
 * Screenshots taken for a person to look at (the pages at both widths, light and dark), as
 * opposed to the failure screenshots Playwright attaches itself: taken only with E2E_SHOTS=1.
 * Nobody looks at CI's, and each costs Chromium 0.2-0.35 CPU-seconds (measured on /workers,
 * /jobs and /home): 300 of them were about 6 % of the suite's CPU time. The steps around them
 * (resizing, switching the colour scheme, axe) run either way.
 */
export const SHOTS_FOR_PEOPLE = process.env.E2E_SHOTS === "1";

export async function screenshotForPeople(
  page: Page,
  options: Parameters<Page["screenshot"]>[0],
): Promise<void> {
  if (SHOTS_FOR_PEOPLE) await page.screenshot(options);
}

/** Fills the invite form on /workers/new (the page must be open and hydrated). */
export async function fillInviteForm(
  page: Page,
  w: Partial<NewWorker>,
  { pause = true }: { pause?: boolean } = {},
) {
  if (w.first_name !== undefined) await page.getByLabel("First name").fill(w.first_name);
  if (w.last_name !== undefined) await page.getByLabel("Last name").fill(w.last_name);
  if (w.email !== undefined) await page.getByLabel("E-mail").fill(w.email);
  if (w.phoneTyped !== undefined) await page.getByLabel("Phone").fill(w.phoneTyped);
  if (w.external_id !== undefined) await page.getByLabel("External ID").fill(w.external_id);
  if (pause) await page.waitForTimeout(HUMAN_PAUSE_MS);
}

/** Creates a worker through the UI and returns its id (from /workers/<id>?invited=1). */
export async function inviteViaUi(page: Page, w: NewWorker = uniqueWorker()): Promise<number> {
  await page.goto("/workers/new");
  await hydrated(page.getByRole("button", { name: "Send invitation" }));
  await fillInviteForm(page, w);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await page.waitForURL(/\/workers\/\d+\?invited=1$/);
  return Number(new URL(page.url()).pathname.split("/").at(-1));
}

/**
 * The portal's own HTTP routes, driven like the browser drives them (session cookie, Origin
 * header on writes), for setting up data quickly. Signs in with the demo on first use.
 */
export class PortalApi {
  private signedIn = false;

  constructor(
    private readonly request: APIRequestContext,
    private readonly baseURL: string,
  ) {}

  private get origin() {
    return { origin: this.baseURL };
  }

  async signIn(): Promise<void> {
    if (this.signedIn) return;
    const res = await this.request.post("/api/session", {
      data: { demo: true },
      headers: this.origin,
    });
    expect(res.status(), await res.text()).toBe(200);
    this.signedIn = true;
  }

  async invite(w: NewWorker = uniqueWorker()): Promise<NewWorker & { id: number }> {
    await this.signIn();
    const { phoneTyped: _, ...body } = w;
    const res = await this.request.post("/api/proxy/users/invite", {
      data: { type: "Worker", ...body },
      headers: this.origin,
    });
    expect(res.status(), await res.text()).toBe(201);
    const created = (await res.json()) as { id: number };
    return { ...w, id: created.id };
  }

  async get<T>(apiPath: string): Promise<T> {
    await this.signIn();
    const res = await this.request.get(`/api/proxy/${apiPath}`);
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as T;
  }

  async patch<T>(apiPath: string, body: unknown): Promise<T> {
    await this.signIn();
    const res = await this.request.patch(`/api/proxy/${apiPath}`, {
      data: body,
      headers: this.origin,
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()) as T;
  }

  async createBadge(
    name: string,
    description = "Created by an e2e test.",
  ): Promise<{ id: number; name: string }> {
    await this.signIn();
    const res = await this.request.post("/api/proxy/badges", {
      data: { name, description },
      headers: this.origin,
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; name: string };
  }
}

type Fixtures = {
  /**
   * A page signed in to the demo company as "Try the demo" signs in, on no page yet: each journey
   * opens its own first page (most open the workers list, many go straight elsewhere).
   */
  signedIn: Page;
  /** Set-up through the portal's HTTP routes (its own cookie jar, not the page's). */
  api: PortalApi;
};

export const test = base.extend<Fixtures>({
  // This worker's own server, not the config's one address.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(serverInfo().baseURL);
  },
  // The journeys of a worker share one browser context and its tab (`reuseContext` in the
  // config: a new tab is a new renderer process, about 1 CPU-second, the largest single cost of
  // a short journey). Between journeys Playwright closes the other pages, clears cookies, cache
  // and every visited origin's storage, removes routes, init scripts and the clock, puts back the
  // viewport and colour scheme, and hands each journey new page and context objects (so no
  // listener outlives its journey). What it leaves, by its own documentation, is undone here:
  // granted permissions, a geolocation, offline, extra headers. journey-isolation.spec.ts proves
  // both. E2E_FRESH_CONTEXTS=1 gives every journey a new context again.
  context: async ({ context }, use) => {
    await use(context);
    await context.clearPermissions();
    await context.setGeolocation(null);
    await context.setOffline(false);
    await context.setExtraHTTPHeaders({});
  },
  // Signed in as the demo's integration, as "Try the demo" does it (its POST /api/session, with
  // the page's own cookie jar), without opening the sign-in page and the home page first:
  // signing in through the page is the journey of auth.spec and people-signin.spec. Nor does it
  // open a page: 44 of the 91 journeys on it go straight to another page than the workers list,
  // and a page load in a fresh browser context is about 1.5 CPU-seconds here.
  signedIn: async ({ page, baseURL }, use) => {
    const res = await page.request.post("/api/session", {
      data: { demo: true, as: "keys" },
      headers: { origin: baseURL ?? "" },
    });
    expect(res.status(), await res.text()).toBe(200);
    await use(page);
  },
  api: async ({ request, baseURL }, use) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    await use(new PortalApi(request, baseURL));
  },
});

/** Alerts the page shows, without Next's route announcer (which also has role="alert"). */
export function alertWith(page: Page, text: string | RegExp): Locator {
  return page.getByRole("alert").filter({ hasText: text });
}
