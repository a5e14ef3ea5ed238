import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { hashToken } from "../../hash-token";

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, a 30-second step. */
const PERIOD = 30;

const totpOf = (secretBase32: string, label = "") =>
  new TOTP({
    issuer: "Staffing portal",
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** A fresh 160-bit secret (base32) and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(label: string): { secret: string; otpauth_uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauth_uri: totpOf(secret, label).toString() };
}

/**
 * The time step a six-digit code belongs to, within one step either side of now; null when it
 * matches none. The caller accepts a step only if it is newer than the last one accepted.
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

export const RECOVERY_CODE_COUNT = 10;

/** A recovery code as typed: case, spaces and dashes do not matter. */
export const normalRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

export const hashRecoveryCode = (code: string) => hashToken(`recovery:${normalRecoveryCode(code)}`);

/** Ten codes of 50 random bits each, shown as xxxxx-xxxxx. */
export function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
