// Makes sure a Chromium is there for the Playwright suite: the one CHROMIUM_PATH names, or
// Debian's headless shell, or Debian's full browser (./support/chromium-path.mjs says which is
// used). Playwright's own browser download is not used (it needs network access to a CDN these
// machines may not have, and the distribution's build is what CI runs).
import { spawnSync } from "node:child_process";
import { chromiumPath, HEADLESS_SHELL, isExecutableFile } from "./support/chromium-path.mjs";

const wanted = chromiumPath();

function onPath(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

if (isExecutableFile(wanted)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`);
  process.exit(1);
}

// Neither browser is there: install the lighter one.
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && onPath("apt-get")) {
  console.warn(
    "Chromium is missing: installing it with apt-get (Debian package 'chromium-headless-shell')…",
  );
  const install = "apt-get install -y --no-install-recommends chromium-headless-shell";
  const r = spawnSync("sh", ["-c", `${install} || (apt-get update && ${install})`], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (r.status === 0 && !isExecutableFile(HEADLESS_SHELL)) {
    console.error(`apt-get finished, but ${HEADLESS_SHELL} is still missing. Set CHROMIUM_PATH.`);
    process.exit(1);
  }
  process.exit(r.status ?? 1);
}

console.error(
  `No Chromium at ${wanted}. Install it (Debian: apt-get install chromium-headless-shell, or chromium) or set CHROMIUM_PATH to its executable.`,
);
process.exit(1);
