import { endpoint, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { listJobRequests } from "@/lib/api-v2/jobs/jobs";
import { listJobRequestsQuerySchema } from "@/lib/schemas/job";

/** GET /api_v2/job_requests: the company's job requests (read-only). */
const list = endpoint(async (ctx) =>
  json(await listJobRequests(ctx.db, ctx.caller, parseQuery(listJobRequestsQuerySchema, ctx.url))),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list });
