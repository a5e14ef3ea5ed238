import { answerShape, originAllowed, proxyAllows } from "@/lib/portal/proxy-rules";
import { PROXY_MAX_BYTES, readLimitedText } from "@/lib/portal/read-body";
import { bodyTooLarge, foreignOrigin, portalError, sessionExpired } from "@/lib/portal/respond";
import { activeSession, getSession } from "@/lib/portal/session";
import { upstreamFetch } from "@/lib/portal/upstream";

type Ctx = { params: Promise<{ path: string[] }> };

/**
 * /api/proxy/<path>: the browser's only way to the API. Allow-listed methods and paths, the
 * token added from the sealed session, Origin checked on writes; an upstream 401 ends the
 * session and tells the page to sign in again. Each call is sent upstream once: a failure is
 * answered (502/503/504, the house error shape) and the page decides whether to ask again.
 */
async function proxy(req: Request, { params }: Ctx): Promise<Response> {
  const { path } = await params;
  const apiPath = path.map(encodeURIComponent).join("/");
  if (!proxyAllows(req.method, apiPath)) {
    return portalError(404, { code: "not_found", message: "The portal does not offer this call." });
  }
  if (!originAllowed(req.method, req.headers.get("origin"), req.headers.get("host")))
    return foreignOrigin();
  const session = await getSession();
  const active = activeSession(session);
  if (!active) {
    if (session.token) session.destroy();
    return sessionExpired();
  }
  const search = new URL(req.url).search;
  const body =
    req.method === "GET" || req.method === "HEAD"
      ? undefined
      : await readLimitedText(req, PROXY_MAX_BYTES);
  if (body === null) return bodyTooLarge(PROXY_MAX_BYTES);
  const forward: Record<string, string> = {};
  const ifMatch = req.headers.get("if-match");
  if (ifMatch) forward["if-match"] = ifMatch;
  const result = await upstreamFetch(active.environment, `${apiPath}${search}`, {
    method: req.method,
    token: active.token,
    body: body || undefined,
    contentType: "application/json",
    headers: forward,
    expect: answerShape(req.method, apiPath),
  });
  const pass: Record<string, string> = {};
  const etag = result.headers.get("etag");
  if (etag) pass.etag = etag;
  if (!result.ok) {
    if (result.status === 401) {
      session.destroy();
      return sessionExpired();
    }
    const retryAfter = result.headers.get("retry-after");
    if (retryAfter) pass["retry-after"] = retryAfter;
    return portalError(result.status, result.error, pass);
  }
  return new Response(result.status === 204 ? null : JSON.stringify(result.body), {
    status: result.status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...pass,
    },
  });
}

export const GET = proxy;
export const POST = proxy;
export const PATCH = proxy;
export const PUT = proxy;
export const DELETE = proxy;
