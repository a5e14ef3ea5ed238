import { endpoint, idParam, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import {
  deleteTemplate,
  getTemplate,
  updateTemplate,
} from "@/lib/api-v2/job-request-templates/templates";
import { updateJobRequestTemplateBodySchema } from "@/lib/schemas/job-request-template";

const WHAT = "Job request template";

/** GET /api_v2/job_request_templates/:id (ours). */
const get = endpoint(
  async (ctx) => json(await getTemplate(ctx.db, ctx.caller, idParam(ctx, "id", WHAT))),
  { needs: "job_requests.read" },
);

/** PATCH /api_v2/job_request_templates/:id (ours): rename, or replace its fields. */
const update = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", WHAT);
    const body = parseOr422(updateJobRequestTemplateBodySchema, jsonBody(ctx));
    return json(await updateTemplate(ctx.db, ctx.caller, id, body, ctx.now));
  },
  { needs: "job_requests.write" },
);

/** DELETE /api_v2/job_request_templates/:id (ours): 204. */
const remove = endpoint(
  async (ctx) => {
    await deleteTemplate(ctx.db, ctx.caller, idParam(ctx, "id", WHAT));
    return json(null, 204);
  },
  { needs: "job_requests.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: get,
  PATCH: update,
  DELETE: remove,
});
