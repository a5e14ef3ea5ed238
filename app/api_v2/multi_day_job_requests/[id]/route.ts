import { endpoint, idParam, json, jsonBody, methods } from "@/lib/api-v2/handler";
import { getSeries, updateSeries } from "@/lib/api-v2/jobs/multi-day";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";

const WHAT = "Multi-day job request";

/** GET /api_v2/multi_day_job_requests/:id: `{"multi_day_job_request": {...}}` with its days. */
const get = endpoint(
  async (ctx) => json(await getSeries(ctx.db, ctx.caller, idParam(ctx, "id", WHAT))),
  { needs: "job_requests.read" },
);

/** PATCH /api_v2/multi_day_job_requests/:id: the repeat rules (private pool). */
const update = endpoint(
  async (ctx) =>
    json(
      await updateSeries(
        ctx.db,
        ctx.caller,
        idParam(ctx, "id", WHAT),
        unwrapBody(jsonBody(ctx), "multi_day_job_request"),
        ctx.now,
      ),
    ),
  { needs: "job_requests.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, PATCH: update });
