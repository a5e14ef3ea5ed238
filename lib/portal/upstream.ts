import "server-only";
import { env } from "@/lib/env";
import { log, redact } from "@/lib/log";
import { normalizeError } from "./normalize";
import type { Environment } from "./session";
import type { PortalError } from "./types";
import { upstreamFor } from "./upstream-base";

export type UpstreamResult =
  | { ok: true; status: number; body: unknown; headers: Headers }
  | { ok: false; status: number; error: PortalError; headers: Headers };

type Options = {
  method?: string;
  token?: string;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
};

/**
 * The one way the portal reaches the API: adds the token (as a Bearer header, so it stays out
 * of URLs and upstream access logs), applies a timeout, and turns every failure into the house
 * error shape. `path` is relative to /api_v2 and may carry a query string.
 */
export async function upstreamFetch(
  environment: Environment,
  path: string,
  opts: Options = {},
): Promise<UpstreamResult> {
  const { base } = upstreamFor(environment);
  const url = `${base}/api_v2/${path.replace(/^\/+/, "")}`;
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = opts.contentType ?? "application/json";
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? "GET",
      headers,
      body: opts.body,
      redirect: "manual",
      cache: "no-store",
      signal: AbortSignal.timeout(env().UPSTREAM_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut =
      err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    log.warn("upstream unreachable", {
      url: redact(url),
      err: err instanceof Error ? err.message : String(err),
    });
    return {
      ok: false,
      status: timedOut ? 504 : 502,
      headers: new Headers(),
      error: timedOut
        ? {
            code: "upstream_timeout",
            message: "The API did not answer in time. Try again in a moment.",
          }
        : {
            code: "upstream_unavailable",
            message: "The API cannot be reached right now. Try again in a moment.",
          },
    };
  }
  const text = await res.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  log.debug("upstream", {
    method: opts.method ?? "GET",
    url: redact(url),
    status: res.status,
    ms: Math.round(performance.now() - started),
  });
  if (res.ok) return { ok: true, status: res.status, body, headers: res.headers };
  return {
    ok: false,
    status: res.status,
    error: normalizeError(res.status, body),
    headers: res.headers,
  };
}
