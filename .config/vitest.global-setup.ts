import fs from "node:fs";
import {
  describeFindings,
  ISSUED_SECRETS_FILE,
  LOG_DIR,
  logFiles,
  readIssuedSecrets,
  scanForSecrets,
} from "../e2e/support/secret-scan";

/**
 * Every log line of the run goes to LOG_DIR (see `LOG_FILE` in the config's env); at the end,
 * no token, secret key or password may be found there: neither one the tests were issued nor
 * anything shaped like one.
 */
// Each project of the run calls setup and teardown: the logs are cleared by the first setup
// and searched by the last teardown, once every project is done.
const run = globalThis as { __secretScanProjects?: number };

export function setup() {
  run.__secretScanProjects = (run.__secretScanProjects ?? 0) + 1;
  if (run.__secretScanProjects > 1) return;
  fs.rmSync(LOG_DIR, { recursive: true, force: true });
  fs.mkdirSync(LOG_DIR, { recursive: true });
  fs.writeFileSync(ISSUED_SECRETS_FILE, "");
}

export function teardown() {
  run.__secretScanProjects = (run.__secretScanProjects ?? 1) - 1;
  if (run.__secretScanProjects > 0) return;
  const files = logFiles();
  const known = readIssuedSecrets();
  const lines = files.reduce((n, f) => n + fs.readFileSync(f, "utf8").split("\n").length - 1, 0);
  const findings = scanForSecrets(files, known);
  process.stdout.write(
    `\n[secrets] ${lines} log lines from ${files.length} file(s) searched for ${known.length} issued secrets and secret shapes: ${findings.length} found\n`,
  );
  if (findings.length > 0) {
    process.stderr.write(`${describeFindings(findings)}\n`);
    process.exitCode = 1;
  }
}
