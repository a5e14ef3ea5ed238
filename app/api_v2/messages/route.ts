import { endpoint, json, methods, parseBody, parseQuery } from "@/lib/api-v2/handler";
import { createMessage } from "@/lib/api-v2/messages/create-message";
import { messageBodyOf } from "@/lib/api-v2/messages/message-body";
import { listMessages } from "@/lib/api-v2/messages/messages";
import { createMessageBodySchema, listMessagesQuerySchema } from "@/lib/schemas/message";

/** GET /api_v2/messages: the company's messages, newest first, filtered and paged (max 50). */
const list = endpoint(
  async (ctx) =>
    json(await listMessages(ctx.db, ctx.caller, parseQuery(listMessagesQuerySchema, ctx.url))),
  { needs: "messages.read" },
);

/** POST /api_v2/messages: "Create a Message" about a job; JSON or the form's `message[...]`. */
const create = endpoint(
  async (ctx) => {
    const parsed = parseBody(createMessageBodySchema, messageBodyOf(ctx));
    const message = await createMessage(ctx.db, ctx.caller, parsed, ctx.now);
    return json({ message }, 201, { Location: `/api_v2/messages/${message.id}` });
  },
  { needs: "messages.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
