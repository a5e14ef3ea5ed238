import { disableTwoFactor, startTwoFactor } from "@/lib/api-v2/auth/two-factor/enrol";
import { endpoint, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { disableTwoFactorBodySchema } from "@/lib/schemas/two-factor";

/** POST /api_v2/me/two_factor: start two-factor enrolment (our addition). */
const start = endpoint(async (ctx) => json(await startTwoFactor(ctx.db, ctx.caller), 201), {
  needs: "session",
  beforeTwoFactor: true,
});

/** DELETE /api_v2/me/two_factor: turn it off with the password (our addition). */
const disable = endpoint(
  async (ctx) => {
    const body = parseOr422(disableTwoFactorBodySchema, jsonBody(ctx));
    await disableTwoFactor(ctx.db, ctx.caller, body.password, ctx.now);
    return json(null, 204);
  },
  { needs: "session" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: start, DELETE: disable });
