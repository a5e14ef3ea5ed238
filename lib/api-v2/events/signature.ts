import { createHash } from "node:crypto";

export const SIGNATURE_HEADER = "X-Wonolo-Webhook-Token";

/**
 * The real service's webhook signature: lowercase hex SHA-256 of the exact body bytes followed
 * by the company's secret key. Receivers written for it verify ours unchanged.
 */
export function webhookSignature(body: string | Uint8Array, secretKey: string): string {
  return createHash("sha256").update(body).update(secretKey, "utf8").digest("hex");
}
