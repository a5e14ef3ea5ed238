import { endpoint, idParam, json, jsonBody, methods } from "@/lib/api-v2/handler";
import { getJobRequest, updateJobRequest } from "@/lib/api-v2/jobs/job-requests";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";

/** GET /api_v2/job_requests/:id: `{"job_request": {...}}`, as the real service wraps it. */
const get = endpoint(
  async (ctx) => json(await getJobRequest(ctx.db, ctx.caller, idParam(ctx, "id", "Job request"))),
  { needs: "job_requests.read" },
);

/** PATCH /api_v2/job_requests/:id: a partial update; `state: cancelled` cancels (private pool). */
const update = endpoint(
  async (ctx) =>
    json(
      await updateJobRequest(
        ctx.db,
        ctx.caller,
        idParam(ctx, "id", "Job request"),
        unwrapBody(jsonBody(ctx), "job_request"),
        ctx.now,
      ),
    ),
  { needs: "job_requests.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, PATCH: update });
