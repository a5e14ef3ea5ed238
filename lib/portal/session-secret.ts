import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

let cached: string | undefined;

/**
 * SESSION_SECRET when set; otherwise a random secret generated on first use and kept in the
 * data folder (mode 0600), so a local `npm start` needs no setup and sessions survive restarts.
 */
export function sessionSecret(): string {
  if (cached) return cached;
  const configured = env().SESSION_SECRET;
  if (configured) {
    cached = configured;
    return cached;
  }
  const file = path.resolve(env().DATA_DIR, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) {
      cached = existing;
      return cached;
    }
  } catch {
    // Not there yet: create it below.
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    cached = secret;
  } catch {
    // Another process wrote it first: use theirs.
    cached = fs.readFileSync(file, "utf8").trim();
  }
  return cached;
}
