import "server-only";
import { getIronSession, type SessionOptions } from "iron-session";
import { cookies } from "next/headers";
import { env } from "@/lib/env";
import { sessionSecret } from "@/lib/portal/server/session-secret";

export type Environment = "test" | "live";

/** What the portal keeps about a signed-in employer. Never the secret key. */
export type SessionData = {
  token?: string;
  /** ISO timestamp: the upstream token's expiry. */
  expiresAt?: string;
  environment?: Environment;
  companyName?: string;
  /** Unknown when the upstream cannot say (the real service has no /me). */
  pool?: "private" | "public" | null;
};

const SESSION_COOKIE = "ep_session";

export function sessionOptions(): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: sessionSecret(),
    ttl: 60 * 60 * 24,
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

export type ActiveSession = Required<Pick<SessionData, "token" | "expiresAt" | "environment">> &
  SessionData;

/** A session whose token has not expired yet, or null. */
export function activeSession(data: SessionData, now = new Date()): ActiveSession | null {
  if (!data.token || !data.expiresAt || !data.environment) return null;
  const expires = new Date(data.expiresAt).getTime();
  if (Number.isNaN(expires) || expires <= now.getTime()) return null;
  return data as ActiveSession;
}
