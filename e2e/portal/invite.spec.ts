import {
  expect,
  fillInviteForm,
  hydrated,
  inviteViaUi,
  type NewWorker,
  test,
  uniqueWorker,
} from "./fixtures";

async function openInviteForm(page: import("@playwright/test").Page) {
  await page.goto("/workers/new");
  await expect(page.getByRole("heading", { name: "Invite a worker" })).toBeVisible();
  await hydrated(page.getByRole("button", { name: "Send invitation" }));
}

/** Counts the invite calls the page makes, to prove client-side validation sent nothing. */
function countInviteRequests(page: import("@playwright/test").Page): () => number {
  let n = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/proxy/users/invite")) n += 1;
  });
  return () => n;
}

test.describe("inviting a worker", () => {
  test("invites a worker and lands on the new worker's page", async ({ signedIn: page, api }) => {
    const w = uniqueWorker("invite");
    const id = await inviteViaUi(page, w);
    expect(id).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe("?invited=1");
    // The worker exists with what was typed, the phone stored as E.164.
    const stored = await api.get<{ email: string; phone: string; external_id: string }>(
      `users/${id}`,
    );
    expect(stored).toMatchObject({ email: w.email, phone: w.phone, external_id: w.external_id });
  });

  test("puts “already taken” next to the E-mail field and stays on the form", async ({
    signedIn: page,
    api,
  }) => {
    const existing = await api.invite(uniqueWorker("taken"));
    const w: NewWorker = { ...uniqueWorker("dup"), email: existing.email };
    await openInviteForm(page);
    const invites = countInviteRequests(page);
    await fillInviteForm(page, w);
    await page.getByRole("button", { name: "Send invitation" }).click();

    const email = page.getByLabel("E-mail");
    await expect(email).toHaveAccessibleDescription(/has already been taken/);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    // The message is the one linked to the field, and only that field is marked.
    const errorId = (await email.getAttribute("aria-describedby"))?.split(" ")[0] ?? "";
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText("has already been taken");
    await expect(page.getByLabel("Phone")).not.toHaveAttribute("aria-invalid", "true");
    expect(invites()).toBe(1);
    await expect(page).toHaveURL(/\/workers\/new$/);
    // What was typed is still there to correct.
    await expect(page.getByLabel("First name")).toHaveValue(w.first_name);
    await expect(page.getByLabel("Phone")).toHaveValue(w.phoneTyped);
  });

  test("puts “already taken” next to the Phone field too", async ({ signedIn: page, api }) => {
    const existing = await api.invite(uniqueWorker("taken-phone"));
    const w: NewWorker = {
      ...uniqueWorker("dup-phone"),
      phone: existing.phone,
      phoneTyped: existing.phoneTyped,
    };
    await openInviteForm(page);
    await fillInviteForm(page, w);
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(/has already been taken/);
    await expect(page.getByLabel("E-mail")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/workers\/new$/);
  });

  test("checks the fields in the browser before sending anything", async ({ signedIn: page }) => {
    await openInviteForm(page);
    const invites = countInviteRequests(page);
    await fillInviteForm(page, {
      first_name: "",
      last_name: "Doe",
      email: "not-an-email",
      phoneTyped: "415 555 0142",
    });
    await page.getByRole("button", { name: "Send invitation" }).click();

    await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription(/is invalid/);
    await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(
      /must be in international format, starting with \+ and the country code/,
    );
    await expect(page.getByLabel("First name")).toHaveAccessibleDescription(/can't be blank/);
    for (const label of ["E-mail", "Phone", "First name"]) {
      await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    }
    await expect(page.getByLabel("Last name")).not.toHaveAttribute("aria-invalid", "true");

    // Fixing a field clears its error on the next submit; an invalid number is still refused.
    await page.getByLabel("Phone").fill("+1 123");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(
      /is not a valid phone number/,
    );
    expect(invites()).toBe(0);
    await expect(page).toHaveURL(/\/workers\/new$/);
  });

  test("keeps what was typed when the session ends mid-form, and restores it after sign-in", async ({
    signedIn: page,
    context,
  }) => {
    const w = uniqueWorker("expired");
    await openInviteForm(page);
    await fillInviteForm(page, w);
    // Like a user who confirms "Leave site?" (the last test of this file says why it asks).
    page.on("dialog", (d) => void d.accept());
    await context.clearCookies();
    await page.getByRole("button", { name: "Send invitation" }).click();

    await page.waitForURL(/\/sign-in\?expired=1&next=%2Fworkers%2Fnew$/);
    await expect(page.getByRole("status").filter({ hasText: "Your session ended" })).toBeVisible();
    await (await hydrated(page.getByRole("button", { name: "Try the demo" }))).click();

    await page.waitForURL(/\/workers\/new$/);
    await expect(page.getByLabel("First name")).toHaveValue(w.first_name);
    await expect(page.getByLabel("Last name")).toHaveValue(w.last_name);
    await expect(page.getByLabel("E-mail")).toHaveValue(w.email);
    await expect(page.getByLabel("Phone")).toHaveValue(w.phoneTyped);
    await expect(page.getByLabel("External ID")).toHaveValue(w.external_id);

    // And the restored input can be sent as it is.
    await hydrated(page.getByRole("button", { name: "Send invitation" }));
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.waitForURL(/\/workers\/\d+\?invited=1$/);
  });

  test("keeps the last keystrokes when Enter is pressed right after typing, session ended", async ({
    signedIn: page,
    context,
  }) => {
    const w = uniqueWorker("expired-fast");
    await openInviteForm(page);
    await fillInviteForm(page, w);
    await context.clearCookies();
    // A fast typist: the last field typed and Enter pressed with no pause.
    await page.getByLabel("External ID").fill(`${w.external_id}-x`);
    page.on("dialog", (d) => void d.accept());
    await page.getByLabel("External ID").press("Enter");
    await page.waitForURL(/\/sign-in\?expired=1/);
    await (await hydrated(page.getByRole("button", { name: "Try the demo" }))).click();
    await page.waitForURL(/\/workers\/new$/);
    await expect(page.getByLabel("External ID")).toHaveValue(`${w.external_id}-x`);
  });

  test("does not ask “Leave site?” when the session ended (the input is kept anyway)", async ({
    signedIn: page,
    context,
  }) => {
    await openInviteForm(page);
    await fillInviteForm(page, uniqueWorker("expired-prompt"));
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
    await context.clearCookies();
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.waitForURL(/\/sign-in\?expired=1/);
    expect(dialogs).toEqual([]);
  });
});
