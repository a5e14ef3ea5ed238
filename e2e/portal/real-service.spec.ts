import type { APIRequestContext, Page } from "@playwright/test";
import { checkWidthsAndDark } from "./axe";
import {
  alertWith,
  chooseKeyPair,
  expect,
  fillInviteForm,
  hydrated,
  serverInfo,
  signInWithDemo,
  test,
  uniqueWorker,
} from "./fixtures";

/**
 * The portal against a service that behaves like the REAL one, not like ours: live keys go to
 * e2e/portal/fake-real-service.mjs (API_BASE_URL_LIVE), which has no /api_v2/me, no totals in
 * lists, no ETags, and answers errors as `{"errors": …}` / `{"error": "…"}`. Test keys still go to
 * the embedded API in the same run: the key's prefix chooses the upstream.
 */

/** The one key pair the fake accepts (fake-real-service.mjs, FAKE_LIVE_KEYS). */
const LIVE = {
  api_key: "pk_live_FAKEREALSERVICE000000001",
  secret_key: "sk_live_FAKEREALSERVICESECRET0000001",
};

/** Seeded by the fake: the newest worker, the oldest (the 60th, alone on page 2 at 50 a page). */
const NEWEST = { name: "Maria Garcia", email: "maria.garcia.1@example.com" };
const OLDEST = { name: "Tyler Brooks", email: "tyler.brooks.60@example.com" };

function fakeURL(): string {
  return serverInfo().fakeRealServiceURL;
}

/** Reads a record straight from the fake, as a client of the real service would. */
async function fromFake<T>(request: APIRequestContext, apiPath: string): Promise<T> {
  const auth = await request.post(`${fakeURL()}/api_v2/authenticate`, { form: LIVE });
  expect(auth.status(), await auth.text()).toBe(200);
  const { token } = (await auth.json()) as { token: string };
  const res = await request.get(`${fakeURL()}/api_v2/${apiPath}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

async function typeKeys(page: Page, keys: { api_key: string; secret_key: string }) {
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await chooseKeyPair(page);
  await page.getByLabel("API key").fill(keys.api_key);
  await page.getByLabel("Secret key").fill(keys.secret_key);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function signInLive(page: Page) {
  await page.goto("/sign-in");
  await typeKeys(page, LIVE);
  await page.waitForURL(/\/home$/);
  // The portal opens on the home page; this journey continues from the workers list.
  await page.goto("/workers");
}

const countLine = (page: Page) =>
  page.getByRole("status").filter({ hasText: /on this page$|^[\d,]+ workers?$/ });

test.describe("against a service that behaves like the real one (live keys)", () => {
  test.beforeEach(async ({ request }) => {
    // The seeded company again: each test sees exactly 60 workers, whatever ran before.
    const res = await request.post(`${fakeURL()}/__control/reset`);
    expect(res.status()).toBe(200);
  });

  test("signs in with live keys: LIVE is unmistakable, and the missing /me is no problem", async ({
    page,
  }) => {
    await signInLive(page);
    const banner = page
      .getByRole("note")
      .filter({ hasText: "LIVE environment: changes here affect real workers and real jobs." });
    await expect(banner).toBeVisible();
    const header = page.getByRole("banner");
    await expect(header.getByText("LIVE", { exact: true })).toBeVisible();
    await expect(header.getByText("TEST", { exact: true })).toHaveCount(0);
    // No /api_v2/me upstream (an HTML 404): the account is named after the key instead.
    await expect(header.getByText("Account pk_live_FAKE…", { exact: true })).toBeVisible();
    // The page works: the list comes from the fake (25 a page by default, no total).
    await expect(countLine(page)).toHaveText("25 workers on this page");
    await expect(page.getByRole("link", { name: NEWEST.name })).toBeVisible();
    await expect(page.getByRole("link", { name: "Invite worker" })).toBeVisible();

    // Every page says LIVE; the badges come from the fake too.
    await page.getByRole("link", { name: "Badges" }).first().click();
    await expect(page).toHaveURL(/\/badges$/);
    await expect(banner).toBeVisible();
    await expect(page.getByText("Forklift Certified")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /^4 badges$/ })).toBeVisible();
  });

  test("pages the worker list without a total, and searches it", async ({ page }) => {
    await signInLive(page);
    await page.goto("/workers?per=50");
    const count = countLine(page);
    const pager = page.getByRole("navigation", { name: "Pagination" });
    const next = pager.getByRole("button", { name: "Next" });
    await expect(count).toHaveText("50 workers on this page");
    await expect(pager.getByText(/^Page 1$/)).toBeVisible();
    await expect(pager.getByText(/\bof\b/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: OLDEST.name })).toHaveCount(0);

    // A full page means "maybe more": Next is offered, and the next page holds the other 10.
    await hydrated(next);
    await expect(next).toBeEnabled();
    await next.click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(count).toHaveText("10 workers on this page");
    await expect(pager.getByText(/^Page 2$/)).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(page.getByRole("link", { name: OLDEST.name })).toBeVisible();
    await expect(page.getByRole("link", { name: NEWEST.name })).toHaveCount(0);

    // Free-text search goes upstream as `q`, and starts again at page 1.
    await page.getByLabel("Search workers").fill("Garcia");
    await expect(page).toHaveURL(/[?&]q=Garcia/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(count).toHaveText("6 workers on this page");
    await expect(page.getByRole("link", { name: NEWEST.name })).toBeVisible();
    await expect(next).toBeDisabled();

    await page.getByLabel("Search workers").fill(OLDEST.email);
    await expect(count).toHaveText("1 worker on this page");
    await page.getByRole("link", { name: OLDEST.name }).click();
    await expect(page).toHaveURL(/\/workers\/880160$/);
    await expect(page.getByRole("heading", { level: 1, name: OLDEST.name })).toBeVisible();
  });

  test("invites: the service's field errors land next to the field; a new worker opens and saves", async ({
    page,
    request,
  }) => {
    await signInLive(page);
    await page.goto("/workers/new");
    await hydrated(page.getByRole("button", { name: "Send invitation" }));
    const w = uniqueWorker("live");

    // The e-mail of a seeded worker: 422 {"errors": {"email": ["has already been taken"]}}.
    await fillInviteForm(page, { ...w, email: NEWEST.email });
    await page.getByRole("button", { name: "Send invitation" }).click();
    const email = page.getByLabel("E-mail");
    await expect(email).toHaveAccessibleDescription(/has already been taken/);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Phone")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/workers\/new$/);

    // A fresh e-mail: the service answers 200 (not 201, no Location), and the worker page opens.
    await fillInviteForm(page, { email: w.email });
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.waitForURL(/\/workers\/\d+\?invited=1$/);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    expect(id).toBeGreaterThan(880160); // one of the fake's ids, not the embedded API's
    await expect(
      page.getByRole("heading", { level: 1, name: `${w.first_name} ${w.last_name}` }),
    ).toBeVisible();
    await expect(page.getByText(`Invitation sent to ${w.email}`)).toBeVisible();
    expect((await fromFake<{ email: string }>(request, `users/${id}`)).email).toBe(w.email);

    // Editing without an ETag: the PATCH goes without If-Match, and is saved upstream.
    await hydrated(page.getByLabel("City", { exact: true }));
    await page.getByLabel("City", { exact: true }).fill("Sparks");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();
    expect((await fromFake<{ city: string }>(request, `users/${id}`)).city).toBe("Sparks");
  });

  test("a wrong secret key is refused, and nobody is signed in", async ({ page }) => {
    await page.goto("/sign-in");
    await typeKeys(page, { ...LIVE, secret_key: "sk_live_WRONGSECRET0000000000000000" });
    // 401 {"errors": ["Invalid credentials"]}: today the portal shows the service's own message;
    // its friendlier wording for our API ("Those keys were not accepted…") would do as well.
    await expect(
      alertWith(page, /^(Invalid credentials|Those keys were not accepted.*)$/),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in(\?with=keys)?$/);
    await expect(page.getByLabel("Secret key")).toBeVisible();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("ep_session");
    await page.goto("/workers");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fworkers$/);
  });

  test("tokens that expire at the service end the session; signing in again comes back", async ({
    page,
    request,
  }) => {
    await page.goto("/sign-in?next=%2Fworkers%3Fq%3DGarcia");
    await typeKeys(page, LIVE);
    await page.waitForURL(/\/workers\?q=Garcia$/);
    await expect(countLine(page)).toHaveText("6 workers on this page");

    // The service drops every token: its next answer is 401 {"error": "Token expired"}.
    const res = await request.post(`${fakeURL()}/__control/expire-tokens`);
    expect(res.status()).toBe(200);
    await page.reload();
    await page.waitForURL(/\/sign-in\?expired=1&next=%2Fworkers%3Fq%3DGarcia$/);
    await expect(page.getByRole("status").filter({ hasText: "Your session ended" })).toBeVisible();
    expect((await page.context().cookies()).map((c) => c.name)).not.toContain("ep_session");

    // A new token from the service, and back to the same view.
    await typeKeys(page, LIVE);
    await page.waitForURL(/\/workers\?q=Garcia$/);
    await expect(countLine(page)).toHaveText("6 workers on this page");
  });

  test("jobs work without our ranking: the list, a posting and its jobs, approving, posting a job", async ({
    page,
    request,
  }) => {
    await signInLive(page);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Jobs" })
      .click();
    await page.waitForURL(/\/jobs$/);
    // No total from the service: the page says what it holds.
    await expect(
      page.getByRole("status").filter({ hasText: "3 job requests on this page" }),
    ).toBeVisible();
    // No categories call upstream: no category filter to offer.
    await expect(page.getByLabel("Category")).toHaveCount(0);

    // The filled posting: its worker and job as the service answers them, no candidates panel.
    await page
      .getByRole("link", { name: "Banquet Server – Reno-Sparks Convention Center" })
      .click();
    await page.waitForURL(/\/jobs\/41202$/);
    const hired = page.getByRole("list", { name: "Hired workers" });
    await expect(hired.getByRole("link", { name: "Aisha Okafor" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Ranked candidates" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Hire / })).toHaveCount(0);
    // The demo's worker moves are ours alone: not offered against the real service.
    await expect(page.getByRole("button", { name: /^Demo: / })).toHaveCount(0);

    // The worker finishes in the worker's app (the fake's control call); the requestor approves.
    for (const step of ["start", "complete"]) {
      const res = await request.post(`${fakeURL()}/__control/jobs/77001/${step}`);
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.reload();
    await page.getByRole("button", { name: "Approve Aisha Okafor's job" }).click();
    const card = hired.getByRole("listitem").filter({ hasText: "Aisha Okafor" });
    await expect(card.getByText("Approved", { exact: true })).toBeVisible();
    const job = await fromFake<{ job: { state: string } }>(request, "jobs/77001");
    expect(job.job.state).toBe("approved");

    // No ranking to hire from: hire by name; the service refuses who lacks the badge.
    await page.goto("/jobs/41201");
    await page.getByLabel("Search workers").fill("Garcia");
    await page.getByRole("button", { name: "Hire Grace Garcia" }).click();
    await expect(page.getByText(/^Grace Garcia could not be hired: /)).toBeVisible();
    await page.getByRole("button", { name: "Hire Maria Garcia" }).click();
    await expect(hired.getByRole("link", { name: "Maria Garcia" })).toBeVisible();

    // Post a job: the category is typed (the service has no list of them).
    await page.goto("/jobs/new");
    await hydrated(page.getByRole("button", { name: "Post job" }));
    await page.getByLabel("Request name").fill("Event setup crew – Reno");
    await page.getByRole("textbox", { name: /^Category/ }).fill("Event Staff");
    await page.getByLabel("Description and tasks").fill("Set up tables and staging.");
    await page.getByLabel("Street address").fill("4590 S Virginia St");
    await page.getByLabel(/^City/).fill("Reno");
    await page.getByLabel("ZIP code").fill("89502");
    await page.getByRole("button", { name: "Post job" }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Event setup crew – Reno" }),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Ranked candidates" })).toHaveCount(0);
    const id = Number(new URL(page.url()).pathname.split("/").at(-1));
    const posted = await fromFake<{ job_request: { state: string; category: string } }>(
      request,
      `job_requests/${id}`,
    );
    expect(posted.job_request).toMatchObject({ state: "posted", category: "Event Staff" });

    // The calendar: no start filter upstream, so it places what the list's pages hold, and says
    // it may be incomplete. The fake's Oakland posting starts tomorrow at 7 AM in Los Angeles.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/calendar?date=${tomorrow}`);
    await expect(page.getByText("This calendar may be incomplete")).toBeVisible();
    const day = new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${tomorrow}T00:00:00Z`));
    await expect(
      page
        .getByRole("region", { name: new RegExp(`^${day}`) })
        .getByRole("link", { name: /Warehouse Associate – Port of Oakland/ }),
    ).toBeVisible();
  });

  test("the home page is built from the service's lists, says what it cannot show, and approves", async ({
    page,
    request,
  }) => {
    // The worker finishes the filled banquet in the worker's app (the fake's control call).
    for (const step of ["start", "complete"]) {
      const res = await request.post(`${fakeURL()}/__control/jobs/77001/${step}`);
      expect(res.status(), await res.text()).toBe(200);
    }
    await page.goto("/sign-in");
    await typeKeys(page, LIVE);
    await page.waitForURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();

    // The coming week from the postings' pages: the Oakland posting (tomorrow) and the banquet
    // (in two days); the draft never.
    const week = page.getByRole("region", { name: "Today and the next 7 days" });
    await expect(
      week.getByRole("link", { name: "Warehouse Associate – Port of Oakland" }),
    ).toBeVisible();
    await expect(
      week.getByRole("link", { name: "Banquet Server – Reno-Sparks Convention Center" }),
    ).toBeVisible();
    await expect(week.getByText("Produce Packer – Fresno")).toHaveCount(0);
    await expect(week.getByRole("link", { name: /^2 in all/ })).toBeVisible();
    const lists = page.getByRole("region", { name: "What this service cannot show" });
    await expect(lists).toContainText("Spend, hours, pending invitations and the weekly charts");
    await expect(page.getByText("Spend this week")).toHaveCount(0);

    // Awaiting approval from GET /jobs?state=completed; approved from here, at the service.
    const awaiting = page.getByRole("region", { name: "Awaiting your approval" });
    await expect(awaiting.getByText("Aisha Okafor", { exact: true })).toBeVisible();
    await expect(
      awaiting.getByRole("link", { name: "Banquet Server – Reno-Sparks Convention Center" }),
    ).toBeVisible();
    await checkWidthsAndDark(page, "home-lists");

    await awaiting.getByLabel("Rating for Aisha Okafor (optional)").selectOption("5");
    await awaiting.getByRole("button", { name: "Approve Aisha Okafor's job" }).click();
    await expect(page.getByText("Approved with 5 stars.")).toBeVisible();
    await expect(awaiting.getByText("Nothing to approve.")).toBeVisible();
    const job = await fromFake<{ job: { state: string; rating?: number } }>(request, "jobs/77001");
    expect(job.job.state).toBe("approved");
  });

  test("“Try the demo” still opens the embedded TEST company: the key's prefix chooses", async ({
    page,
  }) => {
    await signInLive(page);
    await expect(page.getByRole("banner").getByText("LIVE", { exact: true })).toBeVisible();
    await hydrated(page.getByRole("button", { name: "Sign out" }));
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in\?signed_out=1$/);

    await signInWithDemo(page);
    await page.goto("/workers");
    const header = page.getByRole("banner");
    await expect(header.getByText("TEST", { exact: true })).toBeVisible();
    await expect(header.getByText("Demo Staffing Co")).toBeVisible();
    await expect(page.getByText(/LIVE environment/)).toHaveCount(0);
    // Our API gives a total, the fake does not: here the count and the last page are known.
    await expect(countLine(page)).toHaveText(/^[\d,]+ workers$/);
    await expect(
      page.getByRole("navigation", { name: "Pagination" }).getByText(/^Page 1 of \d+$/),
    ).toBeVisible();
  });
});
