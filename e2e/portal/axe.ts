import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, screenshotForPeople, test } from "./fixtures";

/**
 * The axe-core the project depends on (4.14), not the one @axe-core/playwright pins (~4.12): its
 * colour contrast is three times quicker (the API reference: 16.1 -> 5.5 s), and the wrapper's
 * own release for it asks for Node 22. `axeSource` is the wrapper's documented way to choose.
 */
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

/** One violation per paragraph: impact, rule, what to do, and every element it found. */
function readable(violations: Violation[]): string {
  return violations
    .map((v) =>
      [
        `[${v.impact}] ${v.id}: ${v.help}`,
        `  ${v.helpUrl}`,
        ...v.nodes.map(
          (n) =>
            `  - ${n.target.join(" ")}\n    ${(n.failureSummary ?? "").replace(/\n\s*/g, "\n    ")}`,
        ),
      ].join("\n"),
    )
    .join("\n\n");
}

/**
 * WCAG 2 A/AA rules; serious and critical findings fail the test, the rest are listed.
 * `strict`: axe's best practices too (one main, one banner, all content in landmarks), and
 * any finding at all fails. `contrastCheckedAtWidth`: the same page in the same colour scheme was
 * checked in full at that other width just before, so colour contrast (three quarters of axe's
 * time on the API reference: 11.2 of 12.6 s) is left out here; what a width changes (reflow,
 * targets, scrolling regions, landmarks) is still checked.
 */
export async function expectNoSeriousViolations(
  page: Page,
  {
    include,
    exclude = [],
    strict = false,
    contrastCheckedAtWidth,
  }: {
    /** Only this part of the page (a selector), e.g. a toast that just appeared. */
    include?: string;
    exclude?: string[];
    strict?: boolean;
    contrastCheckedAtWidth?: number;
  } = {},
) {
  // Speed, measured on the API reference (29,554 elements, strict): 61 s with the defaults,
  // 21 s with both of these. Only violations listed in full (passes and the rest keep one node
  // each instead of thousands, each with a unique selector computed); violations are found
  // exactly as before. And, on a page without frames, axe.run in the page itself (legacy mode:
  // no blank page to gather the frames' partial results in, and no transfer of them). A page
  // with a frame (the outbox's sandboxed mail preview, which runs no script and so cannot
  // answer axe's messages) keeps the default, which reaches into frames from outside.
  const frames = await page.locator("iframe").count();
  // (options() replaces the whole options object, runOnly included: withTags comes after it.)
  const builder = new AxeBuilder({ page, axeSource })
    .options({ resultTypes: ["violations"] })
    .withTags(strict ? ["wcag2a", "wcag2aa", "best-practice"] : ["wcag2a", "wcag2aa"])
    .setLegacyMode(frames === 0);
  if (include) builder.include(include);
  for (const selector of exclude) builder.exclude(selector);
  if (contrastCheckedAtWidth !== undefined) builder.disableRules(["color-contrast"]);
  const { violations } = await builder.analyze();
  const failing = strict
    ? violations
    : violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const minor = violations.filter((v) => !failing.includes(v));
  if (minor.length > 0) {
    test.info().annotations.push({ type: "axe (minor/moderate)", description: readable(minor) });
  }
  expect(
    failing.map((v) => v.id),
    `axe found:\n\n${readable(failing)}`,
  ).toEqual([]);
}

/** Waits for the CSS transitions running now (a colour scheme switch runs them) to end. */
export async function transitionsEnded(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Axe and a full-page screenshot at a desktop (1280) and a phone (390) width, then in dark mode
 * at the desktop width once the colour transitions have ended (axe measured mid-transition
 * colours otherwise). Screenshots go to the test's output folder as `<name>-<width|dark>.png`.
 */
export async function checkWidthsAndDark(page: Page, name: string) {
  const dir = test.info().outputPath();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await expectNoSeriousViolations(page);
    await screenshotForPeople(page, { path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "dark" });
  await transitionsEnded(page);
  await expectNoSeriousViolations(page);
  await screenshotForPeople(page, { path: `${dir}/${name}-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
}
