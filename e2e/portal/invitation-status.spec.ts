import {
  expect,
  HUMAN_PAUSE_MS,
  hydrated,
  inviteViaUi,
  screenshotForPeople,
  test,
  uniqueWorker,
} from "./fixtures";

/**
 * A worker who has not joined yet says so: "Invited" (not "Active") on their page, a resend
 * that mails a new link and ends the old one, and "Active" once they accept. The outbox says
 * where a mail went: with no mail server, only into this outbox.
 */
test("an invited worker shows Invited, gets a new link on Resend, and is Active once accepted", async ({
  signedIn: page,
  context,
}) => {
  const w = { ...uniqueWorker("resend"), first_name: "Ottilie" };
  const id = await inviteViaUi(page, w);

  const header = page.getByRole("main").locator("header").first();
  await expect(header.getByText("Invited", { exact: true })).toBeVisible();
  await expect(header.getByText("Active", { exact: true })).toHaveCount(0);

  const resend = await hydrated(header.getByRole("button", { name: "Resend invitation" }));
  await screenshotForPeople(page, { path: "test-results/screens/invited-header-1280.png" });
  await resend.click();
  await expect(header.getByText(`New invitation sent to ${w.email}.`)).toBeVisible();

  // Two mails for this worker in the outbox, both only kept locally (no mail server).
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Outbox" })
    .click();
  await page.waitForURL(/\/outbox$/);
  const items = page
    .getByRole("list", { name: "Invitation e-mails" })
    .getByRole("button")
    .filter({ hasText: w.email });
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Kept locally");
  await expect(items.nth(1)).toContainText("Kept locally");
  await screenshotForPeople(page, { path: "test-results/screens/outbox-kept-locally-1280.png" });

  // The first link no longer works: the outbox says so, though the mail still says "works once";
  // the worker who opens it is told to ask for a new one.
  await expect(items.nth(1)).toContainText("Link replaced");
  await expect(items.first()).not.toContainText("Link replaced");
  await items.nth(1).click();
  await expect(page.getByRole("article")).toContainText(
    "This link no longer works: a newer invitation was sent",
  );
  await expect(page.getByRole("article").getByText(/it works once/)).toHaveCount(0);
  await screenshotForPeople(page, { path: "/tmp/c-shots/outbox-replaced-link-1280.png" });
  const oldLink = await page
    .getByRole("article")
    .getByRole("link", { name: /Open accept page/ })
    .getAttribute("href");
  const stale = await context.newPage();
  await stale.goto(oldLink!);
  await expect(stale.getByRole("heading", { name: /expired/i })).toBeVisible();
  await stale.close();

  // The newest link works.
  await items.first().click();
  const open = page.getByRole("article").getByRole("link", { name: /Open accept page/ });
  const [worker] = await Promise.all([context.waitForEvent("page"), open.click()]);
  await hydrated(worker.getByRole("button", { name: "Accept invitation" }));
  await worker.getByLabel(/^Password/).fill("correct horse battery");
  await worker.getByLabel("Confirm password").fill("correct horse battery");
  await worker.waitForTimeout(HUMAN_PAUSE_MS);
  await worker.getByRole("button", { name: "Accept invitation" }).click();
  await expect(
    worker.getByRole("heading", { name: `You're all set, ${w.first_name}` }),
  ).toBeVisible();
  await worker.close();

  await page.goto(`/workers/${id}`);
  await expect(header.getByText("Active", { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Resend invitation" })).toHaveCount(0);
});
