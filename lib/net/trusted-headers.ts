/**
 * Headers our own HTTP server (lib/server/main.ts) sets from the socket after deleting any copy
 * the client sent, so the API and the portal's routes can trust them. Without them (a bare
 * Request in a test, or a server other than ours) the scheme comes from the URL and the client
 * address is unknown.
 */
export const CLIENT_IP_HEADER = "x-ep-client-ip";
export const PROTO_HEADER = "x-ep-proto";
/**
 * Where the connection came from (the socket's peer, or the client the trusted proxies name),
 * before the portal's word for its browser replaces the client address: the HTTPS rule is about
 * the network the request crossed, and the portal's calls to its own API cross only loopback.
 */
export const TRANSPORT_IP_HEADER = "x-ep-transport-ip";
/** The host the client asked for (Host, or X-Forwarded-Host from a trusted proxy), checked. */
export const HOST_HEADER = "x-ep-host";

/** The client's address as our server established it, or null outside it. */
export function clientAddressOf(req: Request): string | null {
  return req.headers.get(CLIENT_IP_HEADER);
}
