import { RESET_REQUESTED, requestPasswordReset } from "@/lib/api-v2/auth/password-reset";
import { json, jsonBody, methods, parseOr422, publicDbEndpoint } from "@/lib/api-v2/handler";
import { clientAddress } from "@/lib/api-v2/request-meta";
import { requestPasswordResetBodySchema } from "@/lib/schemas/person-auth";

/** POST /api_v2/password_resets: mail a one-use reset link (our addition); always 202. */
const requestReset = publicDbEndpoint(async (ctx) => {
  const { email } = parseOr422(requestPasswordResetBodySchema, jsonBody(ctx));
  await requestPasswordReset(ctx.db, email, {
    clientAddress: clientAddress(ctx.req),
    now: ctx.now,
  });
  return json(RESET_REQUESTED, 202);
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: requestReset });
