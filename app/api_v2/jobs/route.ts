import { endpoint, json, jsonBody, methods, parseOr422, parseQuery } from "@/lib/api-v2/handler";
import { assignJob } from "@/lib/api-v2/jobs/job-actions";
import { getJob, listJobs } from "@/lib/api-v2/jobs/jobs";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { assignJobBodySchema, listJobsQuerySchema } from "@/lib/schemas/job";

/** GET /api_v2/jobs: the company's jobs, newest change first. */
const list = endpoint(
  async (ctx) =>
    json(await listJobs(ctx.db, ctx.caller, parseQuery(listJobsQuerySchema, ctx.url), ctx.now)),
  { needs: "jobs.read" },
);

/** POST /api_v2/jobs: "Create a Job", the same as POST /jobs/assign (private pool). */
const create = endpoint(
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

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
