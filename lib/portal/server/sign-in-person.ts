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
  return { id: u.id, name: name || u.email, email: u.email, role: u.role };
}

type Result =
  | {
      ok: true;
      session: Required<Pick<SessionData, "token" | "expiresAt" | "environment">> & SessionData;
    }
  | { ok: false; status: number; error: PortalError };

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
