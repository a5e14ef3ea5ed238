import { setCompanyTwoFactor } from "@/lib/api-v2/auth/two-factor/enrol";
import { endpoint, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { companySettingsBodySchema } from "@/lib/schemas/two-factor";

/** PATCH /api_v2/me/company: an admin requires two-factor sign-in for everyone (ours). */
const update = endpoint(
  async (ctx) => {
    const body = parseOr422(companySettingsBodySchema, jsonBody(ctx));
    return json(await setCompanyTwoFactor(ctx.db, ctx.caller, body.require_two_factor));
  },
  { needs: "team.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ PATCH: update });
