import { checkWidthsAndDark } from "./axe";
import { expect, hydrated, test, uniqueWorker } from "./fixtures";

/**
 * ZIP codes offline (issue 28): on the post form a typed ZIP fills city, state and the site's
 * time zone and drops the pin at the ZIP's centre; a worker with only a ZIP is ranked from that
 * centre and the candidates list says "Approximate". Checked with axe, at both widths and dark.
 */

test("a ZIP fills the site, and a ZIP-only worker ranks as approximate", async ({
  signedIn: page,
  api,
}) => {
  test.slow();
  // A worker with only a ZIP (no coordinates): ranked from the centre of 94105.
  const worker = await api.invite({ ...uniqueWorker("zip"), first_name: "Zoe" });
  await api.patch(`users/${worker.id}`, { zip: "94105" });

  await page.goto("/jobs/new");
  await hydrated(page.getByRole("button", { name: "Post job" }));
  await page.getByLabel("Request name").fill(`Dock crew ${Date.now().toString(36)}`);
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Description and tasks").fill("Unload the morning trucks.");
  await page.getByLabel("Street address").fill("123 Mission St");
  await page.getByLabel("ZIP code").fill("94105");

  const note = page.getByText(/^ZIP 94105 is San Francisco, CA\. Filled: /);
  await expect(note).toBeVisible();
  await expect(note).toContainText("the pin at the ZIP’s centre");
  await expect(page.getByLabel(/^City/)).toHaveValue("San Francisco");
  await expect(page.getByLabel(/^State/)).toHaveValue("CA");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/Los_Angeles");
  await expect(page.getByLabel(/^Latitude/)).toHaveValue("37.7864");
  await expect(page.getByLabel(/^Longitude/)).toHaveValue("-122.3892");
  await page.getByLabel("ZIP code").scrollIntoViewIfNeeded();
  await checkWidthsAndDark(page, "post-form-zip");

  await page.getByRole("button", { name: "Post job" }).click();
  await page.waitForURL(/\/jobs\/\d+$/);
  const row = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: `Zoe ${worker.last_name}` }) });
  await expect(row).toContainText("Approximate");
  await expect(row).toContainText("from the ZIP’s centre (approximate)");
  await expect(
    page.getByRole("img", { name: /placed approximately, at their ZIP code’s centre/ }),
  ).toBeVisible();
  await row.scrollIntoViewIfNeeded();
  await checkWidthsAndDark(page, "candidates-approximate");
});
