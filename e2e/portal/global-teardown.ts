import fs from "node:fs";
import path from "node:path";
import { describeFindings, LOG_DIR, scanForSecrets } from "../support/secret-scan";

/**
 * The suite's server wrote every log line to test-results/logs (start-server.mjs): none may hold
 * a token, a secret key or a password — the demo's own secret keys included.
 */
export default function globalTeardown() {
  const files = ["portal-server.log", "portal-server.out"].map((f) => path.join(LOG_DIR, f));
  const known: string[] = [];
  try {
    const pointer = JSON.parse(
      fs.readFileSync(path.join(process.cwd(), "test-results", "e2e-server.json"), "utf8"),
    ) as { dataDir: string };
    const keys = JSON.parse(fs.readFileSync(path.join(pointer.dataDir, "demo-keys.json"), "utf8"));
    known.push(keys.private.secret_key, keys.public.secret_key);
  } catch {
    // The server is already gone: the shapes still catch any sk_… value.
  }
  const lines = files
    .filter((f) => fs.existsSync(f))
    .reduce((n, f) => n + fs.readFileSync(f, "utf8").split("\n").length - 1, 0);
  const findings = scanForSecrets(files, known);
  process.stdout.write(
    `[secrets] portal server: ${lines} log lines searched for ${known.length} known secrets and secret shapes: ${findings.length} found\n`,
  );
  if (findings.length > 0) throw new Error(describeFindings(findings));
}
