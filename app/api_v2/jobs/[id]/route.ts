import { endpoint, idParam, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { updateJob } from "@/lib/api-v2/jobs/job-actions";
import { getJob } from "@/lib/api-v2/jobs/jobs";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { updateJobBodySchema } from "@/lib/schemas/job";

/** GET /api_v2/jobs/:id: `{"job": {...}}`. */
const get = endpoint(
  async (ctx) => json(await getJob(ctx.db, ctx.caller, idParam(ctx, "id", "Job"), ctx.now)),
  { needs: "jobs.read" },
);

/** PATCH /api_v2/jobs/:id: the requestor's actions on a job (cancel, start, approve, no-show…). */
const update = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", "Job");
    const body = parseOr422(updateJobBodySchema, unwrapBody(jsonBody(ctx), "job"));
    await updateJob(ctx.db, ctx.caller, id, body, ctx.now);
    return json(await getJob(ctx.db, ctx.caller, id, ctx.now));
  },
  { needs: "jobs.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, PATCH: update });
