import { updateCustomerBodySchema } from "@/lib/schemas/customer";
import { candidatesQuerySchema, resendNotificationsBodySchema } from "@/lib/schemas/job";
import { searchQuerySchema, trackingQuerySchema } from "@/lib/schemas/user";
import { NOTIFY_TOP } from "../../jobs/notify-candidates";
import { RESEND_INTERVAL_SECONDS } from "../../jobs/resend-notifications";
import { SEARCH_PER_KIND } from "../../search/search";
import {
  customerSchema,
  rankingListSchema,
  reRankSchema,
  resendNotificationsSchema,
  searchResultSchema,
  trackingListSchema,
} from "../response-schemas";
import {
  AUTH_ERRORS,
  type Endpoint,
  idParam,
  JSON_BODY_ERRORS,
  PAGING_NOTES,
  PRIVATE_POOL_NOTE,
  queryObject,
} from "../shared";

const ResendNotificationsBody = resendNotificationsBodySchema.meta({
  id: "ResendNotificationsBody",
});
const UpdateCustomerBody = updateCustomerBodySchema.meta({ id: "UpdateCustomerBody" });

const FORM_NOTE =
  "JSON, or the reference's form encoding (application/x-www-form-urlencoded, where `token` may travel in the body).";
const SAME_RANKING =
  "The same ranking, rules and order as GET /job_requests/{id}/candidates (our name for it, which documents the rules); the entries are identical, under the key `rankings`.";

/** The rest of the real reference (issue 27, docs/reference-rest.md). */
export const REFERENCE_REST_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/job_requests/{id}/rankings",
    operationId: "listJobRequestRankings",
    tag: "Job requests",
    summary: "List the workers ranked for a job request",
    description: `The workers ranked for this job request, in ranked order. ${SAME_RANKING} Paged with page and per (at most 50); no total: \`has_more\` says whether another page follows.${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: { params: idParam("job request"), query: queryObject(candidatesQuerySchema) },
    queryNotes: { page: PAGING_NOTES.page!, per: PAGING_NOTES.per! },
    success: { status: 200, description: "One page of the ranking.", schema: rankingListSchema },
    errors: [
      "malformed_request",
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "forbidden_for_role",
      "not_found",
    ],
  },
  {
    method: "post",
    path: "/api_v2/job_requests/{id}/re_rank_workers",
    operationId: "reRankJobRequestWorkers",
    tag: "Job requests",
    summary: "Re-rank workers for a job request",
    description: `Our ranking is computed live, in the database, on every read, so there is nothing stored to recompute: re-ranking changes nothing and answers the fresh ranking (the first page, or \`page\`/\`per\` from the query), with \`ranked_at\`. ${SAME_RANKING} Needs the job_requests.write action (admins and requestors).${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: { params: idParam("job request"), query: queryObject(candidatesQuerySchema) },
    queryNotes: { page: PAGING_NOTES.page!, per: PAGING_NOTES.per! },
    success: { status: 200, description: "The fresh ranking.", schema: reRankSchema },
    errors: [
      "malformed_request",
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "forbidden_for_role",
      "not_found",
    ],
  },
  {
    method: "post",
    path: "/api_v2/job_requests/{id}/resend_notifications",
    operationId: "resendJobRequestNotifications",
    tag: "Job requests",
    summary: "Resend notifications for a job request",
    description: `Tells the workers about the request again, by e-mail through the outbox: first the preferred workers (preferred_candidate_ids, of the company's pool, not suspended) who have not accepted it (no pending, filled, in_progress, paused, completed or approved job on it); then, for a posted request, the re-ranked pool's top ${NOTIFY_TOP} not just told (an unassigned request is invisible to everyone but its preferred workers, so they alone are told). As the reference warns, those told need not be those told before. Only a posted or unassigned request: any other state is 422 on \`state\`. At most once per job request every ${RESEND_INTERVAL_SECONDS / 60} minutes, decided in the database (every instance shares it): sooner is 429 \`rate_limited\` with Retry-After, and nothing is sent or changed. \`push_all_notifications_asap\` ("on" or "off"; true/false too) sets the request's flag of that name; omitted, it stays. ${FORM_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      params: idParam("job request"),
      body: {
        required: false,
        content: {
          "application/json": { schema: ResendNotificationsBody },
          "application/x-www-form-urlencoded": { schema: ResendNotificationsBody },
        },
      },
    },
    success: { status: 200, description: "Who was told.", schema: resendNotificationsSchema },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "forbidden_for_role",
      "not_found",
      "validation_failed",
      "rate_limited",
    ],
  },
  {
    method: "post",
    path: "/api_v2/customers",
    operationId: "createCustomer",
    tag: "Customers",
    summary: "Create a customer (the operator's)",
    description:
      "The reference lets its own staff create customers. Here a customer is a company, created by the platform's operator (the operator command `company`), never through the API: every token is refused — a key pair's with 403 `operator_only`, a person's with 403 `forbidden_for_role`, a public pool key's with 403 `forbidden_for_public_pool` — and nothing is created.",
    auth: true,
    errors: [...AUTH_ERRORS, "operator_only", "forbidden_for_role", "forbidden_for_public_pool"],
  },
  {
    method: "get",
    path: "/api_v2/customers/{id}",
    operationId: "getCustomer",
    tag: "Customers",
    summary: "Get the caller's customer record",
    description:
      "The caller's own company (its id is `company_id` on job requests and `customer_id` on employer users). Any other id is 404, exactly as one that does not exist. Either pool may read it.",
    auth: true,
    request: { params: idParam("customer") },
    success: { status: 200, description: "The customer.", schema: customerSchema },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/customers/{id}",
    operationId: "updateCustomer",
    tag: "Customers",
    summary: "Update the caller's contact and billing details",
    description: `A partial update (only the fields sent change; the reference marks name required, here it is optional) of the caller's own company, by its admins (customers.write) or a private key. Fields at the top level or under \`customer\`; ${FORM_NOTE} Phones are international and stored as E.164; e-mails are checked; billing names 1 to 50 characters, billing e-mail 1 to 255, billing phone 1 to 50 (the reference's bounds); null or "" clears an optional field. The platform's terms (fee_percentage, can_post_w2, can_post_1099, can_use_premier_features, use_start_and_complete_pin, strategic_pilot, use_pending_state) are the platform's: one sent with its current value is accepted (a client echoing the fetched object), one that would change is 422 on that field, and nothing of the request is applied. Any other id is 404.${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      params: idParam("customer"),
      body: {
        required: true,
        content: {
          "application/json": { schema: UpdateCustomerBody },
          "application/x-www-form-urlencoded": { schema: UpdateCustomerBody },
        },
      },
    },
    success: { status: 200, description: "The customer as it is now.", schema: customerSchema },
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
    method: "get",
    path: "/api_v2/search",
    operationId: "search",
    tag: "Search",
    summary: "Search workers, job requests, jobs and badges",
    description: `Searches the caller's records, case- and accent-insensitively ("chloe" finds "Chloé"), each kind over a trigram-indexed text: workers by name, e-mail, phone and external id (as GET /users?q= does, with the caller's visibility: a public pool key finds only workers with an active job for the company); job requests by name, venue, address, city and category; jobs whose job request matches or whose (visible) worker matches; badges by name. At most ${SEARCH_PER_KIND} of each kind, each as its own endpoint answers it: workers and requests newest change first, badges by name. \`q\`: 1 to 100 characters (400 \`malformed_request\` otherwise).`,
    auth: true,
    request: { query: searchQuerySchema },
    queryNotes: { q: { description: "The text to find, 1 to 100 characters." } },
    success: { status: 200, description: "What matched.", schema: searchResultSchema },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
  {
    method: "get",
    path: "/api_v2/users/{id}/tracking",
    operationId: "getUserTracking",
    tag: "Users",
    summary: "Get a worker's tracking data",
    description: `The worker's time-and-place trail on the company's jobs: every transition of their jobs for this company (when, the state moved to and from, where the worker was when the move recorded a place, who moved it), with its job and job request, newest first, paged like every list (at most 50) with \`total\`. Another company's jobs of the same worker never appear. A worker outside the company's pool, an employer user and an unknown id are 404.${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: { params: idParam("worker"), query: queryObject(trackingQuerySchema) },
    queryNotes: { page: PAGING_NOTES.page!, per: PAGING_NOTES.per! },
    success: { status: 200, description: "One page of the trail.", schema: trackingListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS, "forbidden_for_public_pool", "not_found"],
  },
];
