import "server-only";
import type { SessionData } from "@/lib/portal/server/session";
import { upstreamFetch } from "@/lib/portal/server/upstream";
import type { PortalError } from "@/lib/portal/types";
import { environmentOfKey, keyPairProblems } from "@/lib/schemas/auth";

type TokenAnswer = { token: string; expires_at: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function isTokenAnswer(body: unknown): body is TokenAnswer {
  return (
    isObject(body) &&
    typeof body.token === "string" &&
    body.token.length > 0 &&
    typeof body.expires_at === "string" &&
    !Number.isNaN(Date.parse(body.expires_at))
  );
}

/**
 * Exchanges a key pair for a token at the upstream the key's prefix chooses. The secret key is
 * used for this one call and never kept, logged or echoed.
 */
export async function signInUpstream(
  apiKey: string,
  secretKey: string,
  opts: { client?: string | null } = {},
): Promise<
  | {
      ok: true;
      session: Required<Omit<SessionData, "pool" | "sid" | "person" | "twoFactor">> &
        Pick<SessionData, "pool" | "person">;
    }
  | { ok: false; status: number; error: PortalError }
> {
  // Plain mistakes are said before anyone is asked (and before the upstream's rate limit).
  const problems = keyPairProblems(apiKey, secretKey);
  if (Object.keys(problems).length > 0) {
    return {
      ok: false,
      status: 422,
      error: {
        code: "validation_failed",
        message: Object.entries(problems)
          .map(([field, [m]]) => `${field === "api_key" ? "API key" : "Secret key"} ${m}`)
          .join(". "),
        fields: problems,
      },
    };
  }
  const environment = environmentOfKey(apiKey);
  if (!environment) {
    return {
      ok: false,
      status: 422,
      error: {
        code: "validation_failed",
        message: "The API key must start with pk_test_ or pk_live_",
        fields: { api_key: ["must start with pk_test_ or pk_live_"] },
      },
    };
  }
  // Form-encoded, as the real service's own clients send it. Nothing changes upstream when a
  // token is handed out, so a failure reads as one to simply try again.
  const auth = await upstreamFetch(environment, "authenticate", {
    method: "POST",
    body: new URLSearchParams({ api_key: apiKey, secret_key: secretKey }).toString(),
    contentType: "application/x-www-form-urlencoded",
    safe: true,
    expect: isTokenAnswer,
    client: opts.client,
  });
  if (!auth.ok) {
    // A 401 here means the keys, whatever words the upstream chose (the real service's body
    // is not our error shape).
    // Our API's environment_mismatch says what is wrong (a live key on a test deployment):
    // keep its words and code.
    const error =
      auth.status === 401 && auth.error.code !== "environment_mismatch"
        ? { ...auth.error, code: "invalid_credentials" }
        : auth.error;
    return { ok: false, status: auth.status, error };
  }
  const body = auth.body as TokenAnswer;
  // Our API says who the token belongs to; the real service has no such call: cope without it.
  const me = await upstreamFetch(environment, "me", { token: body.token, client: opts.client });
  const who = (me.ok && isObject(me.body) ? me.body : {}) as {
    company?: { name?: unknown };
    pool?: unknown;
  };
  return {
    ok: true,
    session: {
      token: body.token,
      expiresAt: new Date(body.expires_at).toISOString(),
      environment,
      companyName:
        typeof who.company?.name === "string"
          ? who.company.name
          : `Account ${apiKey.slice(0, 12)}…`,
      pool: who.pool === "private" || who.pool === "public" ? who.pool : null,
    },
  };
}
