import pino from "pino";
import { env } from "@/lib/env";

// Tokens travel in query strings and secrets in bodies: whatever reaches a log line goes
// through this first. A worker's SSN and date of birth are never logged either, as a JSON
// field (also inside a logged JSON text) or as a query parameter; nor is a password.
const SECRET_PATTERNS: [RegExp, string][] = [
  [
    /([?&](?:token|secret_key|(?:current_)?password(?:_confirmation)?|ssn|dob)=)[^&#\s"]*/gi,
    "$1[REDACTED]",
  ],
  [
    /("(?:ssn|dob|(?:current_)?password(?:_confirmation)?)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
    '$1"[REDACTED]"',
  ],
  [
    /(\\"(?:ssn|dob|(?:current_)?password(?:_confirmation)?)\\"\s*:\s*\\")(?:(?!\\").)*(\\")/gi,
    "$1[REDACTED]$2",
  ],
  [/\bsk_(?:test|live)_[A-Za-z0-9_-]+/g, "sk_[REDACTED]"],
  [/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, "$1[REDACTED]"],
];

const SECRET_PARAMS = new Set([
  "token",
  "secret_key",
  "password",
  "password_confirmation",
  "current_password",
  "ssn",
  "dob",
]);

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

type Sink = { logger: pino.Logger; key: string };
let sink: Sink | null = null;

/**
 * The logger (pino): one JSON object per line, `time` in ISO form and `level` by name; every
 * line passes through `redact` on its way out. Info and debug go to stdout, warnings and errors
 * to stderr, or everything to LOG_FILE (appended, one write per line: several processes may
 * share the file). Writes are synchronous: a line is out before the process can exit.
 */
function logger(): pino.Logger {
  const { LOG_LEVEL: level, LOG_FILE: file } = env();
  const key = `${level}|${file ?? ""}`;
  if (sink?.key === key) return sink.logger;
  const stream = file
    ? pino.destination({ dest: file, append: true, sync: true, mkdir: true })
    : pino.multistream(
        [
          { level: "debug", stream: pino.destination({ fd: 1, sync: true }) },
          { level: "warn", stream: pino.destination({ fd: 2, sync: true }) },
        ],
        { dedupe: true },
      );
  const created = pino(
    {
      level,
      base: undefined,
      messageKey: "msg",
      timestamp: () => `,"time":"${new Date().toISOString()}"`,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: redact },
    },
    stream,
  );
  sink = { logger: created, key };
  return created;
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => logger().debug(fields ?? {}, msg),
  info: (msg: string, fields?: Record<string, unknown>) => logger().info(fields ?? {}, msg),
  warn: (msg: string, fields?: Record<string, unknown>) => logger().warn(fields ?? {}, msg),
  error: (msg: string, fields?: Record<string, unknown>) => logger().error(fields ?? {}, msg),
};
