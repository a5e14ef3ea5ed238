import "server-only";
import { revokedSessions } from "@/lib/server/revoked-sessions";
import { type CookieJar, readSession, signedInSession } from "./session";

/**
 * The request's session as every signed-in page and route reads it: null `active` when never
 * signed in, expired, or signed out (on any instance). The store is this app's (lib/server is
 * where the two halves are composed); the portal still reaches no database of its own.
 */
export const currentSession = (jar?: CookieJar) => signedInSession(revokedSessions, jar);

/** The session and, asked at once, whether it was signed out (signedInRoute's readAhead). */
export const currentSessionParts = (jar: CookieJar) => readSession(revokedSessions, jar);
