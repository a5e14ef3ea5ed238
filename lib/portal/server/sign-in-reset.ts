import "server-only";
import type { z } from "zod";
import { clientAddressOf } from "@/lib/net/trusted-headers";
import { readLimitedText, SIGN_IN_MAX_BYTES } from "@/lib/portal/server/read-body";
import { bodyTooLarge, portalError, portalJson } from "@/lib/portal/server/respond";
import { upstreamFetch } from "@/lib/portal/server/upstream";
import { upstreamFor } from "@/lib/portal/server/upstream-base";

/**
 * A password reset's step through the portal (our API's addition, so only where our API serves
 * the test environment): the body parsed and bounded here, sent on as JSON (never in a URL),
 * the browser's address along so the API limits it rather than this server, and the API's
 * answer passed back in the house shape. Nothing of the body is logged.
 */
export async function forwardPasswordReset(
  req: Request,
  apiPath: "password_resets" | "password_resets/confirm",
  schema: z.ZodType,
): Promise<Response> {
  if (!upstreamFor("test").embedded) {
    return portalError(404, {
      code: "not_offered",
      message: "Passwords are not offered here: sign in with your API key pair.",
    });
  }
  const text = await readLimitedText(req, SIGN_IN_MAX_BYTES);
  if (text === null) return bodyTooLarge(SIGN_IN_MAX_BYTES);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return portalError(400, { code: "malformed_request", message: "Send the form as JSON." });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) {
      const key = String(i.path[0]);
      fields[key] = [...(fields[key] ?? []), i.message];
    }
    return portalError(422, {
      code: "validation_failed",
      message: "Check the highlighted fields.",
      fields,
    });
  }
  const out = await upstreamFetch("test", apiPath, {
    method: "POST",
    body: JSON.stringify(parsed.data),
    contentType: "application/json",
    client: clientAddressOf(req),
  });
  if (!out.ok) {
    const retryAfter = out.headers.get("retry-after");
    return portalError(out.status, out.error, retryAfter ? { "retry-after": retryAfter } : {});
  }
  return out.status === 204
    ? new Response(null, { status: 204 })
    : portalJson(out.body, out.status);
}
