import { textResponse } from "@/lib/net/response-text";
import { clientAddressOf } from "@/lib/net/trusted-headers";
import { signedInRoute, upstreamRefusal } from "@/lib/portal/server/portal-route";
import { answerShape, forwardedSearch, proxyAllows } from "@/lib/portal/server/proxy-rules";
import { PROXY_MAX_BYTES, readLimitedText } from "@/lib/portal/server/read-body";
import { bodyTooLarge, portalError } from "@/lib/portal/server/respond";
import { upstreamFetch } from "@/lib/portal/server/upstream";

const apiPathOf = (path: string[]) => path.map(encodeURIComponent).join("/");

/**
 * /api/proxy/<path>: the browser's only way to the API. Allow-listed methods and paths, the
 * token added from the sealed session (credentials in the browser's query string dropped),
 * Origin checked on writes; an upstream 401 ends the
 * session and tells the page to sign in again. Each call is sent upstream once: a failure is
 * answered (502/503/504, the house error shape) and the page decides whether to ask again.
 */
const proxy = signedInRoute<{ path: string[] }>(
  async ({ req, params, session, active }) => {
    const apiPath = apiPathOf(params.path);
    const body =
      req.method === "GET" || req.method === "HEAD"
        ? undefined
        : await readLimitedText(req, PROXY_MAX_BYTES);
    if (body === null) return bodyTooLarge(PROXY_MAX_BYTES);
    const forward: Record<string, string> = {};
    const ifMatch = req.headers.get("if-match");
    if (ifMatch) forward["if-match"] = ifMatch;
    const result = await upstreamFetch(
      active.environment,
      `${apiPath}${forwardedSearch(new URL(req.url))}`,
      {
        method: req.method,
        token: active.token,
        body: body || undefined,
        contentType: "application/json",
        headers: forward,
        expect: answerShape(req.method, apiPath),
        passOn: true,
        client: clientAddressOf(req),
      },
    );
    const etag = result.headers.get("etag");
    const pass: Record<string, string> = etag ? { etag } : {};
    if (!result.ok) return upstreamRefusal(result, session, pass);
    // The upstream's JSON text as it came (parsed and checked by answerShape): not re-encoded.
    const init = {
      status: result.status,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        ...pass,
      },
    };
    return result.status === 204
      ? new Response(null, init)
      : textResponse(result.text || "null", init);
  },
  {
    // A read's answer is fetched beside the sign-out check, and dropped if the session ended.
    readAhead: true,
    precheck: (req, { path }) =>
      proxyAllows(req.method, apiPathOf(path))
        ? null
        : portalError(404, { code: "not_found", message: "The portal does not offer this call." }),
  },
);

export const GET = proxy;
export const POST = proxy;
export const PATCH = proxy;
export const PUT = proxy;
export const DELETE = proxy;
