import { confirmTwoFactor } from "@/lib/api-v2/auth/two-factor/enrol";
import { endpoint, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { confirmTwoFactorBodySchema } from "@/lib/schemas/two-factor";

/** POST /api_v2/me/two_factor/confirm: a right code turns it on; the recovery codes, once (ours). */
const confirm = endpoint(
  async (ctx) => {
    const { code } = parseOr422(confirmTwoFactorBodySchema, jsonBody(ctx));
    return json(await confirmTwoFactor(ctx.db, ctx.caller, code, ctx.now));
  },
  { needs: "session", beforeTwoFactor: true },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: confirm });
