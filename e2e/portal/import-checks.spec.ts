import { expect, test, uniqueWorker } from "./fixtures";
import {
  csv,
  expectSummary,
  lookAt,
  openImport,
  review,
  rowNumbers,
  send,
  stat,
  upload,
} from "./import-helpers";

/**
 * The bulk invite's checks against the pool and the company: an e-mail or phone another worker
 * holds is that row's error (in the preview when the look-up finds it, in the report when only
 * the invite can tell), a duplicate e-mail in the file is an error on the later row, badge
 * names are read case-insensitively and an unknown one is an error; both coordinate pairs and
 * the badges land on the worker. Every worker and badge is made here, unique to the run.
 */

test("clashes, duplicates and unknown badges are row errors; coordinates and badges land on the worker", async ({
  signedIn: page,
  api,
}) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const forklift = await api.createBadge(`Forklift ${tag}`);
  const firstAid = await api.createBadge(`First Aid ${tag}`);
  // Somebody already in the pool, whose e-mail and phone the file reuses for other people.
  const holder = await api.invite(uniqueWorker("holder"));
  const [geo, a, b, c, d] = Array.from({ length: 5 }, () => uniqueWorker("imp-check"));
  const blank = ["", "", "", ""];
  const text = csv([
    ["First name", "Last name", "E-mail", "Phone", "Lat", "Lng", "Home lat", "Home long", "Badges"],
    [
      "Gia",
      `Geo-${tag}`,
      geo!.email,
      geo!.phoneTyped,
      "40.7484",
      "-73.9857",
      "40.6782",
      "-73.9442",
      `forklift ${tag} | FIRST AID ${tag}`,
    ],
    ["Cleo", `Clash-${tag}`, holder.email, a!.phoneTyped, ...blank, ""],
    ["Pia", `Phone-${tag}`, b!.email, holder.phoneTyped, ...blank, ""],
    ["Dov", `Dup-${tag}`, geo!.email.toUpperCase(), c!.phoneTyped, ...blank, ""],
    ["Uma", `Unknown-${tag}`, d!.email, d!.phoneTyped, ...blank, `Forklift ${tag}; Jetpack ${tag}`],
  ]);

  await openImport(page);
  await upload(page, "checks.csv", text);
  // The coordinates and badges were recognised by their usual headers.
  for (const [label, field] of [
    ["Lat", "latitude"],
    ["Lng", "longitude"],
    ["Home lat", "home_latitude"],
    ["Home long", "home_longitude"],
    ["Badges", "badges"],
  ] as const)
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(field);
  await lookAt(page, "import-mapping", test.info().outputPath.bind(test.info()));

  await review(page);
  await expect(stat(page, "Rows")).toHaveText("5");
  await expect(stat(page, "Ready to invite")).toHaveText("2");
  await expect(stat(page, "With problems")).toHaveText("3");
  await expect(page.getByText("1 e-mail already belongs to other workers")).toBeVisible();
  await page.getByLabel("Only rows with problems").check();
  const problems = page.getByRole("table", { name: "Rows with problems" });
  expect(await rowNumbers(problems)).toEqual([3, 5, 6]);
  const row = (n: number) =>
    problems
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: `Row ${n}`, exact: true }) });
  await expect(
    row(3).getByRole("cell").filter({ hasText: holder.email }),
  ).toHaveAccessibleDescription(
    `E-mail has already been taken by Erin ${holder.last_name} in your pool`,
  );
  await expect(row(5).getByText("same e-mail as row 2")).toBeVisible();
  await expect(row(6).getByText(`unknown badge “Jetpack ${tag}”`)).toBeVisible();
  await lookAt(page, "import-preview-errors", test.info().outputPath.bind(test.info()));

  await send(page, 2);
  await expectSummary(page, "1 created · 0 existing · 4 refused");
  await page.getByRole("radio", { name: /^Refused/ }).check({ force: true });
  const report = page.getByRole("table", { name: "Outcome of each row" });
  expect(await rowNumbers(report)).toEqual([3, 4, 5, 6]);
  // The phone clash only the invite could tell: its own message, on its row, no link.
  const phoneRow = report
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "Row 4", exact: true }) });
  await expect(phoneRow).toContainText("Phone has already been taken");
  await expect(phoneRow.getByRole("link")).toHaveCount(0);
  await expect(report).toContainText(`E-mail has already been taken by Erin ${holder.last_name}`);
  await lookAt(page, "import-report-refused", test.info().outputPath.bind(test.info()));

  // The created worker holds both coordinate pairs and both badges.
  await page.getByRole("radio", { name: /^Created/ }).check({ force: true });
  await page.getByRole("link", { name: `View Gia Geo-${tag}` }).click();
  await expect(page.getByLabel("Current latitude")).toHaveValue("40.7484");
  await expect(page.getByLabel("Current longitude")).toHaveValue("-73.9857");
  await expect(page.getByLabel("Home latitude")).toHaveValue("40.6782");
  await expect(page.getByLabel("Home longitude")).toHaveValue("-73.9442");
  const chips = page.getByRole("list", { name: "Badges on this worker" });
  await expect(chips.getByText(forklift.name)).toBeVisible();
  await expect(chips.getByText(firstAid.name)).toBeVisible();
  // Nobody was created with the clashing e-mail or phone.
  const { users } = await api.get<{ users: { id: number }[] }>(
    `users?email=${encodeURIComponent(b!.email)}`,
  );
  expect(users).toEqual([]);
});
