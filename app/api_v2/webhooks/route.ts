import { createWebhook, listWebhooks } from "@/lib/api-v2/events/webhooks";
import { endpoint, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { createWebhookBodySchema } from "@/lib/schemas/webhook";

/** GET /api_v2/webhooks: the company's subscriptions (our addition; private pool). */
const list = endpoint(
  async (ctx) => {
    const all = await listWebhooks(ctx.db, ctx.caller.companyId);
    return json({ webhooks: all.map(({ company_id: _, ...w }) => w) });
  },
  { needs: "webhooks.read" },
);

/** POST /api_v2/webhooks: subscribe a URL; deliveries are signed with the caller's secret key. */
const create = endpoint(
  async (ctx) => {
    const body = parseOr422(createWebhookBodySchema, unwrapBody(jsonBody(ctx), "webhook"));
    const hook = await createWebhook(
      ctx.db,
      ctx.caller.companyId,
      // A teammate's token has no key (0): deliveries are then signed with the company's newest.
      ctx.caller.apiKeyId || null,
      body,
      ctx.now,
    );
    return json(hook, 201, { Location: `/api_v2/webhooks/${hook.id}` });
  },
  { needs: "webhooks.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
