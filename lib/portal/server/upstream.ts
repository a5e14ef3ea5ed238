import "server-only";
import { env } from "@/lib/env";
import { log, redact } from "@/lib/log";
import { embeddedApi } from "@/lib/net/embedded-api";
import { portalClientHeaders } from "@/lib/net/portal-client";
import { knownText } from "@/lib/net/response-text";
import { normalizeError } from "@/lib/portal/normalize";
import type { Environment } from "@/lib/portal/server/session";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import type { PortalError } from "@/lib/portal/types";

export type UpstreamResult =
  | {
      ok: true;
      status: number;
      body: unknown;
      /** The answer's JSON text as it came (checked by `expect`): passed on without re-encoding. */
      text: string;
      headers: Headers;
    }
  | { ok: false; status: number; error: PortalError; headers: Headers };

type Options = {
  method?: string;
  token?: string;
  body?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /**
   * The call changes nothing upstream, so a failed one can simply be made again. Default: GET
   * and HEAD. A failed write may still have happened, and the user is told to check first.
   */
  safe?: boolean;
  /** What a successful answer must look like; anything else is a bad answer (502). */
  expect?: (body: unknown) => boolean;
  /**
   * The caller only passes a successful answer's text on (the proxy). From the embedded API,
   * which is this process's own code, such an answer is then not parsed to be checked (`body`
   * is undefined); a remote upstream's always is.
   */
  passOn?: boolean;
  /**
   * The browser's address (lib/net/trusted-headers.ts clientAddressOf), so the embedded API
   * counts its per-address limits against the browser rather than against this server. Told
   * only to our own API, signed (lib/net/portal-client.ts); a remote upstream never sees it.
   */
  client?: string | null;
};

/** Connection errors that mean the request never reached the upstream. */
const NEVER_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

const MAYBE_DONE = "so this change may or may not have been made. Check before you try again.";

/** Every way an upstream call can fail without an answer the portal can use, for the user. */
const failures = {
  timeout: (safe: boolean): [number, PortalError] => [
    504,
    {
      code: "upstream_timeout",
      message: safe
        ? "The API did not answer in time. Try again in a moment."
        : `The API did not answer in time, ${MAYBE_DONE}`,
    },
  ],
  unreachable: (): [number, PortalError] => [
    502,
    {
      code: "upstream_unavailable",
      message: "The API cannot be reached right now. Try again in a moment.",
    },
  ],
  connectionLost: (safe: boolean): [number, PortalError] => [
    502,
    {
      code: "upstream_connection_lost",
      message: safe
        ? "The connection to the API broke off. Try again in a moment."
        : `The connection to the API broke off before it answered, ${MAYBE_DONE}`,
    },
  ],
  badAnswer: (safe: boolean): [number, PortalError] => [
    502,
    {
      code: "upstream_bad_answer",
      message: safe
        ? "The API answered with something the portal cannot read. Try again in a moment."
        : `The API's answer could not be read, ${MAYBE_DONE}`,
    },
  ],
};

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");

/** fetch wraps the socket's error: TypeError("fetch failed", { cause }). */
const causeOf = (err: unknown): unknown => (err instanceof Error && err.cause) || err;

function neverSent(err: unknown): boolean {
  const code = (causeOf(err) as { code?: unknown } | null)?.code;
  return typeof code === "string" && NEVER_SENT.has(code);
}

/**
 * The one way the portal reaches the API: adds the token (as a Bearer header, so it stays out
 * of URLs and upstream access logs), applies a timeout to the whole exchange (the answer's body
 * included), and turns every failure into the house error shape: no answer in time 504, no
 * connection or a broken one 502, an answer that is not what was asked for 502, an upstream
 * 5xx 502 (503 and 504 kept). It never retries: whether to ask again is the caller's choice,
 * and only reads are asked again. `path` is relative to /api_v2 and may carry a query string.
 */
/** The answer, or the signal's timeout error if it fires first (an in-process call ignores it). */
function withinSignal<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener("abort", abort, { once: true });
    p.then(resolve, reject).finally(() => signal.removeEventListener("abort", abort));
  });
}

export async function upstreamFetch(
  environment: Environment,
  path: string,
  opts: Options = {},
): Promise<UpstreamResult> {
  const { base, embedded } = upstreamFor(environment);
  const url = `${base}/api_v2/${path.replace(/^\/+/, "")}`;
  const method = (opts.method ?? "GET").toUpperCase();
  const safe = opts.safe ?? (method === "GET" || method === "HEAD");
  const headers: Record<string, string> = {
    accept: "application/json",
    // Over loopback to ourselves, compressing and inflating every answer only burns CPU (the
    // benchmark saw zlib take a tenth of a proxied request); a remote service still gzips.
    ...(embedded && { "accept-encoding": "identity" }),
    ...opts.headers,
    ...(embedded && opts.client && portalClientHeaders(opts.client)),
  };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers["content-type"] = opts.contentType ?? "application/json";
  const started = performance.now();
  const fail = ([status, error]: [number, PortalError], why: string, detail?: unknown) => {
    log.warn("upstream failed", {
      method,
      url: redact(url),
      why,
      ...(detail !== undefined && {
        err: detail instanceof Error ? detail.message : String(detail),
      }),
      ms: Math.round(performance.now() - started),
    });
    return { ok: false as const, status, error, headers: new Headers() };
  };

  let res: Response;
  let text: string;
  const signal = AbortSignal.timeout(env().UPSTREAM_TIMEOUT_MS);
  // The embedded API is this same process: called directly, not over a loopback socket.
  const inProcess = embedded ? embeddedApi() : null;
  try {
    res = inProcess
      ? await withinSignal(
          inProcess(new Request(url, { method, headers, body: opts.body, signal })),
          signal,
        )
      : await fetch(url, {
          method,
          headers,
          body: opts.body,
          redirect: "manual",
          cache: "no-store",
          signal,
        });
  } catch (err) {
    if (isTimeout(err)) return fail(failures.timeout(safe), "timeout", err);
    if (neverSent(err)) return fail(failures.unreachable(), "unreachable", causeOf(err));
    return fail(failures.connectionLost(safe), "connection lost", causeOf(err));
  }
  try {
    // The same signal bounds the body: an upstream that stops halfway fails here.
    text = knownText(res) ?? (await res.text());
  } catch (err) {
    if (isTimeout(err)) return fail(failures.timeout(safe), "timeout reading the answer", err);
    return fail(failures.connectionLost(safe), "connection lost mid-answer", causeOf(err));
  }
  const unchecked = embedded && opts.passOn === true && res.ok;
  let body: unknown = null;
  let json = false;
  if (text && !unchecked) {
    try {
      body = JSON.parse(text);
      json = true;
    } catch {
      body = text;
    }
  }
  log.debug("upstream", {
    method,
    url: redact(url),
    status: res.status,
    ms: Math.round(performance.now() - started),
  });

  if (res.ok) {
    const noContent = res.status === 204 || res.status === 205 || (!text && method === "DELETE");
    const readable = noContent
      ? true
      : unchecked ||
        (json &&
          typeof body === "object" &&
          body !== null &&
          (opts.expect ? opts.expect(body) : true));
    if (!readable) {
      const type = res.headers.get("content-type") ?? "no content type";
      return fail(
        failures.badAnswer(safe),
        "bad answer",
        `HTTP ${res.status}, ${type}, ${text.length} bytes`,
      );
    }
    return {
      ok: true,
      status: res.status,
      body: noContent ? null : unchecked ? undefined : body,
      text: noContent ? "" : text,
      headers: res.headers,
    };
  }
  if (res.status < 400) {
    // A redirect or an informational status is not an answer from an API.
    return fail(failures.badAnswer(safe), `unexpected HTTP ${res.status}`);
  }
  const error = normalizeError(res.status, body);
  // The upstream's own failure is a bad gateway for the portal; "busy" and "timed out" keep
  // their meaning (and 503's Retry-After).
  const status = res.status >= 500 && res.status !== 503 && res.status !== 504 ? 502 : res.status;
  if (res.status >= 500)
    log.warn("upstream error", { method, url: redact(url), status: res.status });
  return { ok: false, status, error, headers: res.headers };
}
