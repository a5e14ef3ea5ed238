import { endpoint, json, methods } from "@/lib/api-v2/handler";
import { env } from "@/lib/env";

/**
 * GET /api_v2/me: who the token belongs to (our addition; the real service has no such call,
 * and the portal copes without it). Lets the portal name the company and know the pool.
 */
const me = endpoint(
  async (ctx) =>
    json({
      company: { id: ctx.caller.companyId, name: ctx.caller.companyName },
      pool: ctx.caller.pool,
      environment: env().API_ENVIRONMENT,
    }),
  { needs: "session" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: me });
