import fs from "node:fs";
import path from "node:path";

/**
 * The test suite's check that no secret reached a log. Every process of a run (the test
 * workers, the servers and commands they start) appends its log lines to files in LOG_DIR
 * (LOG_FILE), and every token and secret key the tests are issued is noted in
 * ISSUED_SECRETS_FILE; at the end of the run the logs are searched for both the noted values
 * and anything shaped like a secret that was not redacted.
 */
export const LOG_DIR = path.join(process.cwd(), "test-results", "logs");
export const ISSUED_SECRETS_FILE = path.join(LOG_DIR, "issued-secrets.txt");

/** Notes a secret the tests were given, so the end-of-run scan looks for it in every log. */
export function noteIssuedSecret(...values: (string | null | undefined)[]): void {
  const lines = values.filter((v): v is string => typeof v === "string" && v.length >= 12);
  if (lines.length === 0 || !fs.existsSync(LOG_DIR)) return;
  fs.appendFileSync(ISSUED_SECRETS_FILE, `${lines.join("\n")}\n`);
}

const SHAPES: [name: string, re: RegExp][] = [
  ["secret key (sk_…)", /\bsk_(?:test|live)_(?!\[REDACTED\])[A-Za-z0-9]/],
  [
    "secret query parameter",
    /[?&](?:token|secret_key|password)=(?!\[REDACTED\]|%5BREDACTED)[^&"\s]/i,
  ],
  ["bearer token", /\bBearer\s+(?!\[REDACTED\])[A-Za-z0-9._~+/-]{8,}/],
  ["token/password field", /"(?:token|secret_key|password)"\s*:\s*"(?!\[REDACTED\])[^"]{8,}"/i],
];

export type Finding = { file: string; line: number; what: string };

/**
 * Finds secrets in the given files. A finding names the file, line and kind, never the value,
 * so the report of a leak does not leak it again.
 */
export function scanForSecrets(files: string[], known: string[]): Finding[] {
  const findings: Finding[] = [];
  const needles = [...new Set(known.filter((k) => k.length >= 12))];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    const lines = fs.readFileSync(file, "utf8").split("\n");
    lines.forEach((text, i) => {
      for (const [what, re] of SHAPES)
        if (re.test(text)) findings.push({ file, line: i + 1, what });
      for (const needle of needles)
        if (text.includes(needle)) findings.push({ file, line: i + 1, what: "an issued secret" });
    });
  }
  return findings;
}

export function logFiles(dir = LOG_DIR): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".log") || f.endsWith(".out"))
    .map((f) => path.join(dir, f));
}

export function readIssuedSecrets(file = ISSUED_SECRETS_FILE): string[] {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, "utf8").split("\n").filter(Boolean);
}

export function describeFindings(findings: Finding[]): string {
  const shown = findings
    .slice(0, 20)
    .map((f) => `  ${path.relative(process.cwd(), f.file)}:${f.line}: ${f.what}`);
  return `${findings.length} secret(s) found in the run's logs:\n${shown.join("\n")}`;
}
