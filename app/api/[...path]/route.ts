import { portalError } from "@/lib/portal/server/respond";

/** Any other path under /api: a JSON 404 in the portal's error shape, never Next's HTML page. */
function unknown(): Response {
  return portalError(404, { code: "not_found", message: "There is no such portal call." });
}

export const GET = unknown;
export const POST = unknown;
export const PUT = unknown;
export const PATCH = unknown;
export const DELETE = unknown;
