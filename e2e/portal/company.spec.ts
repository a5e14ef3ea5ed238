import { alertWith, expect, hydrated, screenshotForPeople, test } from "./fixtures";

/**
 * The rest of the reference in the portal (issue 27): the Company page (contact and billing,
 * the platform's terms read-only) and "Resend notifications" on a posted job request.
 */

const SHOTS = "test-results/company";

test("an admin edits the company's contact and billing; the terms stay read-only", async ({
  signedIn: page,
}) => {
  await page.goto("/workers");
  // The header's company name opens the Company page for whoever may edit it.
  await page.getByRole("link", { name: "Demo Staffing Co" }).click();
  await expect(page.getByRole("heading", { name: "Company", level: 1 })).toBeVisible();
  const form = page.getByRole("form", { name: "Contact and billing" });
  await hydrated(form.getByRole("button", { name: "Save changes" }));
  const billing = form.getByRole("group", { name: "Billing" });
  await billing.getByLabel("First name").fill("Bill");
  await billing.getByLabel("Last name").fill("Payer");
  await billing.getByLabel("E-mail").fill("ap@example.com");
  await billing.getByLabel("Phone").fill("+1 415-555-0100");
  await form.getByRole("button", { name: "Save changes" }).click();
  await expect(form.getByText("Saved.")).toBeVisible();
  await expect(billing.getByLabel("Phone")).toHaveValue("+14155550100");

  // A bad phone: the message sits by its field, nothing is saved.
  await billing.getByLabel("Phone").fill("555");
  await form.getByRole("button", { name: "Save changes" }).click();
  const phone = billing.getByLabel("Phone");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(
    billing.getByText("must be in international format", { exact: false }),
  ).toBeVisible();

  const terms = page.getByRole("region", { name: "Platform terms" });
  await expect(terms.getByText("Can post 1099 jobs")).toBeVisible();
  await expect(terms.getByRole("textbox")).toHaveCount(0);

  await billing.getByLabel("Phone").fill("+14155550100");
  for (const width of [1280, 390]) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme: scheme });
      await screenshotForPeople(page, {
        path: `${SHOTS}/company-${width}-${scheme}.png`,
        fullPage: true,
      });
    }
  }
});

test("Resend notifications tells the workers again, then says to wait", async ({
  signedIn: page,
  api,
}) => {
  await page.goto("/workers");
  await api.signIn();
  const res = await page.request.post("/api/proxy/job_requests", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      job_request: {
        request_name: `Resend check ${Date.now()}`,
        category: "Fulfillment / Warehousing",
        state: "posted",
        slots: 2,
        description_tasks: "Count stock",
        address: "123 Fremont St",
        city: "San Francisco",
        zip: "94105",
        latitude: 37.7898,
        longitude: -122.3942,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = ((await res.json()) as { job_request: { id: number } }).job_request.id;
  await page.goto(`/jobs/${id}`);
  const button = await hydrated(page.getByRole("button", { name: "Resend notifications" }));
  await button.click();
  await expect(page.getByText(/Told \d+ workers? again|Nobody to tell right now/)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshotForPeople(page, { path: `${SHOTS}/resend-1280.png` });
  await page.setViewportSize({ width: 390, height: 900 });
  await screenshotForPeople(page, { path: `${SHOTS}/resend-390-light.png`, fullPage: true });
  await button.click();
  await expect(alertWith(page, "Nothing was sent")).toContainText("try again in");
  await page.setViewportSize({ width: 390, height: 900 });
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshotForPeople(page, { path: `${SHOTS}/resend-390-dark.png`, fullPage: true });
});
