import { resendDelivery } from "@/lib/api-v2/events/deliveries";
import { endpoint, idParam, json, methods } from "@/lib/api-v2/handler";

/** POST /api_v2/webhook_deliveries/:id/resend: send a dead (or delivered) delivery again. */
const resend = endpoint(
  async (ctx) =>
    json(
      await resendDelivery(ctx.db, ctx.caller.companyId, idParam(ctx, "id", "Delivery"), ctx.now),
      202,
    ),
  { needs: "webhooks.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: resend });
