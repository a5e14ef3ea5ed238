import "server-only";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { env } from "@/lib/env";
import { sessionSecret } from "@/lib/portal/server/session-secret";

export type Environment = "test" | "live";

/** What the portal keeps about a signed-in employer. Never the secret key. */
export type SessionData = {
  /**
   * A random id given at sign-in: sign-out records it as revoked (lib/server/revoked-sessions.ts),
   * so a copy of the cookie is refused afterwards even where the upstream cannot revoke tokens.
   */
  sid?: string;
  token?: string;
  /** ISO timestamp: the upstream token's expiry. */
  expiresAt?: string;
  environment?: Environment;
  companyName?: string;
  /** Unknown when the upstream cannot say (the real service has no /me). */
  pool?: "private" | "public" | null;
};

const SESSION_COOKIE = "ep_session";

/** How long a sealed cookie is honoured after it was last written (iron-session's ttl). */
export const SESSION_TTL_SECONDS = 60 * 60 * 24;

export function sessionOptions(): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: sessionSecret(),
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: {
      httpOnly: true,
      sameSite: "lax",
      // Browsers treat http://127.0.0.1 and localhost as secure contexts, so this works locally too.
      secure: env().NODE_ENV !== "development",
      path: "/",
    },
  };
}

export async function getSession() {
  const store = await cookies();
  try {
    return await getIronSession<SessionData>(store, sessionOptions());
  } catch {
    // iron-session reads most forged cookies as no session, but throws on some ("Invalid
    // expiration", "Wrong mac prefix"): read those as no session too, not as a 500. A bad
    // configuration still throws, from the second call.
    return getIronSession<SessionData>(withoutSessionCookie(store), sessionOptions());
  }
}

/** The request's cookies, minus the session cookie; writes go through to the response. */
function withoutSessionCookie<T extends { get(name: string): unknown }>(store: T): T {
  return new Proxy(store, {
    get(target, prop) {
      if (prop === "get")
        return (name: string) => (name === SESSION_COOKIE ? undefined : target.get(name));
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

export type ActiveSession = Required<
  Pick<SessionData, "sid" | "token" | "expiresAt" | "environment">
> &
  SessionData;

/**
 * A session whose token has not expired yet, or null. Whether it was signed out elsewhere is
 * the store's to say (signedInSession).
 */
export function activeSession(data: SessionData, now = new Date()): ActiveSession | null {
  if (!data.sid || !data.token || !data.expiresAt || !data.environment) return null;
  const expires = new Date(data.expiresAt).getTime();
  if (Number.isNaN(expires) || expires <= now.getTime()) return null;
  return data as ActiveSession;
}

/**
 * Where the ids of signed-out sessions are kept until their cookies expire. The app hands in
 * its own (the shared database, lib/server/revoked-sessions.ts), so every instance refuses a
 * session any of them ended; the portal itself keeps no state.
 */
export type RevokedSessions = {
  isRevoked(sid: string): Promise<boolean>;
  revoke(sid: string, until: Date): Promise<void>;
};

/**
 * The request's session, and its active part: null when never signed in, expired, or signed out
 * (a replayed copy of a cookie whose session ended).
 */
export async function signedInSession(revoked: RevokedSessions) {
  const session = await getSession();
  const active = activeSession(session);
  if (active && (await revoked.isRevoked(active.sid))) return { session, active: null };
  return { session, active };
}
