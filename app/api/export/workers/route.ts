import { parseExportQuery } from "@/lib/portal/export-query";
import { startWorkerExport } from "@/lib/portal/export-workers";
import { methodNotAllowed, portalError, sessionExpired } from "@/lib/portal/respond";
import { activeSession, getSession } from "@/lib/portal/session";

/**
 * GET /api/export/workers?q=&badge_id=&suspended=&sort=…: every worker matching the list's
 * filters as a CSV download (all pages, streamed). Errors before the first byte are the house
 * JSON error; a page that fails later aborts the download instead of ending it early.
 */
export async function GET(req: Request): Promise<Response> {
  const session = await getSession();
  const active = activeSession(session);
  if (!active) {
    if (session.token) session.destroy();
    return sessionExpired();
  }
  const query = parseExportQuery(new URL(req.url).searchParams);
  if (!query.ok) {
    return portalError(400, {
      code: "malformed_request",
      message: "The export's filters are not valid.",
      fields: query.fields,
    });
  }
  const result = await startWorkerExport(active, query.filters);
  if (!result.ok) {
    if (result.status === 401) {
      session.destroy();
      return sessionExpired();
    }
    const retryAfter = result.headers.get("retry-after");
    return portalError(
      result.status,
      result.error,
      retryAfter ? { "retry-after": retryAfter } : {},
    );
  }
  const headers: Record<string, string> = {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${result.fileName}"`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
  if (result.total !== null) headers["x-total-count"] = String(result.total);
  return new Response(result.stream, { status: 200, headers });
}

export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
