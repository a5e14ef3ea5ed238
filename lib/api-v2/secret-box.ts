import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import { env } from "@/lib/env";
import { localSecret } from "@/lib/local-secret";

/**
 * AES-256-GCM for the few secrets the service must be able to read back (the API secret keys
 * that sign webhooks). The key lives outside the database (DATA_ENCRYPTION_KEY or a file in
 * the data folder), so a copy of the database alone reveals nothing.
 */
function key(): Buffer {
  const secret = localSecret("data-encryption-key", env().DATA_ENCRYPTION_KEY);
  return createHash("sha256").update(`employer-portal/secret-box/v1:${secret}`).digest();
}

export function seal(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The plain text, or null when it was sealed under another key (or is damaged). */
export function unseal(sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
