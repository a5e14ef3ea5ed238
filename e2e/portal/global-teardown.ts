import fs from "node:fs";
import path from "node:path";
import { describeFindings, scanForSecrets } from "../support/secret-scan";

/**
 * The suite's servers (one per worker, start-server.mjs) wrote every log line to test-results/portal-logs:
 * none may hold a token, a secret key or a password — each server's demo secret keys included.
 */
export default function globalTeardown() {
  const results = path.join(process.cwd(), "test-results");
  const slots = fs
    .readdirSync(results)
    .map((f) => /^e2e-server-(\d+)\.json$/.exec(f)?.[1])
    .filter((s): s is string => s !== undefined);
  const files = slots
    .flatMap((s) => [`portal-server-${s}.log`, `portal-server-${s}.out`])
    .map((f) => path.join(results, "portal-logs", f))
    .filter((f) => fs.existsSync(f));
  const known: string[] = [];
  for (const s of slots) {
    try {
      const pointer = JSON.parse(
        fs.readFileSync(path.join(results, `e2e-server-${s}.json`), "utf8"),
      ) as { dataDir: string };
      const keys = JSON.parse(
        fs.readFileSync(path.join(pointer.dataDir, "demo-keys.json"), "utf8"),
      );
      known.push(keys.private.secret_key, keys.public.secret_key);
    } catch {
      // That server is already gone: the shapes still catch any sk_… value.
    }
  }
  const lines = files.reduce((n, f) => n + fs.readFileSync(f, "utf8").split("\n").length - 1, 0);
  const findings = scanForSecrets(files, known);
  process.stdout.write(
    `[secrets] portal servers (${slots.length}): ${lines} log lines searched for ${known.length} known secrets and secret shapes: ${findings.length} found\n`,
  );
  if (findings.length > 0) throw new Error(describeFindings(findings));
}
