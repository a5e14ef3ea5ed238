import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys, tokens } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { environmentOfKey } from "@/lib/schemas/auth";
import { ApiError } from "../errors";
import { formatSecondsZ } from "../format";
import { hashToken, randomToken, safeEqualHex, safeEqualText } from "../hash-token";
import { consumeRateLimit } from "../rate-limit";
import { seal, unseal } from "../secret-box";
import { consumeSignInAddressLimit } from "./address-limit";

const invalid = () => new ApiError("invalid_credentials", "The API key or secret key is not valid");

/** Exchanges a key pair for a token valid TOKEN_TTL_SECONDS (24 hours by default). */
export async function authenticate(
  db: Db,
  creds: { apiKey: string; secretKey: string },
  meta: { clientAddress: string | null; now: Date },
): Promise<{ token: string; expires_at: string }> {
  const e = env();
  // One key, one counter: the limit is counted on the key exactly as it is looked up, so
  // " pk_…" and "pk_…\n" do not each get a fresh allowance (credentialsOf trims too).
  const apiKey = creds.apiKey.trim();
  const secretKey = creds.secretKey.trim();
  const window = e.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  await consumeSignInAddressLimit(db, meta.clientAddress, meta.now);
  await consumeRateLimit(
    db,
    `auth:key:${hashToken(apiKey)}`,
    e.AUTH_RATE_LIMIT_PER_KEY,
    window,
    meta.now,
  );

  const pkEnv = environmentOfKey(apiKey);
  const skEnv = environmentOfKey(secretKey);
  if (!apiKey.startsWith("pk_") || !secretKey.startsWith("sk_") || !pkEnv || !skEnv)
    throw invalid();
  if (pkEnv !== e.API_ENVIRONMENT || skEnv !== e.API_ENVIRONMENT) {
    throw new ApiError(
      "environment_mismatch",
      `This is the ${e.API_ENVIRONMENT} environment: use pk_${e.API_ENVIRONMENT}_… and sk_${e.API_ENVIRONMENT}_… keys`,
    );
  }
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.publicKey, apiKey)).limit(1);
  // Compare even when the key is unknown, so timing does not tell which half was wrong.
  const presented = hashToken(secretKey);
  const matches = safeEqualHex(presented, key?.secretHash ?? "0".repeat(64));
  if (!key || !matches || key.revokedAt) throw invalid();
  const sealed = key.secretSealed ? unseal(key.secretSealed) : null;
  if (sealed === null || !safeEqualText(sealed, secretKey)) {
    // Keys issued before webhooks existed (or sealed under an older data key): keep the secret
    // sealed now that we see it, so deliveries can be signed with it.
    await db
      .update(apiKeys)
      .set({ secretSealed: seal(secretKey) })
      .where(eq(apiKeys.id, key.id));
  }

  const token = randomToken();
  // Whole seconds, so the stored expiry is exactly what clients parse from expires_at.
  const expiresAt = new Date(
    Math.floor(meta.now.getTime() / 1000) * 1000 + e.TOKEN_TTL_SECONDS * 1000,
  );
  await db
    .insert(tokens)
    .values({ tokenHash: hashToken(token), apiKeyId: key.id, createdAt: meta.now, expiresAt });
  return { token, expires_at: formatSecondsZ(expiresAt) };
}
