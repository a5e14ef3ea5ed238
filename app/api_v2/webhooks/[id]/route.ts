import { getWebhook, removeWebhook } from "@/lib/api-v2/events/webhooks";
import { endpoint, idParam, json, methods } from "@/lib/api-v2/handler";

/** GET /api_v2/webhooks/:id (our addition; private pool). */
const get = endpoint(
  async (ctx) =>
    json(await getWebhook(ctx.db, ctx.caller.companyId, idParam(ctx, "id", "Webhook"))),
  { needs: "webhooks.read" },
);

/** DELETE /api_v2/webhooks/:id: unsubscribe; deliveries still waiting are cancelled. */
const remove = endpoint(
  async (ctx) =>
    json(await removeWebhook(ctx.db, ctx.caller.companyId, idParam(ctx, "id", "Webhook"), ctx.now)),
  { needs: "webhooks.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, DELETE: remove });
