import { endpoint, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { unreadCounts } from "@/lib/api-v2/messages/read-state";
import { unreadMessagesQuerySchema } from "@/lib/schemas/message";

/** GET /api_v2/messages/unread (ours): unread messages from workers, by job and job request. */
const unread = endpoint(
  async (ctx) =>
    json(await unreadCounts(ctx.db, ctx.caller, parseQuery(unreadMessagesQuerySchema, ctx.url))),
  { needs: "messages.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: unread });
