import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

const cache = new Map<string, string>();

/**
 * A secret from configuration when given; otherwise one generated on first use and kept in the
 * data folder (mode 0600), so a local `npm start` needs no setup and the secret survives
 * restarts. Several instances on one PostgreSQL database must be given the same value.
 */
export function localSecret(fileName: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.resolve(env().DATA_DIR, fileName);
  const hit = cache.get(file);
  if (hit) return hit;
  let secret: string | undefined;
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 32) secret = existing;
  } catch {
    // Not there yet: create it below.
  }
  if (!secret) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const fresh = randomBytes(32).toString("base64url");
    try {
      fs.writeFileSync(file, fresh, { mode: 0o600, flag: "wx" });
      secret = fresh;
    } catch {
      // Another process wrote it first: use theirs.
      secret = fs.readFileSync(file, "utf8").trim();
    }
  }
  cache.set(file, secret);
  return secret;
}
