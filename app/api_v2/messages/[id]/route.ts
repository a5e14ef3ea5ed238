import { endpoint, idParam, json, methods, parseOr422 } from "@/lib/api-v2/handler";
import { messageBodyOf } from "@/lib/api-v2/messages/message-body";
import { findMessage } from "@/lib/api-v2/messages/messages";
import { updateMessage } from "@/lib/api-v2/messages/read-state";
import { updateMessageBodySchema } from "@/lib/schemas/message";

/** GET /api_v2/messages/:id: `{"message": {...}}`. */
const get = endpoint(
  async (ctx) =>
    json({ message: await findMessage(ctx.db, ctx.caller, idParam(ctx, "id", "Message")) }),
  { needs: "messages.read" },
);

/** PATCH /api_v2/messages/:id (ours): `read_at` only; null marks the message unread again. */
const update = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", "Message");
    const body = parseOr422(updateMessageBodySchema, messageBodyOf(ctx));
    return json({ message: await updateMessage(ctx.db, ctx.caller, id, body, ctx.now) });
  },
  { needs: "messages.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, PATCH: update });
