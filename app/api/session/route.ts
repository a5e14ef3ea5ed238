import { randomBytes } from "node:crypto";
import { z } from "zod";
import { log } from "@/lib/log";
import { clientAddressOf } from "@/lib/net/trusted-headers";
import { currentSession } from "@/lib/portal/server/current-session";
import { portalRoute } from "@/lib/portal/server/portal-route";
import { readLimitedText, SIGN_IN_MAX_BYTES } from "@/lib/portal/server/read-body";
import {
  bodyTooLarge,
  methodNotAllowed,
  portalError,
  portalJson,
  tooManyAttempts,
} from "@/lib/portal/server/respond";
import { safeNext } from "@/lib/portal/server/safe-next";
import {
  type CookieJar,
  getSession,
  SESSION_TTL_SECONDS,
  type SessionData,
} from "@/lib/portal/server/session";
import { signInUpstream } from "@/lib/portal/server/sign-in";
import { demoSignInAs } from "@/lib/portal/server/sign-in-demo";
import { enterSignIn } from "@/lib/portal/server/sign-in-limit";
import { signInPerson, signInPersonCode } from "@/lib/portal/server/sign-in-person";
import { upstreamFetch } from "@/lib/portal/server/upstream";
import type { PortalError, SessionSummary } from "@/lib/portal/types";
import { authenticateBodySchema } from "@/lib/schemas/auth";
import { personSignInBodySchema } from "@/lib/schemas/person-auth";
import { revokedSessions } from "@/lib/server/revoked-sessions";
import { signInStore } from "@/lib/server/sign-in-store";

/** GET /api/session: who is signed in (no token in the answer). */
export const GET = portalRoute(async (_req, _params, jar) => {
  const { active: session } = await currentSession(jar);
  if (!session) return portalError(401, { code: "signed_out", message: "Not signed in." });
  return portalJson({
    environment: session.environment,
    companyName: session.companyName ?? null,
    pool: session.pool ?? null,
    person: session.person ?? null,
  } satisfies SessionSummary);
});

/**
 * POST /api/session: sign in with {api_key, secret_key}, with {email, password} (a person's own
 * sign-in, our API only), or {demo: true, as} for the demo company (`as`: a demo person's e-mail,
 * or "keys" for its private key pair). The sign-in page's script sends JSON; the same form posted
 * before the script loaded (plain HTML, form-encoded) is answered with a redirect, so no secret
 * ever travels in a URL.
 */
export const POST = portalRoute(async (req, _params, jar) => {
  const isForm = (req.headers.get("content-type") ?? "").startsWith(
    "application/x-www-form-urlencoded",
  );
  const text = await readLimitedText(req, SIGN_IN_MAX_BYTES);
  if (text === null) return bodyTooLarge(SIGN_IN_MAX_BYTES);
  let raw: unknown;
  try {
    raw = isForm ? Object.fromEntries(new URLSearchParams(text)) : JSON.parse(text);
  } catch {
    return portalError(400, { code: "malformed_request", message: "Send the sign-in as JSON." });
  }
  const form = signInFormOf(raw);
  // Counted per browser address and per account tried: the API key, or the e-mail address.
  const account = form.api_key ?? (form.email ? `email:${form.email.trim().toLowerCase()}` : null);
  const gate = await enterSignIn(req, account, signInStore);
  const result: SignInResult = gate.allowed
    ? await signIn(raw, form, clientAddressOf(req), jar)
    : {
        ok: false,
        status: 429,
        error: {
          code: "rate_limited",
          message: `Too many sign-in attempts. Wait ${gate.retryAfterSeconds} seconds and try again.`,
        },
      };
  // Only refused credentials count against the limit: a success, or an upstream that failed
  // to answer (5xx), gives the attempt back.
  if (gate.allowed && (result.ok || result.status >= 500)) await gate.release();
  if (isForm) {
    const next = safeNext(form.next);
    const method = form.email !== undefined ? "&with=email" : "&with=keys";
    const to = result.ok
      ? next
      : `/sign-in?error=${encodeURIComponent(result.error.code)}${method}&next=${encodeURIComponent(next)}`;
    return new Response(null, {
      status: 303,
      headers: { location: to, "cache-control": "no-store" },
    });
  }
  if (!gate.allowed) return tooManyAttempts(gate.retryAfterSeconds);
  return result.ok ? portalJson(result.summary) : portalError(result.status, result.error);
});

/**
 * The parts of a sign-in body read before the credentials are checked (the limiter's key, the
 * demo switch and who to be, where to go next): each read leniently, a wrong type counting as
 * absent.
 */
const signInFormSchema = z.looseObject({
  api_key: z.string().max(200).optional().catch(undefined),
  email: z.string().max(254).optional().catch(undefined),
  demo: z.boolean().optional().catch(undefined),
  as: z.string().max(254).optional().catch(undefined),
  next: z.string().optional().catch(undefined),
  /** The second step of a two-factor sign-in: the code, with the challenge the cookie kept. */
  code: z.string().max(32).optional().catch(undefined),
});
type SignInForm = z.output<typeof signInFormSchema>;
const signInFormOf = (raw: unknown): SignInForm => signInFormSchema.safeParse(raw).data ?? {};

type SignInResult =
  | { ok: true; summary: SessionSummary }
  | { ok: false; status: number; error: PortalError };

type Upstream =
  | { ok: true; session: Omit<SessionData, "sid"> }
  | { ok: false; status: number; error: PortalError };

const fieldsOf = (issues: readonly { path: PropertyKey[]; message: string }[]) => {
  const fields: Record<string, string[]> = {};
  for (const i of issues) {
    const key = String(i.path[0]);
    fields[key] = [...(fields[key] ?? []), i.message];
  }
  return fields;
};

/** Which credentials, checked by whom: the demo's, a person's, or a key pair. */
async function upstreamSignIn(
  raw: unknown,
  form: SignInForm,
  client: string | null,
  pending: SessionData["twoFactor"],
): Promise<Upstream> {
  if (form.code !== undefined) {
    if (!pending || Date.parse(pending.expiresAt) <= Date.now()) {
      return {
        ok: false,
        status: 401,
        error: {
          code: "two_factor_expired",
          message: "That sign-in has expired. Enter your e-mail and password again.",
        },
      };
    }
    return signInPersonCode(pending.challenge, form.code.trim(), { client });
  }
  if (form.demo === true) {
    const demo = demoSignInAs(form.as);
    if (!demo) {
      return {
        ok: false,
        status: 404,
        error: form.as
          ? { code: "not_found", message: "The demo has no such person." }
          : { code: "no_demo", message: "There is no demo on this deployment." },
      };
    }
    return demo.kind === "keys"
      ? signInUpstream(demo.api_key, demo.secret_key, { client })
      : signInPerson(demo.email, demo.password, { client });
  }
  if (form.email !== undefined) {
    const parsed = personSignInBodySchema.safeParse(raw);
    if (!parsed.success) {
      return {
        ok: false,
        status: 422,
        error: {
          code: "validation_failed",
          message: "Enter your e-mail and password.",
          fields: fieldsOf(parsed.error.issues),
        },
      };
    }
    return signInPerson(parsed.data.email, parsed.data.password, { client });
  }
  const parsed = authenticateBodySchema.safeParse(raw);
  if (!parsed.success) {
    return {
      ok: false,
      status: 422,
      error: {
        code: "validation_failed",
        message: "Enter both keys.",
        fields: fieldsOf(parsed.error.issues),
      },
    };
  }
  // The browser's address goes along, so the API limits it rather than this server.
  const result = await signInUpstream(parsed.data.api_key, parsed.data.secret_key, { client });
  if (!result.ok && result.error.code === "invalid_credentials") {
    const message = "Those keys were not accepted. Check both and try again.";
    return { ...result, error: { ...result.error, message } };
  }
  return result;
}

async function signIn(
  raw: unknown,
  form: SignInForm,
  client: string | null,
  jar: CookieJar,
): Promise<SignInResult> {
  const session = await getSession(jar);
  const result = await upstreamSignIn(raw, form, client, session.twoFactor);
  if (!result.ok) return await rememberChallenge(session, form, result);
  // A fresh session: nothing of a previous sign-in (its person) carries over.
  for (const key of Object.keys(session) as (keyof SessionData)[]) delete session[key];
  // A new id for every sign-in: what sign-out revokes, whoever holds a copy of the cookie.
  Object.assign(session, result.session, { sid: randomBytes(18).toString("base64url") });
  await session.save();
  return {
    ok: true,
    summary: {
      environment: result.session.environment ?? "test",
      companyName: result.session.companyName ?? null,
      pool: result.session.pool ?? null,
      person: result.session.person ?? null,
    },
  };
}

/** The API's challenge lives five minutes: the cookie keeps it no longer. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * A refused sign-in: a password that asks for a second factor leaves its challenge in the sealed
 * cookie (and nothing else of a previous session); a code step that cannot go on forgets it. The
 * browser never sees the challenge.
 */
async function rememberChallenge(
  session: Awaited<ReturnType<typeof getSession>>,
  form: SignInForm,
  result: Extract<SignInResult, { ok: false }>,
): Promise<SignInResult> {
  const { challenge, ...error } = result.error;
  if (challenge) {
    for (const key of Object.keys(session) as (keyof SessionData)[]) delete session[key];
    session.twoFactor = {
      challenge,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS).toISOString(),
    };
    await session.save();
  } else if (form.code !== undefined && error.code !== "invalid_two_factor_code") {
    delete session.twoFactor;
    await session.save();
  }
  return { ...result, error };
}

/**
 * DELETE /api/session: sign out, everywhere. The session's id is recorded as revoked until the
 * cookie would have expired anyway (a copy of the cookie is refused from now on, by every
 * instance), and the API token behind it is revoked upstream (DELETE /api_v2/authenticate; an
 * upstream without that call, like the real service, lets the token expire on its own).
 */
export const DELETE = portalRoute(async (req, _params, jar) => {
  const { session, active } = await currentSession(jar);
  if (active) {
    await revokedSessions.revoke(active.sid, new Date(Date.now() + SESSION_TTL_SECONDS * 1000));
    const out = await upstreamFetch(active.environment, "authenticate", {
      method: "DELETE",
      token: active.token,
      safe: true,
      client: clientAddressOf(req),
    });
    // 401: already ended; 404/405: an upstream that cannot revoke. Either way the session is.
    if (!out.ok && ![401, 404, 405].includes(out.status)) {
      log.warn("sign-out: the upstream did not revoke the token", { status: out.status });
    }
  }
  session.destroy();
  return portalJson(null, 204);
});

export const PUT = methodNotAllowed("GET, POST, DELETE");
export const PATCH = PUT;
