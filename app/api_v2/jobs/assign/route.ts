import { endpoint, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { assignJob } from "@/lib/api-v2/jobs/job-actions";
import { getJob } from "@/lib/api-v2/jobs/jobs";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { assignJobBodySchema } from "@/lib/schemas/job";

/** POST /api_v2/jobs/assign: hire a worker onto a job request (private pool). */
const assign = endpoint(
  async (ctx) => {
    const body = parseOr422(assignJobBodySchema, unwrapBody(jsonBody(ctx), "job"));
    const job = await assignJob(
      ctx.db,
      ctx.caller.companyId,
      body,
      "requestor",
      ctx.now,
      ctx.caller.person?.id ?? null,
    );
    const out = await getJob(ctx.db, ctx.caller, job.id, ctx.now);
    return json(out, 201, { Location: `/api_v2/jobs/${job.id}` });
  },
  { needs: "jobs.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: assign });
