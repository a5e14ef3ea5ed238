import { confirmPasswordReset } from "@/lib/api-v2/auth/password-reset";
import { json, jsonBody, methods, parseOr422, publicDbEndpoint } from "@/lib/api-v2/handler";
import { clientAddress } from "@/lib/api-v2/request-meta";
import { confirmPasswordResetBodySchema } from "@/lib/schemas/person-auth";

/** POST /api_v2/password_resets/confirm: set a new password with the link's token (our addition). */
const confirm = publicDbEndpoint(async (ctx) => {
  const { token, password } = parseOr422(confirmPasswordResetBodySchema, jsonBody(ctx));
  await confirmPasswordReset(
    ctx.db,
    { token, password },
    { clientAddress: clientAddress(ctx.req), now: ctx.now },
  );
  return json(null, 204);
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: confirm });
