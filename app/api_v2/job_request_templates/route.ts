import { endpoint, json, jsonBody, methods, parseOr422 } from "@/lib/api-v2/handler";
import { createTemplate, listTemplates } from "@/lib/api-v2/job-request-templates/templates";
import { createJobRequestTemplateBodySchema } from "@/lib/schemas/job-request-template";

/** GET /api_v2/job_request_templates (ours): the company's templates, by name (at most 200). */
const list = endpoint(async (ctx) => json(await listTemplates(ctx.db, ctx.caller)), {
  needs: "job_requests.read",
});

/** POST /api_v2/job_request_templates (ours): save a posting's fields under a name. */
const create = endpoint(
  async (ctx) => {
    const body = parseOr422(createJobRequestTemplateBodySchema, jsonBody(ctx));
    const out = await createTemplate(ctx.db, ctx.caller, body, ctx.now);
    return json(out, 201, {
      Location: `/api_v2/job_request_templates/${out.job_request_template.id}`,
    });
  },
  { needs: "job_requests.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
