import fs from "node:fs";
import type { Page } from "@playwright/test";
import { alertWith, chooseKeyPair, expect, hydrated, serverInfo, test } from "./fixtures";
import {
  csv,
  expectSummary,
  lookAt,
  openImport,
  phoneBlock,
  review,
  rowNumbers,
  send,
  stat,
  summary,
  upload,
  workersMatching,
} from "./import-helpers";

/**
 * Bulk invite from a spreadsheet: the file is checked in the browser with the API's own rules,
 * sent one invite per row, and reported row by row. Files are made here, with e-mails, phones
 * and external IDs no other test or run has.
 */

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const FIRST = ["Ava", "Noah", "Mia", "Liam", "Zoe", "Omar", "Ines", "Kai", "Lena", "Yusuf"];

/**
 * 200 workers, 7 of them with a problem a real file has; the spreadsheet row numbers of those
 * (the header is row 1, so the worker at index i is on row i + 2).
 */
function teamFile() {
  const phone = phoneBlock(200);
  const rows = Array.from({ length: 200 }, (_, i) => [
    FIRST[i % FIRST.length]!,
    `Import-${RUN}-${i}`,
    `imp-${RUN}-${i}@example.com`,
    phone(i),
    `IMP-${RUN}-${i}`,
  ]);
  const bad: Record<number, (r: string[]) => void> = {
    12: (r) => {
      r[2] = `imp-${RUN}-12 at example.com`;
    },
    40: (r) => {
      r[1] = "";
    },
    77: (r) => {
      r[3] = "555-01";
    },
    // The same person typed twice: the e-mail of row 20, the rest new.
    101: (r) => {
      r[2] = `imp-${RUN}-18@EXAMPLE.com`;
    },
    150: (r) => {
      r[0] = "  ";
    },
    166: (r) => {
      r[3] = "+44 20 7946";
    },
    // A phone already given to row 52.
    190: (r) => {
      r[3] = phone(50);
    },
  };
  for (const [row, spoil] of Object.entries(bad)) spoil(rows[Number(row) - 2]!);
  const header = ["First Name", "Last Name", "E-mail", "Mobile", "Employee ID"];
  return { text: csv([header, ...rows]), badRows: Object.keys(bad).map(Number) };
}

const TEAM = teamFile();

test.describe("bulk invite from a CSV file", () => {
  test.describe.configure({ mode: "serial" });

  test("marks exactly the rows with problems, sends the rest, and reports every row", async ({
    signedIn: page,
    api,
  }) => {
    test.setTimeout(120_000);
    await openImport(page);
    await upload(page, "team.csv", TEAM.text);
    // Every header was recognised.
    await expect(page.getByLabel("First Name", { exact: true })).toHaveValue("first_name");
    await expect(page.getByLabel("Mobile", { exact: true })).toHaveValue("phone");
    await expect(page.getByLabel("Employee ID", { exact: true })).toHaveValue("external_id");
    await review(page);

    await expect(stat(page, "Rows")).toHaveText("200");
    await expect(stat(page, "Ready to invite")).toHaveText("193");
    await expect(stat(page, "With problems")).toHaveText("7");
    await expect(stat(page, "Duplicates in file")).toHaveText("2");

    await page.getByLabel("Only rows with problems").check();
    const problems = page.getByRole("table", { name: "Rows with problems" });
    await expect(problems.getByRole("rowheader")).toHaveCount(7);
    expect(await rowNumbers(problems)).toEqual(TEAM.badRows);

    // Each bad cell says what is wrong, as text and as the cell's description.
    const row = (n: number) =>
      problems
        .getByRole("row")
        .filter({ has: page.getByRole("rowheader", { name: `Row ${n}`, exact: true }) });
    const cell = (n: number, text: string) => row(n).getByRole("cell").filter({ hasText: text });
    await expect(cell(12, "is invalid")).toHaveAccessibleDescription(/E-mail is invalid/);
    await expect(cell(40, "can't be blank")).toHaveAccessibleDescription(
      /Last name can't be blank/,
    );
    await expect(cell(77, "555-01")).toHaveAccessibleDescription(/not a valid US number/);
    await expect(cell(101, "same e-mail as row 20")).toBeVisible();
    await expect(row(101).getByText("Duplicate")).toBeVisible();
    await expect(cell(166, "is not a valid phone number")).toBeVisible();
    await expect(cell(190, "same phone as row 52")).toBeVisible();

    await send(page, 193);
    await expectSummary(page, "193 created · 0 existing · 7 refused");

    // The refused rows, with the reasons.
    await page.getByRole("radio", { name: /^Refused/ }).check({ force: true });
    const report = page.getByRole("table", { name: "Outcome of each row" });
    await expect(report.getByRole("rowheader")).toHaveCount(7);
    expect(await rowNumbers(report)).toEqual(TEAM.badRows);
    await expect(report).toContainText("E-mail is invalid");
    await expect(report).toContainText("Last name can't be blank");
    await expect(report).toContainText("same e-mail as row 20");

    // The API holds exactly the 193, once each.
    const created = await workersMatching(api, RUN);
    expect(created).toHaveLength(193);
    expect(new Set(created.map((w) => w.email.toLowerCase())).size).toBe(193);
  });

  test("importing the same file again creates nothing and finds the workers already there", async ({
    signedIn: page,
    api,
  }) => {
    test.setTimeout(120_000);
    const before = await workersMatching(api, RUN);
    expect(before).toHaveLength(193);
    await openImport(page);
    await upload(page, "team.csv", TEAM.text);
    await review(page);
    await send(page, 193);
    await expectSummary(page, "0 created · 193 existing · 7 refused");

    // Each existing row links to the worker that was there before.
    const ids = new Set(before.map((w) => `/workers/${w.id}`));
    await page.getByRole("radio", { name: /^Already in pool/ }).check({ force: true });
    const links = page.getByRole("table", { name: "Outcome of each row" }).getByRole("link");
    await expect(links).toHaveCount(50);
    for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      expect(ids.has(href ?? "")).toBe(true);
    }
    expect(await workersMatching(api, RUN)).toHaveLength(193);
  });
});

test("a column the guess misses is matched by hand, and a field cannot be taken twice", async ({
  signedIn: page,
  api,
}) => {
  const phone = phoneBlock(10);
  const tag = `given-${RUN}`;
  const names = ["Hana", "Tomás", "Ola"];
  const text = csv([
    ["Given", "Family name", "Email", "Cell"],
    ...names.map((n, i) => [n, `Mapped-${tag}-${i}`, `${tag}-${i}@example.com`, phone(i)]),
  ]);
  await openImport(page);
  await upload(page, "people.csv", text);

  const given = page.getByLabel("Given", { exact: true });
  await expect(given).toHaveValue("");
  await expect(
    page.getByRole("status").filter({ hasText: "Choose the column that holds" }),
  ).toContainText("First name");
  const next = page.getByRole("button", { name: "Review 3 rows" });
  await expect(next).toBeDisabled();

  await given.selectOption({ label: "First name (required)" });
  await expect(next).toBeEnabled();
  // First name now belongs to "Given": another column cannot take it too.
  await expect(
    page.getByLabel("Email", { exact: true }).locator("option", { hasText: /^First name/ }),
  ).toBeDisabled();
  await expect(
    page.getByLabel("Email", { exact: true }).locator("option", { hasText: /^First name/ }),
  ).toHaveText("First name (required) — used by “Given”");

  await review(page);
  await expect(stat(page, "Ready to invite")).toHaveText("3");
  await send(page, 3);
  await expectSummary(page, "3 created · 0 existing · 0 refused");
  const stored = await workersMatching(api, tag);
  expect(stored.map((w) => w.first_name).sort()).toEqual([...names].sort());
});

test("the sample file: eight rows with problems, the rest invited", async ({ signedIn: page }) => {
  test.setTimeout(180_000);
  await openImport(page);
  await page.getByRole("button", { name: "Try the sample file" }).click();
  await expect(page.getByRole("heading", { name: "Match your columns" })).toBeVisible();
  await expect(page.getByText("workers-import-sample.csv")).toBeVisible();
  await review(page);
  await expect(stat(page, "Rows")).toHaveText("500");
  await expect(stat(page, "With problems")).toHaveText("8");
  await page.getByLabel("Only rows with problems").check();
  expect(await rowNumbers(page.getByRole("table", { name: "Rows with problems" }))).toEqual([
    19, 90, 144, 205, 262, 313, 379, 457,
  ]);

  const started = Date.now();
  await send(page, 492);
  test.info().annotations.push({
    type: "sample import",
    description: `492 invites in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  });
  // A retry of this test on the same server finds them existing: either way, none is lost.
  const text = (await summary(page).textContent()) ?? "";
  const [created, existing, refused] = (text.match(/\d+/g) ?? []).map(Number);
  expect((created ?? 0) + (existing ?? 0)).toBe(492);
  expect(refused).toBe(8);
});

/** A small file, and the page on the confirm step with the session already gone. */
async function startSignedOut(page: Page, rows: number, label: string) {
  const phone = phoneBlock(rows);
  const tag = `${label}-${RUN}`;
  const text = csv([
    ["First name", "Last name", "E-mail", "Phone"],
    ...Array.from({ length: rows }, (_, i) => [
      "Sam",
      `Session-${tag}-${i}`,
      `${tag}-${i}@example.com`,
      phone(i),
    ]),
  ]);
  await openImport(page);
  await upload(page, `${label}.csv`, text);
  await review(page);
  await page.getByRole("button", { name: /^Continue with/ }).click();
  await page.context().clearCookies();
  await page.getByRole("button", { name: `Invite ${rows} workers` }).click();
  await expect(page.getByRole("heading", { name: "Paused: your session ended" })).toBeVisible();
  await expect(page.getByText("Sign in again to go on")).toBeVisible();
  await expect(page).toHaveURL(/\/workers\/import$/);
  await expect(stat(page, "Failed")).toHaveText("0");
  return tag;
}

async function signInAgain(page: Page) {
  const res = await page.request.post("/api/session", {
    data: { demo: true },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test("an ended session pauses the import; after signing in again it goes on, nothing lost", async ({
  signedIn: page,
  api,
}) => {
  await page.goto("/workers");
  test.setTimeout(90_000);
  const tag = await startSignedOut(page, 20, "expired");

  // Leaving now would stop the sending: the page asks first.
  const dialogs: string[] = [];
  page.once("dialog", (d) => {
    dialogs.push(d.type());
    void d.dismiss();
  });
  await page.reload({ timeout: 3_000 }).catch(() => undefined);
  expect(dialogs).toEqual(["beforeunload"]);
  await expect(page.getByRole("heading", { name: "Paused: your session ended" })).toBeVisible();

  await signInAgain(page);
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({
    timeout: 30_000,
  });
  await expectSummary(page, "20 created · 0 existing · 0 refused");
  expect(await workersMatching(api, tag)).toHaveLength(20);
});

test("cancel stops the sending; the rows not sent are reported and can be sent later", async ({
  signedIn: page,
  api,
}) => {
  await page.goto("/workers");
  test.setTimeout(90_000);
  const tag = await startSignedOut(page, 12, "cancelled");
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Import stopped" })).toBeVisible();
  await expectSummary(page, "0 created · 0 existing · 0 refused · 12 not sent");
  await page.getByRole("radio", { name: /^Not sent/ }).check({ force: true });
  await expect(
    page.getByRole("table", { name: "Outcome of each row" }).getByRole("rowheader"),
  ).toHaveCount(12);

  // The download lists them too.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download report (CSV)" }).click();
  const file = await (await download).path();
  const report = fs.readFileSync(file, "utf8");
  expect(report.match(/,not_sent,/g)).toHaveLength(12);

  await signInAgain(page);
  await page.getByRole("button", { name: "Send the 12 rows not sent" }).click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({
    timeout: 30_000,
  });
  await expectSummary(page, "12 created · 0 existing · 0 refused");
  expect(await workersMatching(api, tag)).toHaveLength(12);
});

test("a file over 5 MB is refused with a clear message", async ({ signedIn: page }) => {
  await openImport(page);
  const big = Buffer.alloc(5 * 1024 * 1024 + 1, "a");
  await page
    .getByLabel("Choose a file")
    .setInputFiles({ name: "huge.csv", mimeType: "text/csv", buffer: big });
  await expect(alertWith(page, "That file can’t be imported")).toContainText(
    "huge.csv is 5.1 MB: over the 5 MB limit",
  );
  await expect(page.getByRole("heading", { name: "Choose your workers" })).toBeVisible();
});

test("a picture is refused at the first step, even named .csv, instead of previewed", async ({
  signedIn: page,
}) => {
  await openImport(page);
  // A real 1×1 PNG, as a screenshot tool writes one.
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const choose = page.getByLabel("Choose a file");
  await choose.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: png });
  const refusal = alertWith(page, "That file can’t be imported");
  await expect(refusal).toContainText("photo.png is a PNG image, not a CSV file.");
  await lookAt(page, "import-source-refused", test.info().outputPath.bind(test.info()));
  await choose.setInputFiles({ name: "team.csv", mimeType: "text/csv", buffer: png });
  await expect(refusal).toContainText("team.csv is a PNG image, not a CSV file, although its name");
  await expect(page.getByRole("heading", { name: "Choose your workers" })).toBeVisible();
});

test("rows pasted from a spreadsheet (tab-separated) are read like a file", async ({
  signedIn: page,
}) => {
  const phone = phoneBlock(10);
  await openImport(page);
  await page
    .getByLabel("Or paste from a spreadsheet")
    .fill(
      `First name\tLast name\tE-mail\tPhone\nRui\tPasted-${RUN}\tpasted-${RUN}@example.com\t${phone(1)}\n`,
    );
  await page.getByRole("button", { name: "Use pasted rows" }).click();
  await expect(page.getByRole("heading", { name: "Match your columns" })).toBeVisible();
  await review(page);
  await expect(stat(page, "Ready to invite")).toHaveText("1");
});

/** The one key pair e2e/portal/fake-real-service.mjs accepts (as in real-service.spec.ts). */
const LIVE = {
  api_key: "pk_live_FAKEREALSERVICE000000001",
  secret_key: "sk_live_FAKEREALSERVICESECRET0000001",
};

test("works the same against a service like the real one: 200 invites, no totals, errors as {errors}", async ({
  page,
  request,
}) => {
  const fake = serverInfo().fakeRealServiceURL;
  expect((await request.post(`${fake}/__control/reset`)).status()).toBe(200);
  await page.goto("/sign-in");
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await chooseKeyPair(page);
  await page.getByLabel("API key").fill(LIVE.api_key);
  await page.getByLabel("Secret key").fill(LIVE.secret_key);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/home$/);
  // The portal opens on the home page; this journey continues from the workers list.
  await page.goto("/workers");

  const phone = phoneBlock(10);
  // Two new workers, and one the service already has (its newest seeded worker).
  const text = csv([
    ["First name", "Last name", "E-mail", "Phone"],
    ["Lia", `Live-${RUN}`, `live-${RUN}-1@example.com`, phone(1)],
    ["Maria", "Garcia", "maria.garcia.1@example.com", phone(2)],
    ["Noor", `Live-${RUN}`, `live-${RUN}-3@example.com`, phone(3)],
  ]);
  for (const expected of [
    "2 created · 1 existing · 0 refused",
    "0 created · 3 existing · 0 refused",
  ]) {
    await openImport(page);
    await upload(page, "live.csv", text);
    await review(page);
    await send(page, 3);
    await expectSummary(page, expected);
    await page.getByRole("button", { name: "Import another file" }).click();
  }
});

test("rows the API failed to answer are reported failed, with the reason, and can be retried", async ({
  signedIn: page,
  api,
}) => {
  const phone = phoneBlock(10);
  const tag = `retry-${RUN}`;
  const text = csv([
    ["First name", "Last name", "E-mail", "Phone"],
    ...Array.from({ length: 6 }, (_, i) => [
      "Rae",
      `Retry-${tag}-${i}`,
      `${tag}-${i % 3 === 1 ? "flaky" : "ok"}-${i}@example.com`,
      phone(i),
    ]),
  ]);
  // The API has a bad moment for two of the rows.
  await page.route("**/api/proxy/users/invite", async (route) => {
    if (route.request().postData()?.includes("-flaky-")) {
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          error: {
            code: "upstream_error",
            message: "The API had a problem answering. Try again in a moment.",
          },
        }),
      });
    } else await route.fallback();
  });
  await openImport(page);
  await upload(page, "flaky.csv", text);
  await review(page);
  await send(page, 6);
  await expectSummary(page, "4 created · 0 existing · 0 refused · 2 failed");
  await page.getByRole("radio", { name: /^Failed/ }).check({ force: true });
  const report = page.getByRole("table", { name: "Outcome of each row" });
  expect(await rowNumbers(report)).toEqual([3, 6]);
  await expect(report).toContainText("The API had a problem answering. Try again in a moment.");

  await page.unroute("**/api/proxy/users/invite");
  await page.getByRole("button", { name: "Retry 2 failed rows" }).click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible();
  await expectSummary(page, "6 created · 0 existing · 0 refused");
  expect(await workersMatching(api, tag)).toHaveLength(6);
});
