import { endpoint, json, jsonBody, methods, parseQuery } from "@/lib/api-v2/handler";
import { createJobRequest, listJobRequests } from "@/lib/api-v2/jobs/job-requests";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { listJobRequestsQuerySchema } from "@/lib/schemas/job";

/** GET /api_v2/job_requests: the company's job requests, newest change first. */
const list = endpoint(
  async (ctx) =>
    json(
      await listJobRequests(ctx.db, ctx.caller, parseQuery(listJobRequestsQuerySchema, ctx.url)),
    ),
  { needs: "job_requests.read" },
);

/** POST /api_v2/job_requests: post a job (private pool; 403 for the public pool, as documented). */
const create = endpoint(
  async (ctx) => {
    const out = await createJobRequest(
      ctx.db,
      ctx.caller,
      unwrapBody(jsonBody(ctx), "job_request"),
      ctx.now,
    );
    return json(out, 201, { Location: `/api_v2/job_requests/${out.job_request.id}` });
  },
  { needs: "job_requests.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
