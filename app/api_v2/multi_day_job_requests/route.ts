import { endpoint, json, jsonBody, methods } from "@/lib/api-v2/handler";
import { createSeries } from "@/lib/api-v2/jobs/multi-day";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";

/**
 * POST /api_v2/multi_day_job_requests: the umbrella of a series (private pool); with a
 * `job_request` (ours) its postings too, in one transaction.
 */
const create = endpoint(
  async (ctx) => {
    const body = jsonBody(ctx);
    const fields = unwrapBody(body, "multi_day_job_request");
    const out = await createSeries(
      ctx.db,
      ctx.caller,
      fields,
      fields.job_request ?? body.job_request,
      ctx.now,
    );
    return json(out, 201, {
      Location: `/api_v2/multi_day_job_requests/${out.multi_day_job_request.id}`,
    });
  },
  { needs: "job_requests.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: create });
