import { endpoint, idParam, json, jsonBody, methods } from "@/lib/api-v2/handler";
import { cancelSeries } from "@/lib/api-v2/jobs/multi-day";

/**
 * POST /api_v2/multi_day_job_requests/:id/cancel (ours): cancels `from_job_request_id` and
 * every later day not yet begun, in one transaction (private pool).
 */
const cancel = endpoint(
  async (ctx) =>
    json(
      await cancelSeries(
        ctx.db,
        ctx.caller,
        idParam(ctx, "id", "Multi-day job request"),
        jsonBody(ctx),
        ctx.now,
      ),
    ),
  { needs: "job_requests.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: cancel });
