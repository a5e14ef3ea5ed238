import { z } from "zod";
import { JOB_LIMITS } from "@/lib/schemas/job";
import {
  createJobRequestTemplateBodySchema,
  QUALIFIED_DEFAULT_MILES,
  qualifiedWorkersQuerySchema,
  TEMPLATE_LIMITS,
  templateFieldsSchema,
  updateJobRequestTemplateBodySchema,
} from "@/lib/schemas/job-request-template";
import { ADDITION, timestamp } from "../schemas/common";
import {
  ADDITION_NOTE,
  AUTH_ERRORS,
  type Endpoint,
  idParam,
  JSON_BODY_ERRORS,
  PRIVATE_POOL_NOTE,
  queryObject,
} from "../shared";

/** Job request templates and the posting's qualified-worker count: ours, for "posting in seconds". */

const TemplateFields = templateFieldsSchema.meta({
  id: "JobRequestTemplateFields",
  description:
    "The fields of a posting, as POST /job_requests takes them, without start_time, state and the multi-day fields (they belong to one posting). Checked by the same schema; the rules that need the database (category, badges, requestor) are checked when a job request is posted from the template.",
});

const templateSchema = z
  .object({
    id: z.number().int(),
    name: z.string().meta({
      description: `1 to ${TEMPLATE_LIMITS.name} characters, unique in the company (case-insensitive).`,
    }),
    job_request: TemplateFields,
    created_by_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The person who saved it; null for a key pair." }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: "JobRequestTemplate", description: `A named posting to start from.${ADDITION}` });

const templateEnvelope = z.object({ job_request_template: templateSchema });
const templateList = z.object({
  job_request_templates: z.array(templateSchema),
  total: z.number().int().min(0),
});
const qualifiedCount = z
  .object({
    count: z.number().int().min(0).meta({ description: "Workers the ranking would offer." }),
    distance: z.number().int().meta({ description: "Miles, as asked (or the default)." }),
  })
  .meta({
    id: "QualifiedWorkersCount",
    description: `How many workers a posting would reach.${ADDITION}`,
  });

const CreateBody = createJobRequestTemplateBodySchema.meta({
  id: "CreateJobRequestTemplateBody",
  description: "A name and the posting's fields.",
});
const UpdateBody = updateJobRequestTemplateBodySchema.meta({
  id: "UpdateJobRequestTemplateBody",
  description:
    "A new name, or new fields: job_request replaces the template's fields as a whole (it is not merged).",
});

const SCOPE =
  " Templates belong to the company: another company's is not found (404). Reading needs job_requests.read (every role, either pool, like job requests); writing needs job_requests.write (requestors and admins; read-only people get 403 `forbidden_for_role`).";

export const JOB_REQUEST_TEMPLATES_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/job_requests/qualified_workers",
    operationId: "countQualifiedWorkers",
    tag: "Job requests",
    summary: "Count qualified workers near a site",
    description: `How many of the company's workers a posting at latitude/longitude requiring badge_ids (comma-separated, at most 100) would be offered within distance miles (1 to ${JOB_LIMITS.notificationDistance}, default ${QUALIFIED_DEFAULT_MILES}): the ranking's rule (in the pool, holding every badge, not suspended), measured from the same point (current location, else home). Workers without a location are not counted. One count in the database over the ranking's index. Needs candidates.read.${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { query: queryObject(qualifiedWorkersQuerySchema) },
    queryNotes: {
      latitude: { description: "The site's latitude." },
      longitude: { description: "The site's longitude." },
      distance: { description: `Miles, 1 to ${JOB_LIMITS.notificationDistance}.` },
      badge_ids: { description: "Badges the posting requires: 1,2,3." },
    },
    success: {
      status: 200,
      description: "The count.",
      schema: qualifiedCount,
      example: { count: 14, distance: 10 },
    },
    errors: ["malformed_request", ...AUTH_ERRORS, "forbidden_for_public_pool"],
  },
  {
    method: "get",
    path: "/api_v2/job_request_templates",
    operationId: "listJobRequestTemplates",
    tag: "Job requests",
    summary: "List job request templates",
    description: `The company's templates, by name: all of them (a company keeps at most ${TEMPLATE_LIMITS.perCompany}).${ADDITION_NOTE}${SCOPE}`,
    auth: true,
    addition: true,
    success: { status: 200, description: "The templates.", schema: templateList },
    errors: [...AUTH_ERRORS],
  },
  {
    method: "post",
    path: "/api_v2/job_request_templates",
    operationId: "createJobRequestTemplate",
    tag: "Job requests",
    summary: "Create a job request template",
    description: `Saves a posting's fields under a name. A name already used by another of the company's templates (in any case) is refused with 422 on name, as is a template beyond the company's ${TEMPLATE_LIMITS.perCompany}. Post from it with POST /job_requests \`job_request_template_id\`.${ADDITION_NOTE}${SCOPE}`,
    auth: true,
    addition: true,
    request: {
      body: {
        description: "The template.",
        required: true,
        content: {
          "application/json": {
            schema: CreateBody,
            example: { name: "Loader shift", job_request: { request_name: "Loader", slots: 3 } },
          },
        },
      },
    },
    success: {
      status: 201,
      description: "The new template.",
      schema: templateEnvelope,
      headers: ["Location"],
    },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "forbidden_for_role",
      "validation_failed",
    ],
  },
  {
    method: "get",
    path: "/api_v2/job_request_templates/{id}",
    operationId: "getJobRequestTemplate",
    tag: "Job requests",
    summary: "Read a job request template",
    description: `One template.${ADDITION_NOTE}${SCOPE}`,
    auth: true,
    addition: true,
    request: { params: idParam("template") },
    success: { status: 200, description: "The template.", schema: templateEnvelope },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/job_request_templates/{id}",
    operationId: "updateJobRequestTemplate",
    tag: "Job requests",
    summary: "Rename or change a job request template",
    description: `Renames it (422 on name when taken) or replaces its fields.${ADDITION_NOTE}${SCOPE}`,
    auth: true,
    addition: true,
    request: {
      params: idParam("template"),
      body: {
        description: "What changes.",
        required: true,
        content: { "application/json": { schema: UpdateBody, example: { name: "Early loaders" } } },
      },
    },
    success: { status: 200, description: "The template as it is now.", schema: templateEnvelope },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "forbidden_for_role",
      "not_found",
      "validation_failed",
    ],
  },
  {
    method: "delete",
    path: "/api_v2/job_request_templates/{id}",
    operationId: "deleteJobRequestTemplate",
    tag: "Job requests",
    summary: "Delete a job request template",
    description: `Deletes it; job requests posted from it are not changed.${ADDITION_NOTE}${SCOPE}`,
    auth: true,
    addition: true,
    request: { params: idParam("template") },
    success: { status: 204, description: "Deleted." },
    errors: [...AUTH_ERRORS, "forbidden_for_public_pool", "forbidden_for_role", "not_found"],
  },
];
