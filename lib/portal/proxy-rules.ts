/**
 * What the browser may ask the API for through the portal: nothing else passes the proxy.
 * Paths are relative to /api_v2.
 */
const ALLOWED: [method: string, path: RegExp][] = [
  ["GET", /^me$/],
  ["GET", /^users$/],
  ["POST", /^users\/invite$/],
  ["GET", /^users\/\d{1,10}$/],
  ["PATCH", /^users\/\d{1,10}$/],
  ["GET", /^badges$/],
  ["POST", /^badges$/],
  ["GET", /^badges\/\d{1,10}$/],
  ["GET", /^jobs$/],
  ["GET", /^job_requests$/],
  ["GET", /^users\/\d{1,10}\/history$/],
  // The events pages: the demo outbox, webhook subscriptions and their deliveries.
  ["GET", /^mails$/],
  ["GET", /^webhooks$/],
  ["POST", /^webhooks$/],
  ["DELETE", /^webhooks\/\d{1,10}$/],
  ["GET", /^webhook_deliveries$/],
  ["POST", /^webhook_deliveries\/\d{1,10}\/resend$/],
];

export function proxyAllows(method: string, path: string): boolean {
  const clean = path.replace(/^\/+|\/+$/g, "");
  if (clean.split("/").some((s) => s === ".." || s === "." || s === "")) return false;
  return ALLOWED.some(([m, re]) => m === method.toUpperCase() && re.test(clean));
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard: a state-changing call must come from a page of this same
 * origin. Browsers always send Origin on such fetches; a missing one is refused too.
 */
export function originAllowed(method: string, origin: string | null, host: string | null): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
