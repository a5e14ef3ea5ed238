import { requirePermission } from "@/lib/api-v2/caller";
import { ApiError } from "@/lib/api-v2/errors";
import { endpoint, idParam, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { actAsWorker } from "@/lib/api-v2/jobs/job-actions";
import { getJob } from "@/lib/api-v2/jobs/jobs";
import { simulateWorkerReply } from "@/lib/api-v2/messages/create-message";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { env } from "@/lib/env";
import { simulateWorkerBodySchema } from "@/lib/schemas/job";
import { simulateMessageBodySchema } from "@/lib/schemas/message";

/**
 * POST /api_v2/jobs/:id/simulate (ours, test environment only): what the worker does in the
 * worker's app (start, pause, resume, complete, withdraw, and reply to a message), so a demo
 * can follow a job to the requestor's approval and show both sides of a conversation. A live
 * server has no such call (404), as the real service has none.
 */
const simulate = endpoint(
  async (ctx) => {
    if (env().API_ENVIRONMENT !== "test") {
      throw new ApiError(
        "not_found",
        "Simulating a worker is offered in the test environment only",
      );
    }
    const id = idParam(ctx, "id", "Job");
    const fields = unwrapBody(jsonBody(ctx), "job");
    const { action } = parseOr422(simulateWorkerBodySchema, fields);
    if (action === "message") {
      requirePermission(ctx.caller, "messages.write");
      const { body } = parseOr422(simulateMessageBodySchema, fields);
      const message = await simulateWorkerReply(ctx.db, ctx.caller, id, body, ctx.now);
      return json({ message }, 200, { Location: `/api_v2/messages/${message.id}` });
    }
    await actAsWorker(ctx.db, ctx.caller.companyId, { action, jobId: id }, ctx.now);
    return json(await getJob(ctx.db, ctx.caller, id, ctx.now));
  },
  { needs: "jobs.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: simulate });
