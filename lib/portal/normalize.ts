import type { ListPage, PortalError } from "./types";

const CODE_OF_STATUS: Record<number, string> = {
  400: "malformed_request",
  401: "invalid_token",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  412: "precondition_failed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function toFieldErrors(v: unknown): Record<string, string[]> | undefined {
  if (!isObject(v)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [k, msgs] of Object.entries(v)) {
    const list = (Array.isArray(msgs) ? msgs : [msgs]).filter(
      (m): m is string => typeof m === "string",
    );
    if (list.length > 0) out[k] = list;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Any upstream error body → the house shape. Ours is `{"error": {"code", "message", "fields"}}`;
 * the real service may answer `{"errors": {...}}`, `{"errors": ["..."]}`, `{"error": "..."}`,
 * `{"message": "..."}`, HTML or nothing. Never throws.
 */
export function normalizeError(status: number, body: unknown): PortalError {
  const fallbackCode = CODE_OF_STATUS[status] ?? (status >= 500 ? "upstream_error" : "error");
  const fallbackMessage =
    status >= 500
      ? "The API had a problem answering. Try again in a moment."
      : `The API refused the request (HTTP ${status}).`;
  if (isObject(body)) {
    const err = body.error;
    if (isObject(err)) {
      const fields = toFieldErrors(err.fields);
      return {
        code: typeof err.code === "string" ? err.code : fallbackCode,
        message: typeof err.message === "string" && err.message ? err.message : fallbackMessage,
        ...(fields && { fields }),
        // A sign-in's second step (our API): kept server-side, never sent on to the browser.
        ...(err.code === "two_factor_required" &&
          typeof err.challenge === "string" && { challenge: err.challenge }),
      };
    }
    if (typeof err === "string") return { code: fallbackCode, message: err };
    if (Array.isArray(body.errors)) {
      const msgs = body.errors.filter((m): m is string => typeof m === "string");
      return { code: fallbackCode, message: msgs.join("; ") || fallbackMessage };
    }
    const fields = toFieldErrors(body.errors);
    if (fields) {
      const message = Object.entries(fields)
        .map(([f, m]) => `${f.replace(/_/g, " ")} ${m.join(", ")}`)
        .join("; ");
      return {
        code: fallbackCode,
        message: message.charAt(0).toUpperCase() + message.slice(1),
        fields,
      };
    }
    if (typeof body.message === "string" && body.message)
      return { code: fallbackCode, message: body.message };
  }
  return { code: fallbackCode, message: fallbackMessage };
}

/**
 * A list answer → a page. Reads the array under the resource's key (`{"users": [...]}`), or a
 * bare array; `total` only when the upstream gives one (ours does, the real service does not).
 */
export function normalizeList<T>(
  key: string,
  body: unknown,
  page: number,
  per: number,
): ListPage<T> {
  const items = (
    Array.isArray(body) ? body : isObject(body) && Array.isArray(body[key]) ? body[key] : []
  ) as T[];
  const total = isObject(body) && typeof body.total === "number" ? body.total : null;
  const realPer = isObject(body) && typeof body.per === "number" ? body.per : per;
  const hasMore = total !== null ? page * realPer < total : items.length >= realPer;
  return { items, page, per: realPer, total, hasMore };
}
