import { endpoint, json, methods, parseOr422 } from "@/lib/api-v2/handler";
import { messageBodyOf } from "@/lib/api-v2/messages/message-body";
import { markRead } from "@/lib/api-v2/messages/read-state";
import { markReadBodySchema } from "@/lib/schemas/message";

/**
 * POST /api_v2/messages/mark_read (ours): a job's unread messages to the company (or to one
 * receiver) read now, in one statement: `{"marked": n}`.
 */
const mark = endpoint(
  async (ctx) =>
    json(
      await markRead(
        ctx.db,
        ctx.caller,
        parseOr422(markReadBodySchema, messageBodyOf(ctx)),
        ctx.now,
      ),
    ),
  { needs: "messages.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: mark });
