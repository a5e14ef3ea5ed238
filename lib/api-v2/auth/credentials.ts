import { ApiError } from "../errors";
import type { Ctx } from "../handler";
import { hasNul, isJsonMediaType, nulRefused, parseJsonObject } from "../read-body";

/**
 * Credentials from the query string (documented), a form-encoded body (what the data-sync
 * client sends) or a JSON body. A missing key is 422 missing_credentials.
 */
export function credentialsOf(ctx: Ctx): { apiKey: string; secretKey: string } {
  const found: Record<string, unknown> = {};
  const body = ctx.bodyText.trim();
  if (body) {
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
  return { apiKey, secretKey };
}
