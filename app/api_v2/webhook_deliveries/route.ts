import { listDeliveries } from "@/lib/api-v2/events/deliveries";
import { endpoint, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { listDeliveriesQuerySchema } from "@/lib/schemas/webhook";

/** GET /api_v2/webhook_deliveries: recent deliveries with every attempt (our addition). */
const list = endpoint(
  async (ctx) =>
    json(
      await listDeliveries(
        ctx.db,
        ctx.caller.companyId,
        parseQuery(listDeliveriesQuerySchema, ctx.url),
      ),
    ),
  { needs: "webhooks.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list });
