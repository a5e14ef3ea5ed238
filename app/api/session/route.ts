import { loadDemoCredentials } from "@/lib/demo-keys";
import { originAllowed } from "@/lib/portal/proxy-rules";
import { foreignOrigin, portalError, portalJson } from "@/lib/portal/respond";
import { activeSession, getSession } from "@/lib/portal/session";
import { signInUpstream } from "@/lib/portal/sign-in";
import { upstreamFor } from "@/lib/portal/upstream-base";
import { authenticateBodySchema } from "@/lib/schemas/auth";

/** GET /api/session: who is signed in (no token in the answer). */
export async function GET() {
  const session = activeSession(await getSession());
  if (!session) return portalError(401, { code: "signed_out", message: "Not signed in." });
  return portalJson({
    environment: session.environment,
    companyName: session.companyName ?? null,
    pool: session.pool ?? null,
  });
}

/** POST /api/session: sign in with {api_key, secret_key}, or {demo: true} for the demo company. */
export async function POST(req: Request) {
  if (!originAllowed("POST", req.headers.get("origin"), req.headers.get("host")))
    return foreignOrigin();
  let raw: unknown;
  try {
    raw = await req.json();
  } catch {
    return portalError(400, { code: "malformed_request", message: "Send the keys as JSON." });
  }
  let creds: { api_key: string; secret_key: string };
  if (typeof raw === "object" && raw !== null && (raw as { demo?: unknown }).demo === true) {
    const demo = upstreamFor("test").embedded ? loadDemoCredentials() : null;
    if (!demo)
      return portalError(404, { code: "no_demo", message: "There is no demo on this deployment." });
    creds = demo.private;
  } else {
    const parsed = authenticateBodySchema.safeParse(raw);
    if (!parsed.success) {
      const fields: Record<string, string[]> = {};
      for (const i of parsed.error.issues) {
        const key = String(i.path[0]);
        fields[key] = [...(fields[key] ?? []), i.message];
      }
      return portalError(422, { code: "validation_failed", message: "Enter both keys.", fields });
    }
    creds = parsed.data;
  }
  const result = await signInUpstream(creds.api_key, creds.secret_key);
  if (!result.ok) {
    const error =
      result.error.code === "invalid_credentials"
        ? { ...result.error, message: "Those keys were not accepted. Check both and try again." }
        : result.error;
    return portalError(result.status, error);
  }
  const session = await getSession();
  Object.assign(session, result.session);
  await session.save();
  return portalJson({
    environment: result.session.environment,
    companyName: result.session.companyName,
    pool: result.session.pool ?? null,
  });
}

/** DELETE /api/session: sign out. */
export async function DELETE(req: Request) {
  if (!originAllowed("DELETE", req.headers.get("origin"), req.headers.get("host")))
    return foreignOrigin();
  const session = await getSession();
  session.destroy();
  return portalJson(null, 204);
}
