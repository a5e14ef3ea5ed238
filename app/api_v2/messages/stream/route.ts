import { endpoint, methods, parseQuery } from "@/lib/api-v2/handler";
import { openMessageStream } from "@/lib/api-v2/messages/stream";
import { messageStreamQuerySchema } from "@/lib/schemas/message";

/**
 * GET /api_v2/messages/stream (ours): Server-Sent Events when the company's messages (or one
 * job request's, `job_request_id`) are written or read, and (issue 27) `job` events when a job
 * request or one of its jobs changes. Ids only; refetch through the API.
 */
const stream = endpoint(
  async (ctx) =>
    openMessageStream(
      ctx.req,
      ctx.db,
      ctx.caller,
      parseQuery(messageStreamQuerySchema, ctx.url),
      ctx.now,
    ),
  { needs: "messages.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: stream });
