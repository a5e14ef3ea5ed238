// Makes sure a Chromium is there for the Playwright suite: the Debian package, or the one
// CHROMIUM_PATH names. Playwright's own browser download is not used (it needs network access
// to a CDN these machines may not have, and the distribution's build is what CI runs).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const wanted = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function executable(p) {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function onPath(cmd) {
  return spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
}

if (executable(wanted)) process.exit(0);

if (process.env.CHROMIUM_PATH) {
  console.error(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable file.`);
  process.exit(1);
}

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
if (isRoot && onPath("apt-get")) {
  console.warn("Chromium is missing: installing it with apt-get (Debian package 'chromium')…");
  const r = spawnSync("sh", ["-c", "apt-get update && apt-get install -y chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (r.status === 0 && !executable(wanted)) {
    console.error(`apt-get finished, but ${wanted} is still missing. Set CHROMIUM_PATH.`);
    process.exit(1);
  }
  process.exit(r.status ?? 1);
}

console.error(
  `No Chromium at ${wanted}. Install Chromium (Debian: apt-get install chromium) or set CHROMIUM_PATH to its executable.`,
);
process.exit(1);
