import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

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
 * any finding at all fails.
 */
export async function expectNoSeriousViolations(
  page: Page,
  { exclude = [], strict = false }: { exclude?: string[]; strict?: boolean } = {},
) {
  const builder = new AxeBuilder({ page }).withTags(
    strict ? ["wcag2a", "wcag2aa", "best-practice"] : ["wcag2a", "wcag2aa"],
  );
  for (const selector of exclude) builder.exclude(selector);
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
