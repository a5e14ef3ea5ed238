import { endpoint, idParam, json, methods } from "@/lib/api-v2/handler";
import { getJob } from "@/lib/api-v2/jobs/jobs";

/** GET /api_v2/jobs/:id */
const get = endpoint(async (ctx) =>
  json(await getJob(ctx.db, ctx.caller, idParam(ctx, "id", "Job"))),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
