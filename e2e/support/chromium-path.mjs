// Which Chromium the browser journeys run in. CHROMIUM_PATH when set; otherwise Debian's
// `chromium-headless-shell` (Chromium's old headless mode, the build Playwright itself runs for
// headless tests: no browser UI behind the page), else Debian's full `chromium` in its new
// headless mode. Measured on 2026-11-29 (three journey files, 25 journeys, 2-core machine):
// 164 CPU-seconds and 104 s with the full browser, 138 and 89 s with the shell. The shell cannot
// open a window: for `--headed` or `PWDEBUG=1`, set CHROMIUM_PATH=/usr/bin/chromium.
import fs from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

export function isExecutableFile(p) {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** The executable to launch, or the one to install when none is there. */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return [HEADLESS_SHELL, FULL_CHROMIUM].find(isExecutableFile) ?? HEADLESS_SHELL;
}
