import { z } from "zod";
import { DEFAULT_JOB_CATEGORIES } from "@/lib/db/schema";
import {
  assignJobBodySchema,
  CLASSIFICATIONS,
  candidatesQuerySchema,
  JOB_REQUEST_STATES,
  JOB_STATES,
  jobRequestBodySchema,
  listJobRequestsQuerySchema,
  listJobsQuerySchema,
  REQUIRED_TO_POST,
  simulateWorkerBodySchema,
  updateJobBodySchema,
  W2_PAY_STATUSES,
} from "@/lib/schemas/job";
import { NOTIFY_TOP } from "../../jobs/notify-candidates";
import {
  candidateListSchema,
  jobCategoriesSchema,
  jobEnvelopeSchema,
  jobListSchema,
  jobRequestEnvelopeSchema,
  jobRequestListSchema,
  messageEnvelopeSchema,
} from "../response-schemas";
import {
  ADDITION_NOTE,
  AUTH_ERRORS,
  type Endpoint,
  eitherShape,
  idParam,
  JSON_BODY_ERRORS,
  type Note,
  PAGING_NOTES,
  PRIVATE_POOL_NOTE,
  queryObject,
  stateNotes,
} from "../shared";
import { GEOCODING_NOTE } from "./job-body-notes";

const JobRequestBody = jobRequestBodySchema.meta({
  id: "JobRequestBody",
  description: `The job request's writable fields, all optional in the schema. On POST, \`state\` and \`request_name\` are always required, and unless the state is \`draft\` so are ${REQUIRED_TO_POST.filter((f) => f !== "request_name").join(", ")} and description or description_tasks (w2_hourly_rate too with classification w2). On PATCH only the fields sent change, and the request as it will be must still have them.`,
});

const AssignJobBody = assignJobBodySchema.meta({
  id: "AssignJobBody",
  description: "The worker to hire and the job request to hire them onto.",
});

const SimulateWorkerBody = simulateWorkerBodySchema.meta({
  id: "SimulateWorkerBody",
  description:
    "The worker's action: start, pause, resume, complete or withdraw; or message (our addition) with the reply's body.",
});

const UpdateJobBody = updateJobBodySchema.meta({
  id: "UpdateJobBody",
  description:
    "A requestor's action on the job (state), and notes on it; only the fields sent change.",
});

const bodyNote = (key: "job_request" | "job") =>
  `Send the fields at the top level, or inside an object under "${key}" ({"${key}": {...}}): both shapes are accepted.`;
const JOB_REQUEST_BODY_NOTE = bodyNote("job_request");
const JOB_BODY_NOTE = bodyNote("job");

const EXAMPLE_JOB_REQUEST = {
  job_request: {
    request_name: "Warehouse associates",
    category: "Fulfillment / Warehousing",
    state: "posted",
    description_tasks: "Pick, pack and label orders.",
    slots: 3,
    start_time: "2026-12-01 09:30",
    timezone: "America/Los_Angeles",
    duration: 480,
    wage: 160,
    classification: "1099",
    venue: "Dock 4",
    address: "500 Terry A Francois Blvd",
    city: "San Francisco",
    address_state: "CA",
    zip: "94158",
    latitude: "37.7706",
    longitude: "-122.3872",
    badge_requirements_attributes: [{ badge_id: 12 }],
  },
};

const EXAMPLE_ASSIGN = { job: { worker_id: 42, job_request_id: 3 } };

const JOB_REQUEST_QUERY_NOTES: Record<string, Note> = {
  ...PAGING_NOTES,
  state: stateNotes(JOB_REQUEST_STATES),
  company_id: { description: "The caller's company id; any other id finds nothing." },
  multi_day_job_request_id: { description: "The days of this multi-day request." },
  classification: { description: `${CLASSIFICATIONS.join(" or ")}.` },
  w2_hourly_rate: { description: "Exact W2 hourly rate, e.g. 18.50." },
  agent_code: {
    description: "Exact agent code; `Null` matches requests without one.",
  },
  category: { description: "Exact category. Our addition.", addition: true },
  zip: { description: "Exact zip. Our addition.", addition: true },
  employer_id: {
    description: "The job requests of one requestor (an employer user's id). Our addition.",
    addition: true,
  },
  start_after: {
    description:
      "Only requests starting at or after this ISO 8601 timestamp (inclusive); requests without a start time never match. With start_before, a half-open window [start_after, start_before), so consecutive weeks never share a request. Our addition.",
    addition: true,
  },
  start_before: {
    description:
      "Only requests starting strictly before this ISO 8601 timestamp (exclusive). Our addition.",
    addition: true,
  },
  sort: {
    description:
      "`-updated_at` (default): newest change first. `start_time`: earliest start first, requests without a start time last, ties by id. Our addition.",
    addition: true,
  },
};

const JOB_QUERY_NOTES: Record<string, Note> = {
  ...PAGING_NOTES,
  state: stateNotes(JOB_STATES),
  job_request_id: { description: "The jobs of this job request." },
  classification: { description: `${CLASSIFICATIONS.join(" or ")} (the job request's).` },
  w2_hourly_rate: { description: "The job request's W2 hourly rate, e.g. 18.50." },
  w2_pay_status: { description: `${W2_PAY_STATUSES.join(", ")}.` },
  worker_id: { description: "One worker's jobs. Our addition.", addition: true },
};

const RANKING_RULE = `Who qualifies: a worker of the company's pool holding every badge the request requires, not suspended (a suspended_until in the past ends a suspension), not on its ban_list, and not already on the request (in any job state). Order: nearest first, measured from the work site to the worker's current location (latitude/longitude), else home (home_latitude/home_longitude), else (approximate, \`approximate_location: true\`) the centre of the worker's ZIP code from the offline ZIP table; ties (the same distance) put real coordinates before a ZIP centre, then preferred candidates first, then the higher rating (unrated last), then the lower id; workers with none of these come after every located one, in the same tie-break order, as do all workers when the request has no coordinates. ${GEOCODING_NOTE} No total: \`has_more\` says whether another page follows. When the request becomes posted, the top ${NOTIFY_TOP} of this ranking are e-mailed about it through the outbox.`;

/** Job requests (with their candidates and categories) and jobs. */
export const JOBS_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/job_requests",
    operationId: "listJobRequests",
    tag: "Job requests",
    summary: "List job requests",
    description:
      "The company's job requests, newest change first, filtered and paged like workers. Either pool may read them.",
    auth: true,
    request: { query: queryObject(listJobRequestsQuerySchema) },
    queryNotes: JOB_REQUEST_QUERY_NOTES,
    success: {
      status: 200,
      description: "One page of job requests.",
      schema: jobRequestListSchema,
    },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
  {
    method: "post",
    path: "/api_v2/job_requests",
    operationId: "createJobRequest",
    tag: "Job requests",
    summary: "Create a job request",
    description: `Posts a job. \`state\` and \`request_name\` are required; unless the state is \`draft\` (our addition: a draft may be incomplete), so are ${REQUIRED_TO_POST.filter((f) => f !== "request_name").join(", ")}, and description or description_tasks; w2_hourly_rate is required with classification w2. category must be one of the company's categories (GET /job_requests/categories). start_time is "YYYY-MM-DD HH:MM" read in \`timezone\` (IANA), or ISO 8601 with an offset. ${GEOCODING_NOTE} A request created as posted e-mails its top ${NOTIFY_TOP} candidates through the outbox. Every failing field is reported together, in one 422 \`validation_failed\`. \`job_request_template_id\` (the real portal's name; templates are our addition, see /job_request_templates): the template's fields, with the body's on top (422 on job_request_template_id for another company's template or an unknown id). ${JOB_REQUEST_BODY_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      body: {
        description: JOB_REQUEST_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(JobRequestBody, "job_request"),
            example: EXAMPLE_JOB_REQUEST,
          },
        },
      },
    },
    success: {
      status: 201,
      description: "The new job request.",
      schema: jobRequestEnvelopeSchema,
      headers: ["Location"],
    },
    errors: [...JSON_BODY_ERRORS, ...AUTH_ERRORS, "forbidden_for_public_pool", "validation_failed"],
  },
  {
    method: "get",
    path: "/api_v2/job_requests/categories",
    operationId: "listJobCategories",
    tag: "Job requests",
    summary: "The company's job categories",
    description: `The values a job request's category may take, set per company by the operator (new companies start with ${DEFAULT_JOB_CATEGORIES.length} common ones).${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    success: {
      status: 200,
      description: "The categories.",
      schema: jobCategoriesSchema,
      example: { categories: DEFAULT_JOB_CATEGORIES.slice(0, 3) },
    },
    errors: [...AUTH_ERRORS],
  },
  {
    method: "get",
    path: "/api_v2/job_requests/{id}",
    operationId: "getJobRequest",
    tag: "Job requests",
    summary: "Get a job request",
    description: 'One of the company\'s job requests, as {"job_request": {...}}.',
    auth: true,
    request: { params: idParam("job request") },
    success: { status: 200, description: "The job request.", schema: jobRequestEnvelopeSchema },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/job_requests/{id}",
    operationId: "updateJobRequest",
    tag: "Job requests",
    summary: "Update or cancel a job request",
    description: `Partial update, all or nothing: only the fields sent change, and the request as it will be must still be complete unless it is a draft (or being cancelled). \`state\` moves it between draft, unassigned and posted, or cancels it (\`cancelled\`: its live jobs are cancelled too, each sending \`job.state_changed\`); a move not allowed is 422 on \`state\`. A completed, approved or cancelled request can no longer be changed (422 on \`state\`). slots may not drop below the workers already hired; raising it re-opens a filled request. Becoming posted e-mails the top ${NOTIFY_TOP} candidates. ${JOB_REQUEST_BODY_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      params: idParam("job request"),
      body: {
        description: JOB_REQUEST_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(JobRequestBody, "job_request"),
            example: { job_request: { state: "cancelled" } },
          },
        },
      },
    },
    success: {
      status: 200,
      description: "The updated job request.",
      schema: jobRequestEnvelopeSchema,
    },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
    ],
  },
  {
    method: "get",
    path: "/api_v2/job_requests/{id}/candidates",
    operationId: "listJobRequestCandidates",
    tag: "Job requests",
    summary: "Rank the workers for a job request",
    description: `The workers who qualify for the request, best first, each with its distance, which location was measured, whether it is a preferred candidate and the required badges it holds. ${RANKING_RULE}${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("job request"), query: queryObject(candidatesQuerySchema) },
    queryNotes: { page: PAGING_NOTES.page!, per: PAGING_NOTES.per! },
    success: {
      status: 200,
      description: "One page of candidates.",
      schema: candidateListSchema,
    },
    errors: ["malformed_request", ...AUTH_ERRORS, "forbidden_for_public_pool", "not_found"],
  },
  {
    method: "get",
    path: "/api_v2/jobs",
    operationId: "listJobs",
    tag: "Jobs",
    summary: "List jobs",
    description:
      "The company's jobs, newest change first, filtered and paged like workers. Either pool may read them; for a public-pool key a job's worker is null once the job is no longer active (approved more than 24 hours ago, cancelled, …).",
    auth: true,
    request: { query: queryObject(listJobsQuerySchema) },
    queryNotes: JOB_QUERY_NOTES,
    success: { status: 200, description: "One page of jobs.", schema: jobListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
  {
    method: "post",
    path: "/api_v2/jobs",
    operationId: "createJob",
    tag: "Jobs",
    summary: "Create a job (hire a worker)",
    description: `The same as POST /jobs/assign: hires a worker onto a job request. ${JOB_BODY_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      body: {
        description: JOB_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(AssignJobBody, "job"),
            example: EXAMPLE_ASSIGN,
          },
        },
      },
    },
    success: {
      status: 201,
      description: "The new job.",
      schema: jobEnvelopeSchema,
      headers: ["Location"],
    },
    errors: [...JSON_BODY_ERRORS, ...AUTH_ERRORS, "forbidden_for_public_pool", "validation_failed"],
  },
  {
    method: "post",
    path: "/api_v2/jobs/assign",
    operationId: "assignJob",
    tag: "Jobs",
    summary: "Hire a worker onto a job request",
    description: `Creates the worker's job on the request, \`filled\`, and sends \`job.state_changed\` with previous_state null; the request's state follows (filled once every slot is taken). Refused with 422 \`validation_failed\` (nothing changes) when the job request is not the company's (on job_request_id), is not unassigned or posted, or has no free slot; or when the worker is not in the company's pool, is already on the request, is suspended, is on its ban_list, or lacks a required badge (on worker_id). Concurrent hires never overfill a request. ${JOB_BODY_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      body: {
        description: JOB_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(AssignJobBody, "job"),
            example: EXAMPLE_ASSIGN,
          },
        },
      },
    },
    success: {
      status: 201,
      description: "The new job.",
      schema: jobEnvelopeSchema,
      headers: ["Location"],
    },
    errors: [...JSON_BODY_ERRORS, ...AUTH_ERRORS, "forbidden_for_public_pool", "validation_failed"],
  },
  {
    method: "get",
    path: "/api_v2/jobs/{id}",
    operationId: "getJob",
    tag: "Jobs",
    summary: "Get a job",
    description: 'One of the company\'s jobs, as {"job": {...}}.',
    auth: true,
    request: { params: idParam("job") },
    success: { status: 200, description: "The job.", schema: jobEnvelopeSchema },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/jobs/{id}",
    operationId: "updateJob",
    tag: "Jobs",
    summary: "Act on a job: cancel, start, approve, rate, no-show",
    description: `The requestor's actions, as \`state\`: \`cancelled\` (with an optional cancelled_reason), as the original interface documents; our additions: \`in_progress\` (start the job on the worker's behalf), \`approved\` (approve a completed job, optionally with a rating 1-5; a rating sent alone on a completed job approves it too), \`no_show\` (the worker did not come), \`filled\` or \`rejected\` (grant or reject a pending application). A move the job's state does not allow (see the Jobs tag) is 422 \`validation_failed\` on \`fields.state\`, and nothing changes. Without \`state\`, actual_duration, requestor_notes and (on an approved job) rating are saved as they are. The job request's state follows. ${JOB_BODY_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      params: idParam("job"),
      body: {
        description: JOB_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(UpdateJobBody, "job"),
            example: { job: { state: "approved", rating: 5 } },
          },
        },
      },
    },
    success: { status: 200, description: "The job after the change.", schema: jobEnvelopeSchema },
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
    path: "/api_v2/jobs/{id}/simulate",
    operationId: "simulateWorker",
    tag: "Jobs",
    summary: "Act as the job's worker (test environment)",
    description: `What the worker does in the worker's app, for demos and tests: \`start\` (filled → in_progress), \`pause\`, \`resume\`, \`complete\` (in_progress → completed) or \`withdraw\`. Recorded in the job's transitions with actor \`worker\`, sent as \`job.state_changed\`, and the request's state follows, exactly as when the worker acts. A move the job's state does not allow is 422 \`validation_failed\` on \`fields.state\`. \`message\` with \`body\` (1 to 2,000 characters) is the worker's reply in the job's conversation, to the employer who wrote last there (else the job request's requestor, else the company's first admin); it answers the message (\`{"message": {...}}\`), sent as \`message.created\`, and needs messages.write too. Offered by a test-environment server only; a live one answers 404.${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: {
      params: idParam("job"),
      body: {
        description: "The worker's action.",
        required: true,
        content: {
          "application/json": {
            schema: SimulateWorkerBody,
            example: { action: "complete" },
          },
        },
      },
    },
    success: {
      status: 200,
      description: "The job after the move; for `message`, the worker's message.",
      schema: z.union([jobEnvelopeSchema, messageEnvelopeSchema]),
    },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "forbidden_for_role",
      "not_found",
      "validation_failed",
    ],
  },
];
