import { describeCaller } from "@/lib/api-v2/auth/me";
import { endpoint, json, methods } from "@/lib/api-v2/handler";

/**
 * GET /api_v2/me: who the token belongs to (our addition; the real service has no such call,
 * and the portal copes without it): the company, the pool, the person and what they may do.
 */
const me = endpoint(async (ctx) => json(await describeCaller(ctx.db, ctx.caller)), {
  needs: "session",
  beforeTwoFactor: true,
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: me });
