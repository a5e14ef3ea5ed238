import type { PortalError } from "./types";

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
