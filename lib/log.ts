import fs from "node:fs";
import { env } from "@/lib/env";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level | "silent", number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

// Tokens travel in query strings and secrets in bodies: whatever reaches a log line goes
// through this first. A worker's SSN and date of birth are never logged either, as a JSON
// field (also inside a logged JSON text) or as a query parameter.
const SECRET_PATTERNS: [RegExp, string][] = [
  [/([?&](?:token|secret_key|password|ssn|dob)=)[^&#\s"]*/gi, "$1[REDACTED]"],
  [/("(?:ssn|dob)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi, '$1"[REDACTED]"'],
  [/(\\"(?:ssn|dob)\\"\s*:\s*\\")(?:(?!\\").)*(\\")/gi, "$1[REDACTED]$2"],
  [/\bsk_(?:test|live)_[A-Za-z0-9_-]+/g, "sk_[REDACTED]"],
  [/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, "$1[REDACTED]"],
];

const SECRET_PARAMS = new Set(["token", "secret_key", "password", "ssn", "dob"]);

/**
 * A request path fit for a log: the values of secret query parameters replaced, whatever
 * spelling the client used for their names (`tok%65n=` is `token=` to the server too).
 */
export function redactPath(url: string): string {
  const q = url.indexOf("?");
  if (q < 0) return url;
  const hash = url.indexOf("#", q);
  const query = url.slice(q + 1, hash < 0 ? undefined : hash);
  const parts = query.split("&").map((part) => {
    const eq = part.indexOf("=");
    const rawName = eq < 0 ? part : part.slice(0, eq);
    let name: string;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      name = rawName;
    }
    return SECRET_PARAMS.has(name.trim().toLowerCase()) ? `${rawName}=[REDACTED]` : part;
  });
  return `${url.slice(0, q)}?${parts.join("&")}`;
}

export function redact(text: string): string {
  let out = text;
  for (const [re, rep] of SECRET_PATTERNS) out = out.replace(re, rep);
  return out;
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < order[env().LOG_LEVEL]) return;
  const line = redact(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
  const file = env().LOG_FILE;
  // One append per line (O_APPEND): several processes may share the file.
  if (file) fs.appendFileSync(file, `${line}\n`);
  else if (level === "error" || level === "warn") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
