import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext } from "@playwright/test";
import {
  chooseKeyPair,
  demoKeys,
  expect,
  HUMAN_PAUSE_MS,
  hydrated,
  inviteViaUi,
  test,
  uniqueWorker,
} from "./fixtures";

/**
 * What the API does after a change: the invitation e-mail (demo outbox → accept page), the
 * worker's history, and signed webhook deliveries to a receiver on this machine.
 */

test("an invitation e-mail appears in the outbox, and its link is accepted once", async ({
  signedIn: page,
  context,
}) => {
  const w = { ...uniqueWorker("outbox"), first_name: "Marisol" };
  await inviteViaUi(page, w);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Outbox" })
    .click();
  await page.waitForURL(/\/outbox$/);
  const item = page
    .getByRole("list", { name: "Invitation e-mails" })
    .getByRole("button")
    .filter({ hasText: w.email });
  // The dispatcher takes it within about a second; the page polls, no reload needed. With no
  // mail server set up, the mail only reached this outbox, and the page says so.
  await expect(item).toContainText("Kept locally");
  await expect(item).not.toContainText("Delivered");
  await item.click();
  await expect(item).toHaveAttribute("aria-current", "true");

  const mail = page.getByRole("article");
  await expect(mail.getByRole("heading", { level: 2 })).toContainText("invited you");
  await expect(mail).toContainText(`${w.first_name} ${w.last_name}`);
  // The message as sent, drawn in a sandboxed frame.
  await expect(
    page.frameLocator('iframe[title^="Invitation e-mail"]').getByText(`Hi ${w.first_name}`),
  ).toBeVisible();
  await expect(page.locator("iframe[title^='Invitation e-mail']")).toHaveAttribute(
    "sandbox",
    /^(?!.*allow-scripts)/,
  );

  const open = mail.getByRole("link", { name: /Open accept page/ });
  const link = await open.getAttribute("href");
  expect(link).toMatch(/\/accept-invite#token=[\w-]{43}$/);

  // What the worker does: follow the link (a new tab, no portal session needed there).
  const [worker] = await Promise.all([context.waitForEvent("page"), open.click()]);
  await expect(
    worker.getByRole("heading", { name: new RegExp(`^Hi ${w.first_name} — .+ invited you$`) }),
  ).toBeVisible();
  // The token left the address bar as soon as the page read it.
  expect(new URL(worker.url()).hash).toBe("");

  await hydrated(worker.getByRole("button", { name: "Accept invitation" }));
  await worker.getByLabel(/^Password/).fill("short");
  await worker.getByLabel("Confirm password").fill("different");
  await worker.getByRole("button", { name: "Accept invitation" }).click();
  await expect(worker.getByText("Password is too short (minimum is 8 characters)")).toBeVisible();
  await expect(worker.getByText("Passwords do not match")).toBeVisible();

  await worker.getByLabel(/^Password/).fill("correct horse battery");
  await worker.getByLabel("Confirm password").fill("correct horse battery");
  await worker.waitForTimeout(HUMAN_PAUSE_MS);
  await worker.getByRole("button", { name: "Accept invitation" }).click();
  await expect(
    worker.getByRole("heading", { name: `You're all set, ${w.first_name}` }),
  ).toBeVisible();

  // The same link again: it worked once, and says so.
  const again = await context.newPage();
  await again.goto(link!);
  await expect(
    again.getByRole("heading", { name: "This invitation was already accepted" }),
  ).toBeVisible();
  await expect(again.getByRole("button", { name: "Accept invitation" })).toHaveCount(0);

  // And a link nobody issued is told apart from both.
  await again.goto("/accept-invite#token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(
    again.getByRole("heading", { name: "We don't recognise this invitation link" }),
  ).toBeVisible();
});

test("the history panel shows who changed a worker and what, right after saving", async ({
  signedIn: page,
  api,
}) => {
  const badge = await api.createBadge(`Night Shift ${Date.now().toString(36)}`);
  const w = await api.invite(uniqueWorker("history"));
  await page.goto(`/workers/${w.id}`);

  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("invited the worker")).toBeVisible();

  await hydrated(page.getByLabel("City", { exact: true }));
  await page.getByLabel("City", { exact: true }).fill("Springfield");
  await page.getByLabel("ZIP code").fill("62704");
  const picker = page.getByRole("combobox", { name: "Add a badge" });
  await picker.fill(badge.name);
  await page.getByRole("option", { name: badge.name, exact: true }).click();
  await page.waitForTimeout(HUMAN_PAUSE_MS);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Saved$/ })).toBeVisible();

  // Newest first: the save is the first entry, without reloading the page.
  const entry = history.getByRole("listitem").filter({ hasText: "changed" }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(demoKeys().private.api_key);
  const fields = entry.getByRole("list", { name: "Changed fields" });
  await expect(fields.getByRole("listitem").filter({ hasText: "City:" })).toHaveText(
    /City:\s*\(empty\)\s*→?\s*changed to\s*Springfield/,
  );
  await expect(fields.getByRole("listitem").filter({ hasText: "ZIP code:" })).toContainText(
    "62704",
  );
  await expect(entry.getByRole("list", { name: "Badges added" })).toContainText(badge.name);
  await expect(entry.getByText(/ago|just now/)).toBeVisible();
});

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** A webhook receiver on 127.0.0.1 at a free port: records every request, answers 200. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/${Date.now().toString(36)}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Leaves no subscription behind, even when the test failed half-way. */
async function removeWebhooksTo(request: APIRequestContext, baseURL: string, url: string) {
  const headers = { origin: baseURL };
  await request.post("/api/session", { data: { demo: true }, headers });
  const res = await request.get("/api/proxy/webhooks");
  if (!res.ok()) return;
  const { webhooks } = (await res.json()) as { webhooks: { id: number; url: string }[] };
  for (const h of webhooks.filter((x) => x.url === url)) {
    await request.delete(`/api/proxy/webhooks/${h.id}`, { headers });
  }
}

test("a webhook added on the Webhooks page gets signed deliveries, and can be re-sent", async ({
  signedIn: page,
  api,
  request,
  baseURL,
}) => {
  const receiver = await startReceiver();
  try {
    await page.goto("/webhooks");
    await hydrated(page.getByRole("button", { name: "Add webhook" }));

    // The server's refusal lands on the field.
    await page.getByLabel("Endpoint URL").fill("ftp://example.com/hook");
    await page.getByRole("button", { name: "Add webhook" }).click();
    const endpoint = page.getByLabel("Endpoint URL");
    await expect(endpoint).toHaveAccessibleDescription(/must use https/);
    await expect(endpoint).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Endpoint URL").fill(receiver.url);
    for (const other of [
      "job_request.state_changed",
      "job.state_changed",
      "user.invited",
      "message.created",
    ]) {
      await page.getByLabel(other).uncheck();
    }
    await page.waitForTimeout(HUMAN_PAUSE_MS);
    await page.getByRole("button", { name: "Add webhook" }).click();
    const subscription = page
      .getByRole("list", { name: "Webhooks" })
      .getByRole("listitem")
      .filter({ hasText: receiver.url });
    await expect(subscription).toBeVisible();
    await expect(subscription.getByRole("list", { name: "Events" })).toHaveText("user.updated");

    const w = await api.invite(uniqueWorker("webhook"));
    await api.patch(`users/${w.id}`, { user: { city: "Portland" } });

    // The delivery's own row (its details row, once open, mentions the same URL and event).
    const row = page
      .getByRole("row")
      .filter({ hasText: receiver.url })
      .filter({ has: page.getByRole("cell", { name: "user.updated", exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Delivered");
    await expect(row.getByRole("cell").nth(4)).toHaveText("200");
    await expect(row).toContainText(/\d+ ms/);

    // The receiver got a POST signed as the real service signs: sha256hex(body + secret key).
    await expect.poll(() => receiver.received.length).toBe(1);
    const got = receiver.received[0]!;
    expect(got.method).toBe("POST");
    const secret = demoKeys().private.secret_key;
    expect(got.headers["x-wonolo-webhook-token"]).toBe(
      createHash("sha256")
        .update(got.body + secret)
        .digest("hex"),
    );
    const payload = JSON.parse(got.body) as { event: string; data: unknown };
    expect(payload.event).toBe("user.updated");
    expect(payload.data).toMatchObject({
      user: { id: w.id, city: "Portland" },
      changes: { city: { from: null, to: "Portland" } },
    });

    // Details: every attempt, and the payload as sent.
    const toggle = row.getByRole("button", { name: /^Details of user\.updated delivery/ });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const details = page.locator(`[id="${await toggle.getAttribute("aria-controls")}"]`);
    await expect(details.getByRole("listitem").first()).toContainText("#1");
    await expect(details.getByRole("listitem").first()).toContainText("200");
    await expect(details.locator("pre")).toContainText('"event": "user.updated"');

    // Re-send: the same body goes out again, and the row counts the second attempt.
    await row.getByRole("button", { name: /^Re-send user\.updated delivery/ }).click();
    await expect.poll(() => receiver.received.length).toBe(2);
    expect(receiver.received[1]!.body).toBe(got.body);
    await expect(row.getByRole("cell").nth(3)).toHaveText(/^2\/\d+$/);
    await expect(row).toContainText("Delivered");

    // Removing asks first.
    await subscription.getByRole("button", { name: `Remove webhook ${receiver.url}` }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this webhook?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Remove webhook" }).click();
    await expect(dialog).toBeHidden();
    await expect(subscription).toHaveCount(0);
  } finally {
    await receiver.close();
    await removeWebhooksTo(request, baseURL!, receiver.url);
  }
});

test("against the real service (no outbox, webhooks or history there), the pages say so", async ({
  page,
}) => {
  // Live keys go to the stand-in for the real service (fake-real-service.mjs, FAKE_LIVE_KEYS).
  await page.goto("/sign-in");
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await chooseKeyPair(page);
  await page.getByLabel("API key").fill("pk_live_FAKEREALSERVICE000000001");
  await page.getByLabel("Secret key").fill("sk_live_FAKEREALSERVICESECRET0000001");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);

  await page.goto("/outbox");
  await expect(
    page.getByRole("heading", { name: "The outbox is only available with the built-in API" }),
  ).toBeVisible();
  await page.goto("/webhooks");
  await expect(
    page.getByRole("heading", { name: "Webhooks are managed here only with the built-in API" }),
  ).toBeVisible();

  await page.goto("/workers");
  await page.getByRole("link", { name: "Maria Garcia" }).first().click();
  await expect(
    page
      .getByRole("region", { name: "History" })
      .getByText("The history of this worker is not available from this API."),
  ).toBeVisible();
});

test("with a public-pool key, the outbox and webhooks pages explain what they need", async ({
  page,
}) => {
  await page.goto("/sign-in");
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await chooseKeyPair(page);
  await page.getByLabel("API key").fill(demoKeys().public.api_key);
  await page.getByLabel("Secret key").fill(demoKeys().public.secret_key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);

  await page.goto("/outbox");
  await expect(
    page.getByRole("heading", { name: "The outbox needs a private-pool key" }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Invite a worker" })).toHaveCount(0);
  await page.goto("/webhooks");
  await expect(
    page.getByRole("heading", { name: "Webhooks need a private-pool key" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Add webhook" })).toHaveCount(0);
});
