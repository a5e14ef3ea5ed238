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
// through this first.
const SECRET_PATTERNS: [RegExp, string][] = [
  [/([?&](?:token|secret_key|password)=)[^&#\s]*/gi, "$1[REDACTED]"],
  [/\bsk_(?:test|live)_[A-Za-z0-9_-]+/g, "sk_[REDACTED]"],
  [/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, "$1[REDACTED]"],
];

export function redact(text: string): string {
  let out = text;
  for (const [re, rep] of SECRET_PATTERNS) out = out.replace(re, rep);
  return out;
}

function write(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < order[env().LOG_LEVEL]) return;
  const line = redact(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }));
  if (level === "error" || level === "warn") process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
