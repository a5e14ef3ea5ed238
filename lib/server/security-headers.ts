import { randomBytes } from "node:crypto";
import type http from "node:http";

/**
 * Security headers for every response of our server, set before Next handles the request.
 *
 * Pages get a Content-Security-Policy with a fresh nonce: Next reads the policy from the
 * request's own `content-security-policy` header and puts the nonce on every script it emits
 * (which is why every page renders dynamically). No inline script runs without it, and with
 * 'strict-dynamic' only scripts those load may load more. Styles allow 'unsafe-inline': React
 * renders `style` attributes and the map positions its tiles with them; style injection cannot
 * run code. API answers (JSON) get a policy that allows nothing at all.
 */
type SecurityOptions = {
  dev: boolean;
  /** Origin of the map tiles (MAP_TILE_URL), allowed as images. */
  tileOrigin: string | null;
};

const API_PREFIXES = ["/api_v2/", "/api/"];
const isApiPath = (path: string) =>
  path === "/api_v2" || API_PREFIXES.some((p) => path.startsWith(p));

function pagePolicy(nonce: string, opts: SecurityOptions): string {
  const script = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`];
  // React's development build evaluates code to rebuild server stacks; never in production.
  if (opts.dev) script.push(`'unsafe-eval'`);
  return [
    `default-src 'self'`,
    `script-src ${script.join(" ")}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${opts.tileOrigin ? ` ${opts.tileOrigin}` : ""}`,
    `font-src 'self'`,
    `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join("; ");
}

const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

export function tileOriginOf(tileUrl: string): string | null {
  try {
    const u = new URL(tileUrl.replace(/\{[a-z]\}/gi, "0"));
    return u.protocol === "https:" || u.protocol === "http:" ? u.origin : null;
  } catch {
    return null;
  }
}

export function applySecurityHeaders(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  opts: SecurityOptions,
): void {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  res.setHeader("X-Content-Type-Options", "nosniff");
  // Cross-site requests (map tiles) carry our origin only, never a path or query.
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  res.setHeader("Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=()");
  // Browsers keep to https once they have seen this over https (ignored over plain http).
  if (!opts.dev) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  if (isApiPath(path)) {
    res.setHeader("Content-Security-Policy", API_POLICY);
    return;
  }
  if (path.startsWith("/_next/static/")) return;
  const nonce = randomBytes(16).toString("base64");
  const policy = pagePolicy(nonce, opts);
  req.headers["content-security-policy"] = policy;
  res.setHeader("Content-Security-Policy", policy);
}
