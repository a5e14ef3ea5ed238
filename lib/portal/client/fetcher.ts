import type { PortalError } from "@/lib/portal/types";

/** A non-2xx answer from the portal's own routes, with the house error's code and fields. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

export const SESSION_EXPIRED_EVENT = "portal:session-expired";

/** The code of a write refused in the browser because it is offline (never sent). */
export const OFFLINE_CODE = "offline";

function isBrowserOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

/**
 * The request never got an answer: the browser is offline, or the connection failed on the
 * way (status 0). For a write, the user decides whether to send it again.
 */
export function isConnectionError(err: unknown): err is ApiClientError {
  return err instanceof ApiClientError && err.status === 0;
}

/**
 * Set while the user signs out: the answers of reads still under way then are 401s too, and
 * must not send the page to "your session has ended" instead of "you signed out".
 */
let signingOut = false;
export function announceSignOut(): void {
  signingOut = true;
}

type Init = {
  method?: string;
  json?: unknown;
  ifMatch?: string | null;
  /**
   * false: a 401 is only thrown, not announced. For work that handles an ended session itself
   * (the bulk import pauses and waits for a new sign-in instead of leaving the page).
   */
  announceExpiry?: boolean;
};

/**
 * Browser → /api/proxy/<path>. Throws ApiClientError on any non-2xx (never returns an error
 * body as data); a 401 also announces that the session ended, so the shell can send the user
 * to sign in and bring them back.
 */
export async function apiFetch<T>(
  path: string,
  init: Init = {},
): Promise<{ data: T; etag: string | null }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.ifMatch) headers["if-match"] = init.ifMatch;
  const method = init.method ?? "GET";
  // A write while the browser knows it is offline is not attempted at all: the caller says
  // "not saved" at once, and nothing can reach the server later without the user asking again.
  if (method !== "GET" && isBrowserOffline()) {
    throw new ApiClientError(0, OFFLINE_CODE, "You're offline: nothing was sent.");
  }
  let res: Response;
  try {
    res = await fetch(`/api/proxy/${path.replace(/^\/+/, "")}`, {
      method,
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiClientError(
      0,
      "network_error",
      "The portal cannot be reached. Check your connection and try again.",
    );
  }
  const text = await res.text();
  const body = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (body as { error?: PortalError } | null)?.error;
    const e = new ApiClientError(
      res.status,
      err?.code ?? "error",
      err?.message ?? `The request failed (HTTP ${res.status}).`,
      err?.fields,
    );
    if (
      res.status === 401 &&
      init.announceExpiry !== false &&
      !signingOut &&
      typeof window !== "undefined"
    ) {
      window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
    }
    throw e;
  }
  return { data: body as T, etag: res.headers.get("etag") };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The portal's own JSON routes (session): same error discipline. */
export async function portalFetch<T>(
  url: string,
  init: { method?: string; json?: unknown } = {},
): Promise<T> {
  const res = await fetch(url, {
    method: init.method ?? "GET",
    headers: init.json === undefined ? {} : { "content-type": "application/json" },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    credentials: "same-origin",
  });
  const text = await res.text();
  const body = text ? safeJson(text) : null;
  if (!res.ok) {
    const err = (body as { error?: PortalError } | null)?.error;
    throw new ApiClientError(
      res.status,
      err?.code ?? "error",
      err?.message ?? `HTTP ${res.status}`,
      err?.fields,
    );
  }
  return body as T;
}
