import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";
import { expect, hydrated, type PortalApi, test } from "./fixtures";

/** The bulk invite's steps as a person takes them, shared by the import journeys. */

/**
 * US numbers in the 555 exchange (the demo's seeded workers never use it), a block of them per
 * file: a random area code and block, never the same twice in one run.
 */
const AREA_CODES = ["415", "628", "510", "650", "408", "707", "925", "831", "209", "559"];
const usedBlocks = new Set<string>();
export function phoneBlock(size: number): (i: number) => string {
  const blocks = Math.floor(10_000 / size);
  for (;;) {
    const area = AREA_CODES[Math.floor(Math.random() * AREA_CODES.length)]!;
    const block = Math.floor(Math.random() * blocks);
    const key = `${area}-${block}`;
    if (usedBlocks.has(key)) continue;
    usedBlocks.add(key);
    return (i) => {
      const line = String(block * size + i).padStart(4, "0");
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
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
    await test.step(`axe at ${width} px`, () => expectNoSeriousViolations(page));
  }
}
