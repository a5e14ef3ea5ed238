import "server-only";
import type { SessionData } from "@/lib/portal/server/session";
import { upstreamFetch } from "@/lib/portal/server/upstream";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import type { PortalError, SessionPerson } from "@/lib/portal/types";
import { isRole } from "@/lib/schemas/permissions";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isTokenAnswer = (b: unknown): b is { token: string; expires_at: string } =>
  isObject(b) &&
  typeof b.token === "string" &&
  b.token.length > 0 &&
  typeof b.expires_at === "string" &&
  !Number.isNaN(Date.parse(b.expires_at));

/** The words the sign-in page shows for an unknown e-mail and a wrong password alike. */
export const PERSON_SIGN_IN_REFUSED = "That e-mail and password did not match.";

/** /me's `user` (our API's addition) as the session keeps it, or null when it is not one. */
export function personOf(me: unknown): SessionPerson | null {
  const u = isObject(me) && isObject(me.user) ? me.user : null;
  if (!u || typeof u.id !== "number" || typeof u.email !== "string" || !isRole(u.role)) {
    return null;
  }
  const name = [u.first_name, u.last_name]
    .filter((p): p is string => typeof p === "string" && p.trim() !== "")
    .join(" ");
  const mustEnrol = isObject(me) && me.two_factor_setup_required === true;
  return {
    id: u.id,
    name: name || u.email,
    email: u.email,
    role: u.role,
    ...(mustEnrol && { twoFactorSetupRequired: true }),
  };
}

type Result =
  | {
      ok: true;
      session: Required<Pick<SessionData, "token" | "expiresAt" | "environment">> & SessionData;
    }
  | { ok: false; status: number; error: PortalError };

/** What the code step of the sign-in page says when the API asks for a second factor. */
export const TWO_FACTOR_ASKED =
  "Enter the 6-digit code from your authenticator app, or a recovery code.";

/**
 * A person's own sign-in (our API's addition, so only where the test environment's upstream is
 * our embedded API; the real service has none): e-mail and password in a JSON body to
 * /authenticate, never in a URL, then /me for who they are. The password is used for this one
 * call and never kept, logged or echoed.
 */
export async function signInPerson(
  email: string,
  password: string,
  opts: { client?: string | null } = {},
): Promise<Result> {
  if (!upstreamFor("test").embedded) {
    return {
      ok: false,
      status: 404,
      error: {
        code: "not_offered",
        message: "Sign in with the API key pair your account manager issued.",
      },
    };
  }
  const auth = await upstreamFetch("test", "authenticate", {
    method: "POST",
    body: JSON.stringify({ email, password }),
    contentType: "application/json",
    safe: true,
    expect: isTokenAnswer,
    client: opts.client,
  });
  if (!auth.ok && auth.error.code === "two_factor_required" && auth.error.challenge) {
    const error = { code: "two_factor_required", message: TWO_FACTOR_ASKED };
    return { ok: false, status: 401, error: { ...error, challenge: auth.error.challenge } };
  }
  if (!auth.ok) {
    // Whatever the reason (unknown address, wrong password, no password yet, deactivated), the
    // API answers one 401, and so does the page.
    const error =
      auth.status === 401 || auth.status === 422
        ? { code: "invalid_credentials", message: PERSON_SIGN_IN_REFUSED }
        : auth.error;
    return { ok: false, status: auth.status === 422 ? 401 : auth.status, error };
  }
  const { token, expires_at } = auth.body as { token: string; expires_at: string };
  return personSession(token, expires_at, opts.client);
}

/**
 * The second step (our API): the challenge the cookie kept and the code the person typed. A
 * wrong code keeps the challenge (it dies upstream after five); any other refusal ends it.
 */
export async function signInPersonCode(
  challenge: string,
  code: string,
  opts: { client?: string | null } = {},
): Promise<Result> {
  const auth = await upstreamFetch("test", "authenticate", {
    method: "POST",
    body: JSON.stringify({ challenge, code }),
    contentType: "application/json",
    safe: true,
    expect: isTokenAnswer,
    client: opts.client,
  });
  if (!auth.ok) {
    const wrong = auth.status === 401 || auth.status === 422;
    const error = wrong
      ? {
          code: "invalid_two_factor_code",
          message: "That code did not work. Enter the current code, or sign in again.",
        }
      : auth.error;
    return { ok: false, status: wrong ? 401 : auth.status, error };
  }
  const { token, expires_at } = auth.body as { token: string; expires_at: string };
  return personSession(token, expires_at, opts.client);
}

/** /me for who a person's fresh token belongs to, and the session that keeps it. */
async function personSession(
  token: string,
  expires_at: string,
  client: string | null | undefined,
): Promise<Result> {
  const opts = { client };
  const me = await upstreamFetch("test", "me", { token, client: opts.client });
  const body = me.ok && isObject(me.body) ? me.body : {};
  const person = personOf(body);
  if (!person) {
    // A token nobody will use: ended at once rather than left to expire.
    await upstreamFetch("test", "authenticate", {
      method: "DELETE",
      token,
      safe: true,
      client: opts.client,
    });
    return {
      ok: false,
      status: 502,
      error: {
        code: "upstream_bad_answer",
        message: "The API did not say who signed in. Try again in a moment.",
      },
    };
  }
  const company = isObject(body.company) ? body.company : {};
  return {
    ok: true,
    session: {
      token,
      expiresAt: new Date(expires_at).toISOString(),
      environment: "test",
      companyName: typeof company.name === "string" ? company.name : "Your company",
      pool: body.pool === "public" ? "public" : "private",
      person,
    },
  };
}

/**
 * The signed-in person as the API knows them now (/me): a role or name changed by an admin since
 * sign-in shows on the next page, not only after signing in again. The API enforces the role
 * anyway; this keeps the screens from offering what it would refuse. Any failure (the API
 * unreachable, the session just ended) keeps what the session holds: the page's own calls then
 * meet the same answer and end the session as they always do.
 */
export async function refreshedPerson(session: {
  environment: "test" | "live";
  token: string;
  person?: SessionPerson | null;
}): Promise<SessionPerson | null> {
  if (!session.person) return null;
  const me = await upstreamFetch(session.environment, "me", { token: session.token });
  const fresh = me.ok ? personOf(me.body) : null;
  return fresh && fresh.id === session.person.id ? fresh : session.person;
}
