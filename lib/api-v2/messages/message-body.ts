import { type Ctx, jsonBody } from "../handler";
import { hasNul, nulRefused } from "../read-body";
import { unwrapBody } from "../unwrap-body";

const BRACKETED = /^message\[([a-z_]{1,64})\]$/;

/**
 * The fields of a message write: JSON at the top level or under `message`, or the reference's
 * form encoding (`message[body]=…&message[job_id]=…`, what its Swagger export documents). In a
 * form, `token` is the credential, not a field; bare names are taken too.
 */
export function messageBodyOf(ctx: Ctx): Record<string, unknown> {
  if (ctx.mediaType !== "application/x-www-form-urlencoded") {
    return unwrapBody(jsonBody(ctx), "message");
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
