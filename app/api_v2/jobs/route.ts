import { endpoint, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { listJobs } from "@/lib/api-v2/jobs/jobs";
import { listJobsQuerySchema } from "@/lib/schemas/job";

/** GET /api_v2/jobs: the company's jobs (read-only), newest change first. */
const list = endpoint(async (ctx) =>
  json(await listJobs(ctx.db, ctx.caller, parseQuery(listJobsQuerySchema, ctx.url))),
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list });
