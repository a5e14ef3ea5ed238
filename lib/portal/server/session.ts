import "server-only";
import { parseCookie, type SerializeOptions, stringifySetCookie } from "cookie";
import { getIronSession, type SessionOptions } from "iron-session";
import { env } from "@/lib/env";
import { openedSeals } from "@/lib/portal/server/opened-seals";
import { sessionSecret } from "@/lib/portal/server/session-secret";

import type { SessionPerson } from "@/lib/portal/types";

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
  /**
   * The person signed in with their own e-mail and password (our API only): named in the header,
   * their role decides what the screens offer. Null or absent for a key pair's session.
   */
  person?: SessionPerson | null;
  /**
   * A person's sign-in waiting for its second factor (our API): the API's one-use challenge,
   * kept here in the sealed cookie, never in a URL or a page. No token until the code is right.
   */
  twoFactor?: { challenge: string; expiresAt: string };
};

const SESSION_COOKIE = "ep_session";

/**
 * Whether the request carries a session cookie at all, whatever it opens to. Sign-out and an
 * ended session's 401 clear it (Max-Age=0); one that is still sent but opens nothing active is a
 * session that ended on its own or elsewhere.
 */
export function hasSessionCookie(store: { get(name: string): { value: string } | undefined }) {
  return Boolean(store.get(SESSION_COOKIE)?.value);
}

/** Seals this process has opened (lib/portal/server/opened-seals.ts), per session secret. */
const openedBySecret = new Map<string, ReturnType<typeof openedSeals<SessionData>>>();
function openedUnder(secret: string) {
  let opened = openedBySecret.get(secret);
  if (!opened) {
    opened = openedSeals<SessionData>();
    openedBySecret.set(secret, opened);
  }
  return opened;
}

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

/** What iron-session reads and writes a session through: Next's cookies(), or a route's jar. */
type CookieStore = {
  get(name: string): { name: string; value: string } | undefined;
  set(name: string, value: string, options?: SerializeOptions): void;
};

/**
 * A route's cookies, read from its Request and written as Set-Cookie lines for its Response
 * (portalRoute adds them). The portal's /api routes use this rather than Next's `cookies()`, so
 * the same route files also run without Next (the production server calls them directly,
 * lib/server/api-router.ts); pages still use Next's.
 */
export type CookieJar = { store: CookieStore; setCookies: () => string[] };

export function requestCookieJar(req: Request): CookieJar {
  let jar: Record<string, string | undefined> | null = null;
  const read = () => {
    jar ??= parseCookie(req.headers.get("cookie") ?? "");
    return jar;
  };
  const written = new Map<string, string>();
  const store = {
    get(name: string) {
      const value = read()[name];
      return value === undefined ? undefined : { name, value };
    },
    set(name: string, value: string, options?: SerializeOptions) {
      // The last write of a name wins, as with Next's cookies().
      written.set(name, stringifySetCookie(name, value, options));
      read()[name] = value;
    },
  };
  return { store, setCookies: () => [...written.values()] };
}

/** The session from a route's jar, or (pages) from Next's request cookies. */
export async function getSession(jar?: CookieJar) {
  // Loaded only for pages: outside Next's request handling (the server's route table) the module
  // cannot even be loaded.
  const store: CookieStore = jar ? jar.store : await (await import("next/headers")).cookies();
  // iron-session's own store type (not exported) also lists Next's object form of set(), which
  // it never calls; ours is the (name, value, options) form it does call.
  const options = sessionOptions();
  const open = (s: CookieStore) => getIronSession<SessionData>(s as never, options);
  const opened = openedUnder(String(options.password));
  const seal = store.get(SESSION_COOKIE)?.value;
  try {
    if (!seal) return await open(store);
    const known = opened.get(seal);
    // Already opened by this process: a session object with no cookie to open (its save and
    // destroy write the cookie as usual), holding what the seal opened to.
    if (known) return Object.assign(await open(withoutSessionCookie(store)), known);
    const session = await open(store);
    if (session.sid) opened.set(seal, { ...session });
    return session;
  } catch {
    // iron-session reads most forged cookies as no session, but throws on some ("Invalid
    // expiration", "Wrong mac prefix"): read those as no session too, not as a 500. A bad
    // configuration still throws, from the second call.
    return open(withoutSessionCookie(store));
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
 * The request's session as its cookie says, and separately whether it was signed out (a replayed
 * copy of a cookie whose session ended): asked at once, for a caller that may run a read beside
 * it (signedInRoute's readAhead). false when there is no active session to ask about.
 */
export async function readSession(revoked: RevokedSessions, jar?: CookieJar) {
  const session = await getSession(jar);
  const active = activeSession(session);
  return {
    session,
    active,
    signedOut: active ? revoked.isRevoked(active.sid) : Promise.resolve(false),
  };
}

/**
 * The request's session, and its active part: null when never signed in, expired, or signed out
 * (a replayed copy of a cookie whose session ended).
 */
export async function signedInSession(revoked: RevokedSessions, jar?: CookieJar) {
  const { session, active, signedOut } = await readSession(revoked, jar);
  if (active && (await signedOut)) return { session, active: null };
  return { session, active };
}
