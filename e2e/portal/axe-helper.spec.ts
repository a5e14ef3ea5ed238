import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./axe";

/**
 * The journeys' axe helper (./axe.ts) runs axe in the page itself when it has no frame and
 * lists only violations in full, for speed: it must still fail on a serious violation, on a
 * page with a frame (the default way in) and without one (in the page).
 */
const html = (frame: string) =>
  `<html lang="en"><head><title>axe</title></head><body><main><h1>Checked</h1>
    <p style="color:#bbb;background:#fff">Low contrast</p><img src="data:,">${frame}</main></body></html>`;

for (const [name, frame] of [
  ["a page without frames", ""],
  ["a page with a frame", "<iframe srcdoc='<p>Inside</p>' title='Inside'></iframe>"],
] as const) {
  test(`the axe helper fails on serious violations: ${name}`, async ({ page }) => {
    await page.setContent(html(frame));
    const failure = await expectNoSeriousViolations(page).then(
      () => "",
      (e: unknown) => String(e),
    );
    expect(failure).toContain("color-contrast");
    expect(failure).toContain("image-alt");
    // The axe the project depends on ran, not the older one the wrapper pins (./axe.ts).
    const { version } = require("axe-core/package.json") as { version: string };
    expect(
      await page.evaluate(() => (window as unknown as { axe: { version: string } }).axe.version),
    ).toBe(version);
  });
}
