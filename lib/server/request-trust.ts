import type http from "node:http";
import { type ProxyTrust, resolveForwarded } from "@/lib/net/forwarded";
import { isLoopbackAddress } from "@/lib/net/loopback";
import {
  PORTAL_CLIENT_HEADER,
  PORTAL_CLIENT_SIGNATURE_HEADER,
  verifiedPortalClient,
} from "@/lib/net/portal-client";
import {
  CLIENT_IP_HEADER,
  HOST_HEADER,
  PROTO_HEADER,
  TRANSPORT_IP_HEADER,
} from "@/lib/net/trusted-headers";
import { pagePathOf, REQUEST_PATH_HEADER } from "@/lib/portal/server/request-path";
import type { apiDispatcher } from "./api-router";

/**
 * Client address, scheme and host from the socket, or from X-Forwarded-* as far as trusted
 * proxies wrote them (lib/net/forwarded.ts); the portal's word for its browser on a loopback
 * call to its embedded API (lib/net/portal-client.ts). Each reaches Next in our own headers
 * (lib/net/trusted-headers.ts) and in X-Forwarded-* rewritten to the one value we believe, so
 * nothing downstream can read a client's own claim. Returns the host to check.
 */
export function trustOnlyOurHeaders(
  req: http.IncomingMessage,
  trust: ProxyTrust,
): string | undefined {
  const h = req.headers;
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const set = trustedHeaders(
    {
      peer: req.socket.remoteAddress,
      encrypted: Boolean((req.socket as { encrypted?: boolean }).encrypted),
      url: req.url ?? "/",
    },
    (name) => first(h[name]),
    trust,
  );
  for (const name of UNTRUSTED) delete h[name];
  Object.assign(h, set);
  return set[HOST_HEADER];
}

/** Headers a client may send but only we may set: removed from every request, then set by us. */
const UNTRUSTED = [
  CLIENT_IP_HEADER,
  TRANSPORT_IP_HEADER,
  PROTO_HEADER,
  HOST_HEADER,
  PORTAL_CLIENT_HEADER,
  PORTAL_CLIENT_SIGNATURE_HEADER,
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "x-forwarded-port",
];

/**
 * What the handlers may believe about a request, from its transport (the socket, or the
 * in-process call of the embedded API, which is a loopback caller) and the proxy trust rules:
 * the values of the trusted headers, to replace whatever the client sent.
 */
function trustedHeaders(
  transport: { peer: string | undefined; encrypted: boolean; url: string },
  header: (name: string) => string | undefined,
  trust: ProxyTrust,
): Record<string, string> {
  const seen = resolveForwarded(
    {
      peer: transport.peer,
      encrypted: transport.encrypted,
      host: header("host"),
      forwardedFor: header("x-forwarded-for"),
      forwardedProto: header("x-forwarded-proto"),
      forwardedHost: header("x-forwarded-host"),
    },
    trust,
  );
  const vouched = isLoopbackAddress(transport.peer)
    ? verifiedPortalClient(header(PORTAL_CLIENT_HEADER), header(PORTAL_CLIENT_SIGNATURE_HEADER))
    : null;
  const client = vouched ?? seen.client;
  const out: Record<string, string> = {
    [CLIENT_IP_HEADER]: client,
    [TRANSPORT_IP_HEADER]: seen.client,
    [PROTO_HEADER]: seen.proto,
    // Next builds request URLs and fills in X-Forwarded-* from these: only values we believe.
    "x-forwarded-for": client,
    "x-forwarded-proto": seen.proto,
    [REQUEST_PATH_HEADER]: pagePathOf(transport.url),
  };
  if (seen.host) {
    out[HOST_HEADER] = seen.host;
    out["x-forwarded-host"] = seen.host;
  }
  return out;
}

/**
 * The embedded API for the portal in this process (lib/net/embedded-api.ts): the request is
 * treated as one from a loopback socket, under the same trust rules, and answered by the same
 * route files; null when no route matches (the portal then goes over HTTP, as before).
 */
export function embeddedApiOf(dispatch: ReturnType<typeof apiDispatcher>, trust: ProxyTrust) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    const set = trustedHeaders(
      { peer: "127.0.0.1", encrypted: false, url: url.pathname + url.search },
      (name) => headers.get(name) ?? undefined,
      trust,
    );
    for (const name of UNTRUSTED) headers.delete(name);
    for (const [name, value] of Object.entries(set)) headers.set(name, value);
    const answer = await dispatch.call(new Request(request, { headers }));
    return answer ?? fetch(request);
  };
}
