import "server-only";
import type { IronSession } from "iron-session";
import { log } from "@/lib/log";
import { currentSessionParts } from "@/lib/portal/server/current-session";
import { requestOriginAllowed } from "@/lib/portal/server/proxy-rules";
import { foreignOrigin, portalError, sessionExpired } from "@/lib/portal/server/respond";
import {
  type ActiveSession,
  type CookieJar,
  requestCookieJar,
  type SessionData,
} from "@/lib/portal/server/session";
import type { UpstreamResult } from "@/lib/portal/server/upstream";

const READS = new Set(["GET", "HEAD"]);

type RouteContext<P> = { params: Promise<P> };
type Handler<P> = (req: Request, ctx: RouteContext<P>) => Promise<Response>;

type SignedIn<P> = {
  req: Request;
  params: P;
  session: IronSession<SessionData>;
  active: ActiveSession;
};

type Options<P> = {
  /**
   * A refusal that needs neither the origin nor the session (the proxy's allow-list): it comes
   * first, so an unknown call is a 404 whoever asks.
   */
  precheck?: (req: Request, params: P) => Response | null;
  /**
   * (signedInRoute) A GET or HEAD is answered beside the question whether its session was
   * signed out elsewhere, not after it: one database round trip less on the way. The answer is
   * thrown away when the session had ended. Only for reads: a write waits for the answer.
   */
  readAhead?: boolean;
};

/**
 * The portal's server routes (the BFF) share this: the precheck, the Origin check on every
 * write (CSRF), the request's cookies (what the handler writes to its jar is added to the answer
 * as Set-Cookie, so a route needs nothing of Next's and also runs without it), and one error
 * shape for anything thrown, logged without the request's secrets.
 */
export function portalRoute<P = Record<string, never>>(
  fn: (req: Request, params: P, jar: CookieJar) => Promise<Response>,
  opts: Options<P> = {},
): Handler<P> {
  return async (req, ctx) => {
    try {
      const params = await ctx.params;
      const refused = opts.precheck?.(req, params);
      if (refused) return refused;
      if (!requestOriginAllowed(req)) return foreignOrigin();
      const jar = requestCookieJar(req);
      return withCookies(await fn(req, params, jar), jar.setCookies());
    } catch (err) {
      log.error("portal route failed", {
        method: req.method,
        path: new URL(req.url).pathname,
        err: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      });
      return portalError(500, {
        code: "internal_error",
        message: "Something went wrong in the portal. Try again.",
      });
    }
  };
}

/**
 * A route for signed-in employers only: a missing, expired or signed-out session ends (its
 * cookie is cleared) and the page is told to sign in again, before the handler runs.
 */
export function signedInRoute<P = Record<string, never>>(
  fn: (ctx: SignedIn<P>) => Promise<Response>,
  opts: Options<P> = {},
): Handler<P> {
  return portalRoute(async (req, params, jar) => {
    const { session, active, signedOut } = await currentSessionParts(jar);
    const ended = () => {
      if (session.token) session.destroy();
      return sessionExpired();
    };
    if (!active) return ended();
    if (opts.readAhead && READS.has(req.method)) {
      const [wasSignedOut, answer] = await Promise.all([
        signedOut,
        fn({ req, params, session, active }),
      ]);
      return wasSignedOut ? ended() : answer;
    }
    if (await signedOut) return ended();
    return fn({ req, params, session, active });
  }, opts);
}

/**
 * An upstream refusal as the portal answers it: 401 ends the session (sign in again), anything
 * else passes on in the house shape with its Retry-After.
 */
export function upstreamRefusal(
  result: Extract<UpstreamResult, { ok: false }>,
  session: IronSession<SessionData>,
  headers: Record<string, string> = {},
): Response {
  if (result.status === 401) {
    session.destroy();
    return sessionExpired();
  }
  const retryAfter = result.headers.get("retry-after");
  return portalError(result.status, result.error, {
    ...headers,
    ...(retryAfter && { "retry-after": retryAfter }),
  });
}

/** The answer with the jar's Set-Cookie lines (a copy when its headers cannot be changed). */
function withCookies(res: Response, setCookies: string[]): Response {
  if (setCookies.length === 0) return res;
  const headers = new Headers(res.headers);
  for (const line of setCookies) headers.append("set-cookie", line);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}
