import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { localSecret } from "@/lib/local-secret";

/**
 * AES-256-GCM for the few secrets the service must be able to read back (the API secret keys
 * that sign webhooks, the workers' SSN and date of birth). The key lives outside the database
 * (DATA_ENCRYPTION_KEY or a file in the data folder), so a copy of the database alone reveals
 * nothing.
 */

/**
 * What a sealed value is for: each purpose has its own key derived from the data key, and
 * `label` is written in front of the value (so a reader tells sealed from plain text). `aad`
 * (authenticated, not stored) binds the value to where it belongs: a value moved to another
 * place does not open there.
 */
export type SealUse = { purpose: string; label: string; aad?: string };

const SECRET_BOX: SealUse = { purpose: "secret-box", label: "v1" };

const keys = new Map<string, Buffer>();

function key(purpose: string): Buffer {
  const secret = localSecret("data-encryption-key", env().DATA_ENCRYPTION_KEY);
  const id = `${purpose}\0${secret}`;
  let k = keys.get(id);
  if (!k) {
    // Derived once per purpose and data key: a list of workers opens hundreds of values.
    k = createHash("sha256").update(`employer-portal/${purpose}/v1:${secret}`).digest();
    keys.set(id, k);
  }
  return k;
}

/** `<label>.<12-byte IV>.<16-byte GCM tag>.<ciphertext>`, base64url, a fresh IV each time. */
export function sealFor(use: SealUse, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(use.purpose), iv);
  if (use.aad !== undefined) cipher.setAAD(Buffer.from(use.aad, "utf8"));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [use.label, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The plain text, or null when it was sealed under another key or for another use (or is damaged). */
export function unsealFor(use: SealUse, sealed: string): string | null {
  const [label, iv, tag, data, extra] = sealed.split(".");
  if (label !== use.label || !iv || !tag || data === undefined || extra !== undefined) return null;
  try {
    // A full 16-byte tag only: GCM would otherwise accept a truncated, forgeable one.
    const decipher = createDecipheriv(
      "aes-256-gcm",
      key(use.purpose),
      Buffer.from(iv, "base64url"),
      {
        authTagLength: 16,
      },
    );
    if (use.aad !== undefined) decipher.setAAD(Buffer.from(use.aad, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}

export function seal(plain: string): string {
  return sealFor(SECRET_BOX, plain);
}

/** The plain text, or null when it was sealed under another key (or is damaged). */
export function unseal(sealed: string): string | null {
  const [, , , data] = sealed.split(".");
  // An empty secret was never sealed here.
  if (!data) return null;
  return unsealFor(SECRET_BOX, sealed);
}
