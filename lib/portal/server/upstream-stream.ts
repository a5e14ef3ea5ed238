import "server-only";
import { env } from "@/lib/env";
import { log, redact } from "@/lib/log";
import { embeddedApi } from "@/lib/net/embedded-api";
import { portalClientHeaders } from "@/lib/net/portal-client";
import { normalizeError } from "@/lib/portal/normalize";
import type { Environment } from "@/lib/portal/server/session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import type { PortalError } from "@/lib/portal/types";

export type UpstreamStream =
  | { ok: true; body: ReadableStream<Uint8Array> }
  | { ok: false; status: number; error: PortalError; headers: Headers };

const EVENT_STREAM = "text/event-stream";

/**
 * Opens a long-lived upstream answer (Server-Sent Events) with the session's token as a Bearer
 * header: the one call that upstreamFetch, which reads whole answers within a timeout, cannot
 * make. Only the wait for the answer's head is timed; the body lasts as long as `signal` lets
 * it, and aborting `signal` closes the upstream request (over HTTP, or in this process for the
 * embedded API, whose stream then ends its subscription). The caller cancels the body too. A refusal comes back in the house
 * error shape, as upstreamFetch gives it.
 */
export async function upstreamStream(
  environment: Environment,
  path: string,
  opts: { token: string; signal: AbortSignal; client?: string | null },
): Promise<UpstreamStream> {
  const { base, embedded } = upstreamFor(environment);
  const url = `${base}/api_v2/${path.replace(/^\/+/, "")}`;
  const headers: Record<string, string> = {
    accept: EVENT_STREAM,
    authorization: `Bearer ${opts.token}`,
    ...(embedded && { "accept-encoding": "identity" }),
    ...(embedded && opts.client && portalClientHeaders(opts.client)),
  };
  const fail = (status: number, error: PortalError, why: string): UpstreamStream => {
    log.warn("upstream stream failed", { url: redact(url), why });
    return { ok: false, status, error, headers: new Headers() };
  };
  // One controller for the whole exchange: the caller's signal, or no head in time, ends it.
  const ctl = new AbortController();
  const stop = () => ctl.abort(opts.signal.reason);
  if (opts.signal.aborted) stop();
  opts.signal.addEventListener("abort", stop, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctl.abort(new DOMException("no answer in time", "TimeoutError"));
  }, env().UPSTREAM_TIMEOUT_MS);
  const inProcess = embedded ? embeddedApi() : null;
  let res: Response;
  try {
    const request = new Request(url, { headers, signal: ctl.signal });
    const answer = inProcess
      ? inProcess(request)
      : fetch(request, { redirect: "manual", cache: "no-store" });
    res = await Promise.race([
      answer,
      new Promise<never>((_, reject) => {
        if (ctl.signal.aborted) reject(ctl.signal.reason);
        ctl.signal.addEventListener("abort", () => reject(ctl.signal.reason), { once: true });
      }),
    ]);
  } catch (err) {
    if (timedOut) {
      return fail(
        504,
        { code: "upstream_timeout", message: "The API did not answer in time." },
        "timeout",
      );
    }
    return fail(
      502,
      { code: "upstream_unavailable", message: "The API cannot be reached right now." },
      err instanceof Error ? err.message : String(err),
    );
  } finally {
    clearTimeout(timer);
  }
  const type = res.headers.get("content-type") ?? "";
  if (res.ok && res.body && type.startsWith(EVENT_STREAM)) return { ok: true, body: res.body };
  if (res.ok || res.status < 400) {
    await res.body?.cancel().catch(() => {});
    return fail(
      502,
      {
        code: "upstream_bad_answer",
        message: "The API answered with something the portal cannot read.",
      },
      `HTTP ${res.status}, ${type || "no content type"}`,
    );
  }
  let body: unknown = null;
  try {
    body = JSON.parse(await res.text());
  } catch {
    body = null;
  }
  const status = res.status >= 500 && res.status !== 503 && res.status !== 504 ? 502 : res.status;
  return { ok: false, status, error: normalizeError(res.status, body), headers: res.headers };
}
