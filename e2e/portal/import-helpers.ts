import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { expect, hydrated, type PortalApi, screenshotForPeople, test } from "./fixtures";

/** The bulk invite's steps as a person takes them, shared by the import journeys. */

/**
 * US numbers in the 555 exchange (the demo's seeded workers never use it), a block of them per
 * file: a random area code and block, never the same twice in one run.
 */
const AREA_CODES = ["415", "628", "510", "650", "408", "707", "925", "831", "209", "559"];
const usedBlocks = new Set<string>();
export function phoneBlock(size: number): (i: number) => string {
  // Every block spans BLOCK lines whatever its size, so blocks of different sizes cannot overlap
  // (a block of 12 used to start inside one of 200 and share some of its numbers).
  const BLOCK = 200;
  if (size > BLOCK) throw new Error(`phoneBlock: at most ${BLOCK} numbers per block`);
  for (;;) {
    const area = AREA_CODES[Math.floor(Math.random() * AREA_CODES.length)]!;
    const block = Math.floor(Math.random() * (10_000 / BLOCK));
    const key = `${area}-${block}`;
    if (usedBlocks.has(key)) continue;
    usedBlocks.add(key);
    return (i) => {
      const line = String(block * BLOCK + i).padStart(4, "0");
      // The ways spreadsheets hold phones: international, and national for the US.
      return [`+1 ${area} 555 ${line}`, `(${area}) 555-${line}`, `${area}.555.${line}`][i % 3]!;
    };
  }
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
export const csv = (rows: string[][]) =>
  `${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;

/** The number in a stat tile of the page ("Rows", "With problems", …). */
export function stat(page: Page, label: string): Locator {
  return page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .first();
}

export async function openImport(page: Page) {
  await page.goto("/workers/import");
  await expect(
    page.getByRole("heading", { level: 1, name: "Import workers from CSV" }),
  ).toBeVisible();
  await hydrated(page.getByRole("button", { name: "Try the sample file" }));
}

export async function upload(page: Page, name: string, text: string) {
  await page
    .getByLabel("Choose a file")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await expect(page.getByRole("heading", { name: "Match your columns" })).toBeVisible();
}

/** From the mapping step to the preview, waiting until every row is checked. */
export async function review(page: Page) {
  await page.getByRole("button", { name: /^Review \d+ rows?$/ }).click();
  await expect(stat(page, "Ready to invite")).toBeVisible({ timeout: 15_000 });
}

/** Spreadsheet row numbers listed in a table of rows (its row headers read "Row 12"). */
export async function rowNumbers(table: Locator): Promise<number[]> {
  const texts = await table.getByRole("rowheader").allTextContents();
  return texts.map((t) => Number(t.replace(/\D/g, "")));
}

/** Confirms and waits for the report. */
export async function send(page: Page, ready: number) {
  await page.getByRole("button", { name: /^Continue with/ }).click();
  await page
    .getByRole("button", { name: `Invite ${ready} worker${ready === 1 ? "" : "s"}` })
    .click();
  await expect(page.getByRole("heading", { name: "Import finished" })).toBeVisible({
    timeout: 90_000,
  });
}

export const summary = (page: Page) =>
  page.getByRole("status").filter({ hasText: /\d+ created · \d+ existing · \d+ refused/ });

/**
 * The summary line reads `text`. When it does not, the error also gives the reason of each row
 * not created (from the page's own table), so a failure on CI says why rows were refused.
 */
export async function expectSummary(page: Page, text: string) {
  try {
    await expect(summary(page)).toHaveText(text);
  } catch (err) {
    const lines: string[] = [];
    for (const kind of ["Refused", "Failed"]) {
      const radio = page.getByRole("radio", { name: new RegExp(`^${kind}`) });
      if ((await radio.count()) === 0) continue;
      await radio.check({ force: true });
      const rows = await page
        .locator("table:has(caption) tbody tr, ul[aria-label='Outcome of each row'] > li")
        .allInnerTexts();
      lines.push(...rows.slice(0, 5).map((r) => `  ${kind}: ${r.replace(/\s+/g, " ").trim()}`));
    }
    (err as Error).message +=
      `\n\nRows not created, as the page reports them:\n${lines.join("\n")}`;
    throw err;
  }
}

/** Every worker whose name, e-mail, phone or external ID holds `q`, paged as the real API. */
export async function workersMatching(api: PortalApi, q: string) {
  const all: { id: number; email: string; first_name: string }[] = [];
  for (let page = 1; ; page++) {
    const { users } = await api.get<{ users: typeof all }>(
      `users?q=${encodeURIComponent(q)}&per=50&page=${page}`,
    );
    all.push(...users);
    if (users.length < 50) return all;
  }
}

/**
 * The page at a phone's and a laptop's width: saved with the test's output (to look at what the
 * step looks like) and checked by axe (no serious or critical WCAG 2 A/AA violation) at each.
 * The laptop width is kept afterwards.
 */
export async function lookAt(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await screenshotForPeople(page, { path: outputPath(`${name}-${width}.png`), fullPage: true });
    await test.step(`axe at ${width} px`, () => expectNoSeriousViolations(page));
  }
}
