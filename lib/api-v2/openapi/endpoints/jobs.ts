import {
  JOB_REQUEST_STATES,
  JOB_STATES,
  listJobRequestsQuerySchema,
  listJobsQuerySchema,
} from "@/lib/schemas/job";
import {
  jobListSchema,
  jobRequestListSchema,
  jobRequestSchema,
  jobSchema,
} from "../response-schemas";
import {
  AUTH_ERRORS,
  type Endpoint,
  idParam,
  PAGING_NOTES,
  queryObject,
  stateNotes,
} from "../shared";

/** Jobs and job requests (read-only today). */
export const JOBS_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/jobs",
    operationId: "listJobs",
    tag: "Jobs",
    summary: "List jobs",
    description: "The company's jobs, newest change first, filtered and paged like workers.",
    auth: true,
    request: { query: queryObject(listJobsQuerySchema) },
    queryNotes: { ...PAGING_NOTES, state: stateNotes(JOB_STATES) },
    success: { status: 200, description: "One page of jobs.", schema: jobListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
  {
    method: "get",
    path: "/api_v2/jobs/{id}",
    operationId: "getJob",
    tag: "Jobs",
    summary: "Get a job",
    description: "One of the company's jobs.",
    auth: true,
    request: { params: idParam("job") },
    success: { status: 200, description: "The job.", schema: jobSchema },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "get",
    path: "/api_v2/job_requests",
    operationId: "listJobRequests",
    tag: "Job requests",
    summary: "List job requests",
    description: "The company's job requests, newest change first, filtered and paged like jobs.",
    auth: true,
    request: { query: queryObject(listJobRequestsQuerySchema) },
    queryNotes: { ...PAGING_NOTES, state: stateNotes(JOB_REQUEST_STATES) },
    success: {
      status: 200,
      description: "One page of job requests.",
      schema: jobRequestListSchema,
    },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
  {
    method: "get",
    path: "/api_v2/job_requests/{id}",
    operationId: "getJobRequest",
    tag: "Job requests",
    summary: "Get a job request",
    description: "One of the company's job requests.",
    auth: true,
    request: { params: idParam("job request") },
    success: { status: 200, description: "The job request.", schema: jobRequestSchema },
    errors: [...AUTH_ERRORS, "not_found"],
  },
];
