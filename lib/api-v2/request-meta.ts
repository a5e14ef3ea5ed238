import { env } from "@/lib/env";
import { isLoopbackAddress } from "@/lib/net/loopback";
import { CLIENT_IP_HEADER, PROTO_HEADER, TRANSPORT_IP_HEADER } from "@/lib/net/trusted-headers";

/**
 * The scheme our server (lib/server/main.ts) established from the socket or the trusted
 * proxies. Outside it (a bare Request), the URL's, or behind TRUST_PROXY the value the nearest
 * proxy wrote: the right-most of X-Forwarded-Proto, never one a client put on the left.
 */
function effectiveScheme(req: Request): "http" | "https" {
  const set = req.headers.get(PROTO_HEADER);
  if (set === "https" || set === "http") return set;
  if (env().TRUST_PROXY) {
    const fwd = req.headers.get("x-forwarded-proto")?.split(",").at(-1)?.trim().toLowerCase();
    if (fwd === "https" || fwd === "http") return fwd;
  }
  return new URL(req.url).protocol === "https:" ? "https" : "http";
}

/**
 * The client as our server established it: the socket's peer, the right-most untrusted
 * X-Forwarded-For address behind trusted proxies, or, on the portal's loopback calls to this
 * API, the browser it signed for (lib/net/portal-client.ts). Null outside our server.
 */
export function clientAddress(req: Request): string | null {
  return req.headers.get(CLIENT_IP_HEADER);
}

/**
 * Plain HTTP is refused except from loopback where the deployment allows it. Loopback is judged
 * on the connection (the portal's calls to its embedded API come over it, whichever browser
 * they are for), not on the client the portal vouches for.
 */
export function transportAllowed(req: Request): boolean {
  if (effectiveScheme(req) === "https") return true;
  const from = req.headers.get(TRANSPORT_IP_HEADER) ?? clientAddress(req);
  return env().ALLOW_HTTP_LOOPBACK && isLoopbackAddress(from);
}
