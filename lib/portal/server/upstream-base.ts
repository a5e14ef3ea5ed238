import "server-only";
import { env } from "@/lib/env";
import { isLoopbackHost } from "@/lib/net/loopback";
import type { Environment } from "@/lib/portal/server/session";

export class UpstreamConfigError extends Error {}

/** An upstream must be https, except on this machine (the embedded API, a local test server). */
export function checkUpstreamUrl(raw: string): URL {
  const url = new URL(raw);
  if (url.protocol === "https:") return url;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return url;
  throw new UpstreamConfigError(
    `Upstream ${url.origin} must use https:// (plain http only on loopback)`,
  );
}

/** The embedded API: this same server, reached over loopback. */
function embeddedBase(): string {
  const { HOST, PORT } = env();
  const host = HOST === "0.0.0.0" || HOST === "::" || HOST === "localhost" ? "127.0.0.1" : HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${PORT}`;
}

/** The keys' prefix chooses the environment, and the environment the upstream. */
export function upstreamFor(environment: Environment): { base: string; embedded: boolean } {
  const e = env();
  const configured = environment === "live" ? e.API_BASE_URL_LIVE : e.API_BASE_URL_TEST;
  if (configured) {
    // Accept the base with or without the /api_v2 suffix.
    const base = checkUpstreamUrl(configured)
      .toString()
      .replace(/\/+$/, "")
      .replace(/\/api_v2$/, "");
    return { base, embedded: false };
  }
  return { base: embeddedBase(), embedded: true };
}
