import { type Ctx, jsonBody } from "../handler";
import { hasNul, nulRefused } from "../read-body";
import { unwrapBody } from "../unwrap-body";

const BRACKETED = /^user\[([a-z_]{1,64})\]$/;

/**
 * The fields of a POST /users body: JSON (at the top level or under `user`), or the reference's
 * form encoding (`user[first_name]=Dana&user[role]=requestor`, what its Swagger export
 * documents). In a form, `token` is the credential, not a field; bare names are taken too.
 */
export function userBodyOf(ctx: Ctx): Record<string, unknown> {
  if (ctx.mediaType !== "application/x-www-form-urlencoded") {
    return unwrapBody(jsonBody(ctx), "user");
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(ctx.bodyText)) {
    if (hasNul(k) || hasNul(v)) throw nulRefused("Request body");
    if (k === "token") continue;
    // Other keys (nested attributes, unknown names) are ignored, as unknown JSON fields are.
    const name = BRACKETED.exec(k)?.[1] ?? (/^[a-z_]{1,64}$/.test(k) ? k : null);
    if (name !== null) out[name] = v;
  }
  return out;
}
