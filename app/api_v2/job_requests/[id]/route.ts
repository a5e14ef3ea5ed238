import { endpoint, idParam, json, methods } from "@/lib/api-v2/handler";
import { getJobRequest } from "@/lib/api-v2/jobs/jobs";

/** GET /api_v2/job_requests/:id */
const get = endpoint(async (ctx) =>
  json(await getJobRequest(ctx.db, ctx.caller, idParam(ctx, "id", "Job request"))),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
