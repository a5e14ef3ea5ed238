import { requirePrivatePool } from "@/lib/api-v2/caller";
import { createWebhook, listWebhooks } from "@/lib/api-v2/events/webhooks";
import { endpoint, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { createWebhookBodySchema } from "@/lib/schemas/webhook";

/** GET /api_v2/webhooks: the company's subscriptions (our addition; private pool). */
const list = endpoint(async (ctx) => {
  requirePrivatePool(ctx.caller);
  const all = await listWebhooks(ctx.db, ctx.caller.companyId);
  return json({ webhooks: all.map(({ company_id: _, ...w }) => w) });
});

/** POST /api_v2/webhooks: subscribe a URL; deliveries are signed with the caller's secret key. */
const create = endpoint(async (ctx) => {
  requirePrivatePool(ctx.caller);
  const body = parseOr422(createWebhookBodySchema, unwrapBody(jsonBody(ctx), "webhook"));
  const hook = await createWebhook(
    ctx.db,
    ctx.caller.companyId,
    ctx.caller.apiKeyId,
    body,
    ctx.now,
  );
  return json(hook, 201, { Location: `/api_v2/webhooks/${hook.id}` });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
