import "server-only";
import type { PortalError } from "@/lib/portal/types";

export function portalJson(
  data: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(status === 204 ? null : JSON.stringify(data), {
    status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

export function portalError(
  status: number,
  error: PortalError,
  headers: Record<string, string> = {},
): Response {
  return portalJson({ error }, status, headers);
}

export const foreignOrigin = () =>
  portalError(403, {
    code: "forbidden_origin",
    message: "This request did not come from the portal's own pages.",
  });

export const sessionExpired = () =>
  portalError(401, {
    code: "session_expired",
    message: "Your session has ended. Sign in again to continue.",
  });

export const bodyTooLarge = (maxBytes: number) =>
  portalError(413, {
    code: "payload_too_large",
    message: `The request body is larger than ${maxBytes} bytes.`,
  });

export const tooManyAttempts = (retryAfterSeconds: number) =>
  portalError(
    429,
    {
      code: "rate_limited",
      message: `Too many sign-in attempts. Wait ${retryAfterSeconds} seconds and try again.`,
    },
    { "retry-after": String(retryAfterSeconds) },
  );

/**
 * The methods a portal route does not support: a JSON 405 in the portal's error shape, with
 * Allow (Next's own 405 has an empty body).
 */
export function methodNotAllowed(allow: string) {
  return (req: Request) =>
    portalError(
      405,
      { code: "method_not_allowed", message: `${req.method} is not supported here; use ${allow}.` },
      { allow },
    );
}
