/** Subscriptions a company may hold: each event goes to every one of them. */
export const MAX_WEBHOOKS_PER_COMPANY = 20;

/**
 * Re-sends a company may ask for per hour (each may lead to 1 + WEBHOOK_RETRIES attempts), so
 * a delivery log cannot be turned into a request pump. Over it: 429 with Retry-After.
 */
export const RESEND_LIMIT = { perCompany: 60, windowSeconds: 3_600 };
