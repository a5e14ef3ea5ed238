import { personSignInBodySchema } from "@/lib/schemas/person-auth";
import { twoFactorSignInBodySchema } from "@/lib/schemas/two-factor";
import { ApiError } from "../errors";
import type { Ctx } from "../handler";
import { parseOr422 } from "../handler";
import { hasNul, isJsonMediaType, nulRefused, parseJsonObject } from "../read-body";

/** What POST /authenticate was given: a key pair, or a person's e-mail and password (ours). */
export type SignInCredentials =
  | { kind: "keys"; apiKey: string; secretKey: string }
  | { kind: "person"; email: string; password: string }
  | { kind: "two_factor"; challenge: string; code: string };

function bodyFields(ctx: Ctx): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const body = ctx.bodyText.trim();
  if (!body) return found;
  if (ctx.mediaType === "application/x-www-form-urlencoded") {
    for (const [k, v] of new URLSearchParams(ctx.bodyText)) found[k] = v;
  } else if (isJsonMediaType(ctx.mediaType)) {
    Object.assign(found, parseJsonObject(ctx.bodyText));
  } else {
    throw new ApiError(
      "unsupported_media_type",
      "Send credentials as query parameters, a form-encoded body or a JSON body",
    );
  }
  return found;
}

/**
 * A password in the URL would sit in browser history, proxy logs and Referer headers: refused
 * before anything else is looked at (and its value is redacted from our own log line).
 */
function refusePasswordInQuery(ctx: Ctx): void {
  if (!ctx.url.searchParams.has("password")) return;
  throw new ApiError(
    "validation_failed",
    "Send the password in the request body (JSON or form-encoded), never in the URL",
    { password: ["must be sent in the request body, not the query string"] },
  );
}

/**
 * Credentials from the query string (documented for key pairs), a form-encoded body (what the
 * data-sync client sends) or a JSON body. E-mail and password (our addition) come in the body
 * only. A key pair's missing half is 422 missing_credentials, as before people existed.
 */
export function signInCredentialsOf(ctx: Ctx): SignInCredentials {
  refusePasswordInQuery(ctx);
  const found = bodyFields(ctx);
  const given = (field: string) => found[field] !== undefined || ctx.url.searchParams.has(field);
  if (found.challenge !== undefined && !given("api_key") && !given("email")) {
    const { challenge, code } = parseOr422(twoFactorSignInBodySchema, {
      challenge: found.challenge,
      code: found.code,
    });
    if (hasNul(challenge)) throw nulRefused("challenge");
    if (hasNul(code)) throw nulRefused("code");
    return { kind: "two_factor", challenge, code };
  }
  const isPerson =
    !given("api_key") && !given("secret_key") && (given("email") || given("password"));
  if (isPerson) {
    const { email, password } = parseOr422(personSignInBodySchema, {
      email: found.email,
      password: found.password,
    });
    if (hasNul(email)) throw nulRefused("email");
    if (hasNul(password)) throw nulRefused("password");
    return { kind: "person", email: email.toLowerCase(), password };
  }
  for (const k of ["api_key", "secret_key"]) {
    const v = ctx.url.searchParams.get(k);
    if (v && found[k] === undefined) found[k] = v;
  }
  const pick = (k: string) => (typeof found[k] === "string" ? (found[k] as string).trim() : "");
  const apiKey = pick("api_key");
  const secretKey = pick("secret_key");
  if (hasNul(apiKey)) throw nulRefused("api_key");
  if (hasNul(secretKey)) throw nulRefused("secret_key");
  const missing = [!apiKey && "api_key", !secretKey && "secret_key"].filter(Boolean);
  if (missing.length > 0) {
    throw new ApiError("missing_credentials", `Missing ${missing.join(" and ")}`);
  }
  return { kind: "keys", apiKey, secretKey };
}
