import { parseExportQuery } from "@/lib/portal/server/export-query";
import { startWorkerExport } from "@/lib/portal/server/export-workers";
import { signedInRoute, upstreamRefusal } from "@/lib/portal/server/portal-route";
import { methodNotAllowed, portalError } from "@/lib/portal/server/respond";

/**
 * GET /api/export/workers?q=&badge_id=&suspended=&sort=…[&include_sensitive=true]: every worker
 * matching the list's filters as a CSV download (all pages, streamed); the SSN and date of birth
 * columns stay empty unless include_sensitive=true. Errors before the first byte are the house
 * JSON error; a page that fails later aborts the download instead of ending it early.
 */
export const GET = signedInRoute(async ({ req, session, active }) => {
  const query = parseExportQuery(new URL(req.url).searchParams);
  if (!query.ok) {
    return portalError(400, {
      code: "malformed_request",
      message: "The export's filters are not valid.",
      fields: query.fields,
    });
  }
  const result = await startWorkerExport(active, query.filters, {
    includeSensitive: query.includeSensitive,
  });
  if (!result.ok) return upstreamRefusal(result, session);
  const headers: Record<string, string> = {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${result.fileName}"`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  };
  if (result.total !== null) headers["x-total-count"] = String(result.total);
  return new Response(result.stream, { status: 200, headers });
});

export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
