import { listMails } from "@/lib/api-v2/events/deliveries";
import { endpoint, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { listMailsQuerySchema } from "@/lib/schemas/webhook";

/** GET /api_v2/mails: the invitation e-mails sent for the company (the demo outbox). */
const list = endpoint(
  async (ctx) =>
    json(
      await listMails(
        ctx.db,
        ctx.caller.companyId,
        parseQuery(listMailsQuerySchema, ctx.url),
        ctx.now,
      ),
    ),
  { needs: "mails.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list });
