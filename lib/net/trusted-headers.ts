/**
 * Headers our own HTTP server (lib/server/main.ts) sets from the socket after deleting any copy
 * the client sent, so the API and the portal's routes can trust them. Without them (a bare
 * Request in a test, or a server other than ours) the scheme comes from the URL and the client
 * address is unknown.
 */
export const CLIENT_IP_HEADER = "x-ep-client-ip";
export const PROTO_HEADER = "x-ep-proto";
