import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The portal reaches its embedded API over loopback, so to the API every sign-in would come
 * from 127.0.0.1 and one address limit would hold every employer. The portal says whose request
 * it passes on in these headers, signed with a key that exists only in this process's memory;
 * our server (lib/server/main.ts) believes them only on a loopback socket and with a good
 * signature, and removes them from every request. A client cannot make them: it never sees the
 * key, and nothing echoes the headers. They are never sent to a remote upstream.
 *
 * One key per process is enough because the embedded upstream is always this very process; it
 * lives on globalThis because the server entry and Next's bundles load their own copies of this
 * module.
 */
export const PORTAL_CLIENT_HEADER = "x-ep-portal-client";
export const PORTAL_CLIENT_SIGNATURE_HEADER = "x-ep-portal-client-signature";

const KEY = Symbol.for("employer-portal.portal-client-key");

function key(): Buffer {
  const g = globalThis as unknown as Record<symbol, Buffer | undefined>;
  g[KEY] ??= randomBytes(32);
  return g[KEY];
}

const sign = (address: string) =>
  createHmac("sha256", key()).update(`portal-client\n${address}`).digest();

/** Headers that tell our own API which browser a portal call is made for. */
export function portalClientHeaders(address: string): Record<string, string> {
  return {
    [PORTAL_CLIENT_HEADER]: address,
    [PORTAL_CLIENT_SIGNATURE_HEADER]: sign(address).toString("base64url"),
  };
}

/** The address the portal vouched for, or null unless the signature is this process's. */
export function verifiedPortalClient(
  address: string | string[] | undefined,
  signature: string | string[] | undefined,
): string | null {
  if (typeof address !== "string" || typeof signature !== "string" || !address) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = sign(address);
  return given.length === expected.length && timingSafeEqual(given, expected) ? address : null;
}
