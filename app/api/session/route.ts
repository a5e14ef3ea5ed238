import { randomBytes } from "node:crypto";
import { z } from "zod";
import { loadDemoCredentials } from "@/lib/demo-keys";
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
import { type CookieJar, getSession, SESSION_TTL_SECONDS } from "@/lib/portal/server/session";
import { signInUpstream } from "@/lib/portal/server/sign-in";
import { enterSignIn } from "@/lib/portal/server/sign-in-limit";
import { upstreamFetch } from "@/lib/portal/server/upstream";
import { upstreamFor } from "@/lib/portal/server/upstream-base";
import type { PortalError, SessionSummary } from "@/lib/portal/types";
import { authenticateBodySchema } from "@/lib/schemas/auth";
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
 * POST /api/session: sign in with {api_key, secret_key}, or {demo: true} for the demo company.
 * The sign-in page's script sends JSON; the same form posted before the script loaded (plain
 * HTML, form-encoded) is answered with a redirect, so the keys never travel in a URL.
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
    return portalError(400, { code: "malformed_request", message: "Send the keys as JSON." });
  }
  const form = signInFormOf(raw);
  const gate = await enterSignIn(req, form.api_key ?? null, signInStore);
  const result: SignInResult = gate.allowed
    ? await signIn(raw, form.demo === true, clientAddressOf(req), jar)
    : {
        ok: false,
        status: 429,
        error: {
          code: "rate_limited",
          message: `Too many sign-in attempts. Wait ${gate.retryAfterSeconds} seconds and try again.`,
        },
      };
  // Only refused keys count against the limit: a success, or an upstream that failed to
  // answer (5xx), gives the attempt back.
  if (gate.allowed && (result.ok || result.status >= 500)) await gate.release();
  if (isForm) {
    const next = safeNext(form.next);
    const to = result.ok
      ? next
      : `/sign-in?error=${encodeURIComponent(result.error.code)}&next=${encodeURIComponent(next)}`;
    return new Response(null, {
      status: 303,
      headers: { location: to, "cache-control": "no-store" },
    });
  }
  if (!gate.allowed) return tooManyAttempts(gate.retryAfterSeconds);
  return result.ok ? portalJson(result.summary) : portalError(result.status, result.error);
});

/**
 * The parts of a sign-in body read before the keys are checked (the limiter's key, the demo
 * switch, where to go next): each read leniently, a wrong type counting as absent.
 */
const signInFormSchema = z.looseObject({
  api_key: z.string().optional().catch(undefined),
  demo: z.boolean().optional().catch(undefined),
  next: z.string().optional().catch(undefined),
});
const signInFormOf = (raw: unknown) => signInFormSchema.safeParse(raw).data ?? {};

type SignInResult =
  | { ok: true; summary: SessionSummary }
  | { ok: false; status: number; error: PortalError };

async function signIn(
  raw: unknown,
  demo: boolean,
  client: string | null,
  jar: CookieJar,
): Promise<SignInResult> {
  let creds: { api_key: string; secret_key: string };
  if (demo) {
    const keys = upstreamFor("test").embedded ? loadDemoCredentials() : null;
    if (!keys) {
      return {
        ok: false,
        status: 404,
        error: { code: "no_demo", message: "There is no demo on this deployment." },
      };
    }
    creds = keys.private;
  } else {
    const parsed = authenticateBodySchema.safeParse(raw);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const i of parsed.error.issues) {
        const key = String(i.path[0]);
        fields[key] = [...(fields[key] ?? []), i.message];
      }
      return {
        ok: false,
        status: 422,
        error: { code: "validation_failed", message: "Enter both keys.", fields },
      };
    }
    creds = parsed.data;
  }
  // The browser's address goes along, so the API limits it rather than this server.
  const result = await signInUpstream(creds.api_key, creds.secret_key, { client });
  if (!result.ok) {
    const error =
      result.error.code === "invalid_credentials"
        ? { ...result.error, message: "Those keys were not accepted. Check both and try again." }
        : result.error;
    return { ok: false, status: result.status, error };
  }
  const session = await getSession(jar);
  // A new id for every sign-in: what sign-out revokes, whoever holds a copy of the cookie.
  Object.assign(session, result.session, { sid: randomBytes(18).toString("base64url") });
  await session.save();
  return {
    ok: true,
    summary: {
      environment: result.session.environment,
      companyName: result.session.companyName,
      pool: result.session.pool ?? null,
      person: result.session.person ?? null,
    },
  };
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
