import { type Ctx, jsonBody } from "./handler";
import { hasNul, nulRefused } from "./read-body";

/**
 * The fields of a write whose reference documents a form encoding (its Swagger export:
 * `customer[name]=…`, `push_all_notifications_asap=on`): JSON (at the top level or under
 * `key`), or the form, where `key[field]` and bare `field` are both taken. In a form, `token` is
 * the credential, not a field; other keys (nested attributes, unknown names) are ignored, as
 * unknown JSON fields are.
 */
export function formOrJsonBody(ctx: Ctx, key: string): Record<string, unknown> {
  if (ctx.mediaType !== "application/x-www-form-urlencoded") {
    const body = jsonBody(ctx);
    const inner = body[key];
    return inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? (inner as Record<string, unknown>)
      : body;
  }
  const bracketed = new RegExp(`^${key}\\[([a-z0-9_]{1,64})\\]$`);
  const out: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(ctx.bodyText)) {
    if (hasNul(k) || hasNul(v)) throw nulRefused("Request body");
    if (k === "token") continue;
    const name = bracketed.exec(k)?.[1] ?? (/^[a-z0-9_]{1,64}$/.test(k) ? k : null);
    if (name !== null) out[name] = v;
  }
  return out;
}
