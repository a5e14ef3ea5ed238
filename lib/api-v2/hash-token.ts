import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function hashToken(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** URL-safe random string; 32 bytes give 43 characters. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}
