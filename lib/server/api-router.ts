import type http from "node:http";
import { Readable } from "node:stream";
import { knownText } from "@/lib/net/response-text";

/**
 * The route files of the API (app/api_v2/**\/route.ts) and of the portal's server routes
 * (app/api/**\/route.ts) matched and called without Next: the same modules Next serves, picked in
 * Next's order (static segments before [param] before [...catchAll]) and called with a Web
 * Request, as Next calls them. The production server answers both this way (one framework layer
 * less on every call, measured in BENCHMARKS.md); the API test harness uses the same matching.
 * Neither kind of route uses anything of Next's (the portal's read their cookies from the
 * Request: lib/portal/server/session.ts requestCookieJar).
 */
type Params = Record<string, string | string[]>;
export type RouteHandler = (
  req: Request,
  ctx: { params: Promise<Params> },
) => Promise<Response> | Response;
export type RouteModule = Partial<Record<string, RouteHandler>>;
export type RouteEntry<M = RouteModule> = { pattern: string[]; module: M };

const rank = (seg: string) =>
  seg.startsWith("[[...") ? 3 : seg.startsWith("[...") ? 2 : seg.startsWith("[") ? 1 : 0;

/** Next's priority: static segments before [param] before [...catchAll]. */
export function sortRoutes<R extends { pattern: string[] }>(routes: R[]): R[] {
  return [...routes].sort((a, b) => {
    for (let i = 0; i < Math.max(a.pattern.length, b.pattern.length); i++) {
      const d = rank(a.pattern[i] ?? "") - rank(b.pattern[i] ?? "");
      if (d !== 0) return d;
    }
    return b.pattern.length - a.pattern.length;
  });
}

/** The route Next would pick for a path, with its params; null when none matches. */
export function matchRoute<R extends { pattern: string[] }>(
  routes: readonly R[],
  pathname: string,
): { route: R; params: Params } | null {
  let segs: string[];
  try {
    segs = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null; // A broken %-escape: Next answers it.
  }
  for (const route of routes) {
    const params: Params = {};
    let ok = true;
    let catchAll = false;
    for (let i = 0; i < route.pattern.length; i++) {
      const p = route.pattern[i]!;
      if (p.startsWith("[...") || p.startsWith("[[...")) {
        const optional = p.startsWith("[[");
        params[optional ? p.slice(5, -2) : p.slice(4, -1)] = segs.slice(i);
        ok = optional || segs.length > i;
        catchAll = true;
        break;
      }
      const s = segs[i];
      if (s === undefined) ok = false;
      else if (p.startsWith("[")) params[p.slice(1, -1)] = s;
      else if (p !== s) ok = false;
      if (!ok) break;
    }
    if (ok && !catchAll && segs.length !== route.pattern.length) ok = false;
    if (ok) return { route, params };
  }
  return null;
}

const BODYLESS = new Set(["GET", "HEAD"]);

/** The paths the table answers: the API, and the portal's server routes. */
const API = ["/api_v2"];
const SERVED = ["/api_v2", "/api"];
const under = (pathname: string, prefixes: string[]) =>
  prefixes.some((p) => pathname === p || pathname.startsWith(`${p}/`));

/**
 * The routes without Next. `node` answers a request for one of them and returns true; it
 * returns false (and touches nothing) for anything it leaves to Next: a path that is not exactly
 * a route's (a trailing slash, an empty segment: Next redirects or answers those) or a method the
 * route file does not export (Next answers OPTIONS and HEAD itself). `call` does the same for a
 * Web Request to the API in this process (the portal's embedded upstream); null when it is
 * Next's, or not the API's.
 */
export function apiDispatcher(routes: RouteEntry[]) {
  const sorted = sortRoutes(routes);
  const find = (method: string, pathAndQuery: string, prefixes: string[]) => {
    const q = pathAndQuery.indexOf("?");
    const pathname = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
    if (!under(pathname, prefixes)) return null;
    if (pathname.endsWith("/") || pathname.includes("//")) return null;
    const found = matchRoute(sorted, pathname);
    const handler = found?.route.module[method];
    return found && handler ? { handler, params: found.params } : null;
  };
  return {
    node(req: http.IncomingMessage, res: http.ServerResponse, origin: string): boolean {
      const method = req.method ?? "GET";
      const url = req.url ?? "/";
      const found = find(method, url, SERVED);
      if (!found) return false;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        headers.set(name, Array.isArray(value) ? value.join(", ") : value);
      }
      const body = BODYLESS.has(method) ? null : requestBody(req);
      const request = new Request(`${origin}${url}`, {
        method,
        headers,
        body: body?.stream,
        duplex: "half",
      } as RequestInit);
      answerOf(found, request).then(
        (response) => {
          // Answered before the body was read (over its limit, rate-limited, refused): the rest
          // is read and thrown away, as Node does for an unread request, so the client can finish
          // sending and read the answer (closing on unread bytes would reset the connection).
          body?.discardRest();
          return send(response, res);
        },
        (err: unknown) => {
          // The handler wrapper answers every error in the one shape; this is a wiring bug.
          res.destroy(err instanceof Error ? err : new Error(String(err)));
        },
      );
      return true;
    },
    call(request: Request): Promise<Response> | null {
      const url = new URL(request.url);
      const found = find(request.method, url.pathname + url.search, API);
      return found ? answerOf(found, request) : null;
    },
  };
}

/**
 * The handler's answer as a promise: some route exports are plain functions (a 405 answer), and
 * a synchronous throw becomes a rejection, so neither can escape as an uncaught exception.
 */
function answerOf(found: { handler: RouteHandler; params: Params }, request: Request) {
  return Promise.resolve().then(() =>
    found.handler(request, { params: Promise.resolve(found.params) }),
  );
}

/**
 * The request's body as a Web stream, read only as fast as the handler asks (no buffering ahead
 * of it beyond 64 KiB), and `discardRest()` to drop whatever the handler did not read.
 */
function requestBody(req: http.IncomingMessage) {
  let discarding = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        req.pause();
        req.on("data", (chunk: Buffer) => {
          if (discarding) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          if (!discarding) controller.close();
        });
        req.once("error", (err) => {
          if (!discarding) controller.error(err);
        });
      },
      pull() {
        req.resume();
      },
      cancel() {
        discarding = true;
        req.resume();
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return {
    stream,
    discardRest() {
      if (req.complete || discarding) return;
      discarding = true;
      req.resume();
    },
  };
}

async function send(response: Response, res: http.ServerResponse): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") continue;
    res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) return void res.end();
  const type = response.headers.get("content-type") ?? "";
  if (type.startsWith("application/json")) {
    // The answers are JSON documents: one write, of the text itself when it was made here.
    const known = knownText(response);
    return void res.end(known ?? Buffer.from(await response.arrayBuffer()));
  }
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream);
  // A client that goes away cancels the body (a live stream frees its slot); pipe alone would
  // leave it running.
  res.once("close", () => body.destroy());
  body.pipe(res);
}
