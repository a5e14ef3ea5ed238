import type { z } from "zod";
import { jobRequestBodySchema } from "@/lib/schemas/job";
import {
  cancelSeriesBodySchema,
  MULTI_DAY_LIMITS,
  multiDayBodySchema,
} from "@/lib/schemas/multi-day";
import { cancelSeriesResultSchema, multiDayEnvelopeSchema } from "../schemas/multi-day";
import {
  ADDITION_NOTE,
  AUTH_ERRORS,
  type Endpoint,
  idParam,
  JSON_BODY_ERRORS,
  PRIVATE_POOL_NOTE,
} from "../shared";

const MultiDayBody = multiDayBodySchema
  .extend({
    job_request: jobRequestBodySchema.optional().meta({
      description:
        "Our addition: the body of POST /job_requests. The series and its repeat_number postings are created together.",
      "x-addition": true,
    }),
  })
  .meta({
    id: "MultiDayJobRequestBody",
    description: `repeat_type (daily or weekly) is required on POST; repeat_number is 1 to ${MULTI_DAY_LIMITS.repeatNumber} (required with job_request, else 1 by default); same_workers is true/false (or "1"/"0").`,
  });

const BODY_NOTE =
  'Send the fields at the top level, or inside an object under "multi_day_job_request" ({"multi_day_job_request": {...}}): both shapes are accepted.';

const EXAMPLE_SERIES = {
  multi_day_job_request: { repeat_type: "daily", repeat_number: 3, same_workers: true },
  job_request: {
    request_name: "Festival set-up",
    category: "Event Staff",
    state: "posted",
    description_tasks: "Stage, tents and barriers.",
    slots: 4,
    start_time: "2026-12-07 09:00",
    timezone: "America/Los_Angeles",
    duration: 480,
    address: "501 Stanyan St",
    city: "San Francisco",
    zip: "94117",
  },
};

const WHAT = "multi-day job request";

const body = (schema: z.ZodType, example: unknown) => ({
  description: BODY_NOTE,
  required: true,
  content: { "application/json": { schema, example } },
});

/** Multi-day job requests: the original interface's three, and our cancel. */
export const MULTI_DAY_ENDPOINTS: Endpoint[] = [
  {
    method: "post",
    path: "/api_v2/multi_day_job_requests",
    operationId: "createMultiDayJobRequest",
    tag: "Job requests",
    summary: "Create a multi-day job request",
    description: `A series of job requests: the umbrella holds the repeat rules, each day is a job request whose \`multi_day_job_request_id\` names the umbrella. POST /job_requests with that id joins a day to one of the company's series, and \`multi_day\` follows the id. With \`job_request\` (our addition) the umbrella and its \`repeat_number\` postings are created in one transaction: day 1 at the given start_time, each next day 1 day (daily) or 7 days (weekly) later at the same local time in the request's timezone, across DST changes; start_time is then required, and a refusal of any field writes nothing (the job request's fields are reported under their own names, as POST /job_requests does). ${BODY_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: { body: body(MultiDayBody, EXAMPLE_SERIES) },
    success: {
      status: 201,
      description: "The new series, with its days.",
      schema: multiDayEnvelopeSchema,
      headers: ["Location"],
    },
    errors: [...JSON_BODY_ERRORS, ...AUTH_ERRORS, "forbidden_for_public_pool", "validation_failed"],
  },
  {
    method: "get",
    path: "/api_v2/multi_day_job_requests/{id}",
    operationId: "getMultiDayJobRequest",
    tag: "Job requests",
    summary: "Get a multi-day job request",
    description:
      'One of the company\'s series, as {"multi_day_job_request": {...}}, with its days in day order (our addition). Either pool may read it, as job requests.',
    auth: true,
    request: { params: idParam(WHAT) },
    success: { status: 200, description: "The series.", schema: multiDayEnvelopeSchema },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/multi_day_job_requests/{id}",
    operationId: "updateMultiDayJobRequest",
    tag: "Job requests",
    summary: "Update a multi-day job request",
    description: `Changes the repeat rules (repeat_type, repeat_number, same_workers); the days are each job request's own and are not added or removed. same_workers applies to hires from then on. ${BODY_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      params: idParam(WHAT),
      body: body(multiDayBodySchema, { multi_day_job_request: { same_workers: true } }),
    },
    success: { status: 200, description: "The updated series.", schema: multiDayEnvelopeSchema },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
    ],
  },
  {
    method: "post",
    path: "/api_v2/multi_day_job_requests/{id}/cancel",
    operationId: "cancelMultiDayJobRequest",
    tag: "Job requests",
    summary: "Cancel this and the following days",
    description: `Cancels the day \`from_job_request_id\` (the first day not yet begun when absent) and every later day not yet begun, each as PATCH /job_requests/{id} with state cancelled does (its live jobs cancelled, \`job.state_changed\` and \`job_request.state_changed\` sent), in one transaction. A day that has started (in progress, or its start_time passed) or ended is refused (422 on from_job_request_id, naming the day), as is an id that is not a day of the series. One day alone is cancelled with PATCH /job_requests/{id}.${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: {
      params: idParam(WHAT),
      body: {
        description: "The first day to cancel.",
        required: false,
        content: {
          "application/json": {
            schema: cancelSeriesBodySchema.meta({ id: "CancelSeriesBody" }),
            example: { from_job_request_id: 1202 },
          },
        },
      },
    },
    success: {
      status: 200,
      description: "The series after the cancel, and the days it cancelled.",
      schema: cancelSeriesResultSchema,
    },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
    ],
  },
];
