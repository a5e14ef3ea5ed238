import { changePassword } from "@/lib/api-v2/auth/change-password";
import { endpoint, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { changePasswordBodySchema } from "@/lib/schemas/person-auth";

/** PATCH /api_v2/me/password: a person changes their password; their other sessions end (ours). */
const change = endpoint(
  async (ctx) => {
    const body = parseOr422(changePasswordBodySchema, jsonBody(ctx));
    await changePassword(ctx.db, ctx.caller, body, ctx.now);
    return json(null, 204);
  },
  { needs: "session" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ PATCH: change });
