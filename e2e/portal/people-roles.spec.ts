import type { APIRequestContext } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { alertWith, expect, hydrated, screenshotForPeople, test, uniqueWorker } from "./fixtures";
import { demoPerson, keyPairSession, tryDemoAs } from "./people-helpers";

const SHOTS = "/tmp/d1-shots";

type Listed = { id: number; email: string; ssn?: string | null };

/**
 * A new worker with an SSN on file (made with the integration's key pair, which reads it in
 * full), so the page's masking and reveal have a number to hide.
 */
async function workerWithSsn(request: APIRequestContext, baseURL: string) {
  await keyPairSession(request, baseURL);
  const { phoneTyped: _, ...w } = uniqueWorker("ssn");
  const origin = { origin: baseURL };
  const made = await request.post("/api/proxy/users/invite", {
    data: { type: "Worker", ...w },
    headers: origin,
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: number };
  const ssn = `${String(100 + Math.floor(Math.random() * 600))}-${String(10 + Math.floor(Math.random() * 89))}-${String(1000 + Math.floor(Math.random() * 8999))}`;
  const set = await request.patch(`/api/proxy/users/${id}`, { data: { ssn }, headers: origin });
  expect(set.status(), await set.text()).toBe(200);
  return { id, email: w.email, ssn };
}

/** The demo teammate's user id, as the Team API lists them. */
async function teammateId(request: APIRequestContext, email: string): Promise<number> {
  const res = await request.get(`/api/proxy/users?type=Employer&per=50`);
  expect(res.status(), await res.text()).toBe(200);
  const { users } = (await res.json()) as { users: Listed[] };
  const found = users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!found) throw new Error(`${email} is not on the demo team`);
  return found.id;
}

test.describe("screens follow the role", () => {
  test("the read-only viewer sees workers, is offered no change, and a forced write is refused", async ({
    page,
    request,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const worker = await workerWithSsn(request, baseURL);
    const viewer = demoPerson("read_only");
    await tryDemoAs(page, viewer);
    await expect(page.getByRole("banner")).toContainText(`${viewer.name} · Read-only`);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Workers" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Team" })).toHaveCount(0);

    // The list: every worker, no invite, import or bulk controls.
    await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
    await expect(page.getByRole("link", { name: "Invite worker" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Import CSV" })).toHaveCount(0);
    // No selection for bulk changes (the export toggle stays: a person's export is masked).
    await expect(page.getByRole("checkbox", { name: /^Select/ })).toHaveCount(0);

    // A worker: details, not a form; the SSN's last four digits and no Reveal.
    await page.goto(`/workers/${worker.id}`);
    await expect(page.getByText("Your role (Read-only) cannot edit workers.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
    // In the identity section (the change history below may show the same masked number).
    await expect(
      page.locator("#identity").getByText(`•••-••-${worker.ssn.slice(-4)}`),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: /Reveal/ })).toHaveCount(0);
    expect(await page.content()).not.toContain(worker.ssn);
    await expectNoSeriousViolations(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshotForPeople(page, { path: `${SHOTS}/read-only-worker-${width}.png` });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // Pages whose purpose is a change say so instead of a form.
    await page.goto("/jobs/new");
    await expect(
      page.getByRole("heading", { name: "Your role (Read-only) cannot post jobs." }),
    ).toBeVisible();
    await page.goto("/workers/new");
    await expect(
      page.getByRole("heading", { name: "Your role (Read-only) cannot invite workers." }),
    ).toBeVisible();
    await page.goto("/badges");
    await expect(
      page.getByText("Your role (Read-only) cannot create, rename or delete badges."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Create badge" })).toHaveCount(0);
    await page.goto("/webhooks");
    await expect(page.getByRole("heading", { name: "Add a webhook" })).toHaveCount(0);

    // The server refuses a write forced from the page anyway, in words the page can show.
    const forced = await page.evaluate(async () => {
      const res = await fetch("/api/proxy/users/invite", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          type: "Worker",
          first_name: "Forced",
          last_name: "Write",
          email: `forced-${Date.now()}@example.com`,
          phone: "+15555550123",
        }),
      });
      return { status: res.status, body: await res.json() };
    });
    expect(forced.status).toBe(403);
    expect(forced.body.error.code).toBe("forbidden_for_role");
    expect(forced.body.error.message).toMatch(/^Your role \(Read-only\) cannot do this: /);
  });

  test("a requestor reveals a worker's SSN on the record, and manages no badges or webhooks", async ({
    page,
    request,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const worker = await workerWithSsn(request, baseURL);
    await tryDemoAs(page, demoPerson("requestor"));
    await page.goto(`/workers/${worker.id}`);
    const reveal = await hydrated(
      page.getByRole("button", { name: "Reveal Social Security number" }),
    );
    // Before: the last four digits only, in the field and anywhere on the page.
    expect(await page.content()).not.toContain(worker.ssn);
    const answer = page.waitForResponse((r) =>
      r.url().endsWith(`/api/proxy/users/${worker.id}/ssn`),
    );
    await reveal.click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByText(worker.ssn, { exact: true })).toBeVisible();
    await expect(page.getByLabel("Social Security number")).toHaveValue(
      `•••-••-${worker.ssn.slice(-4)}`,
    );
    // The worker's history (read with the key pair) holds the reveal, with no number in it.
    const history = await request.get(`/api/proxy/users/${worker.id}/history`);
    const text = await history.text();
    expect(text).toContain("personal_data_revealed");
    expect(text).not.toContain(worker.ssn);

    // A requestor manages no badges, webhooks or teammates.
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }),
    ).toHaveCount(0);
    await page.goto("/badges");
    await expect(
      page.getByText("Your role (Requestor) cannot create, rename or delete badges."),
    ).toBeVisible();
    await page.goto("/webhooks");
    await expect(
      page.getByText("Your role (Requestor) cannot add, remove or resend webhooks."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Add a webhook" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Remove webhook/ })).toHaveCount(0);
  });

  test("a write the server refuses (a role changed since sign-in) shows the API's words", async ({
    page,
    request,
    baseURL,
  }) => {
    if (!baseURL) throw new Error("baseURL is not configured");
    const worker = await workerWithSsn(request, baseURL);
    const person = demoPerson("requestor");
    await tryDemoAs(page, person);
    await page.goto(`/workers/${worker.id}`);
    await hydrated(page.getByRole("button", { name: "Save changes" }));

    // An admin (here the integration's key pair) makes them read-only meanwhile.
    const id = await teammateId(request, person.email);
    const set = (role: string) =>
      request.patch(`/api/proxy/users/${id}`, { data: { role }, headers: { origin: baseURL } });
    expect((await set("read_only")).status()).toBe(200);
    try {
      await page.getByLabel("External ID").fill(`refused-${Date.now()}`);
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(alertWith(page, /^Your role \(Read-only\) cannot do this: /)).toBeVisible();
      // The next page follows the new role: the header says it, and the form is gone.
      await page.reload();
      await expect(page.getByRole("banner")).toContainText(`${person.name} · Read-only`);
      await expect(page.getByText("Your role (Read-only) cannot edit workers.")).toBeVisible();
    } finally {
      expect((await set("requestor")).status()).toBe(200);
    }
  });
});
