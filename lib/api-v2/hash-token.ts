import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export function hashToken(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** URL-safe random string; 32 bytes give 43 characters. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/**
 * Constant-time equality of two hex digests. Anything that is not whole, non-empty hex is
 * unequal: Buffer.from(…, "hex") stops silently at the first bad character, so without this
 * check "abc" and "abd" (or two different non-hex strings) would compare equal.
 */
export function safeEqualHex(a: string, b: string): boolean {
  if (!HEX.test(a) || !HEX.test(b)) return false;
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Constant-time equality of two secrets of any length: their SHA-256 digests are compared, so
 * neither the position of the first difference nor the length of either reaches the timing.
 */
export function safeEqualText(a: string, b: string): boolean {
  const x = createHash("sha256").update(a, "utf8").digest();
  const y = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(x, y);
}
