import { z } from "zod";
import { MAX_QUERY_LIST } from "@/lib/schemas/common";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import {
  inviteUserBodySchema,
  listUsersQuerySchema,
  USER_READ_ONLY_FIELDS,
  updateUserBodySchema,
} from "@/lib/schemas/user";
import { listMailsQuerySchema } from "@/lib/schemas/webhook";
import { RESENDS_PER_HOUR } from "../../users/resend-invitation";
import { userHistorySchema, userListSchema, userSchema } from "../response-schemas";
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
} from "../shared";
import {
  EMPLOYER_NOTES,
  employerListSchema,
  employerUserSchema,
  UpdateEmployerBody,
} from "./employers";

const InviteUserBody = inviteUserBodySchema.meta({
  id: "InviteUserBody",
  description:
    "A new worker. type, first_name, last_name, email and phone are required; any other writable user field may be sent too.",
});

const UpdateUserBody = updateUserBodySchema.meta({
  id: "UpdateUserBody",
  description: `Any writable user fields; only those sent change. Read-only fields (${USER_READ_ONLY_FIELDS.join(", ")}) and unknown fields are ignored, so a fetched user can be sent back as it is.`,
});

const USER_QUERY_NOTES: Record<string, Note> = {
  ...PAGING_NOTES,
  type: { description: 'User type: "Worker" (the default) or "Employer" (the team).' },
  email: { description: "Exact e-mail address (case-insensitive)." },
  first_name: { description: "Exact first name (case-insensitive)." },
  last_name: { description: "Exact last name (case-insensitive)." },
  external_id: {
    description:
      "External id; a comma-separated list matches any of them. This is how a worker is retrieved by external_id.",
  },
  w2_onboarding_status: { description: "W-2 onboarding status; comma-separated list allowed." },
  onboarding_last_state: {
    description:
      "Onboarding state, as the reference names them; comma-separated list allowed. Here onboarding is the invitation: `invited` until the worker accepts it and sets a password, then `complete`; nobody is in the reference's other steps (quiz, background check, call …).",
  },
  invitation_status: {
    description:
      "Where the invitation stands: `invited` (link still valid), `accepted` (password set) or `expired` (link no longer valid, not accepted); comma-separated list allowed. Our addition.",
    addition: true,
  },
  w2_employee_id: { description: "Exact W-2 employee id." },
  address_state: { description: "Address state; comma-separated list allowed." },
  drug_tested: { description: "Drug test value; comma-separated list allowed." },
  q: {
    description:
      'Free text over name, e-mail, phone (matched by its digits) and external id, in any case and with or without accents ("nguyen" finds "Nguyễn"). Our addition.',
    addition: true,
  },
  suspended: { description: "true or false. Our addition.", addition: true },
  badge_id: {
    description:
      "Workers holding any of these badges: a badge id or a comma-separated list. Our addition.",
    addition: true,
  },
  sort: {
    description:
      'Order of the results; a leading "-" means descending (default: newest change first). `city` orders by city, then state, workers without a city last either way; `status` orders as the portal shows a worker: active (invitation accepted) first, then invited, then invitation expired, suspended last. Our addition.',
    addition: true,
  },
};

const USER_BODY_NOTE =
  'Send the fields at the top level, or inside an object under "user" ({"user": {...}}): both shapes are accepted.';

const EXAMPLE_INVITE = {
  type: "Worker",
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  phone: "+1415-555-5555",
  external_id: "wonolotest1",
};

const EXAMPLE_UPDATE = {
  user: {
    city: "San Francisco",
    latitude: "37.7952",
    longitude: "-122.4028",
    user_badges_attributes: [{ badge_id: "12" }, { id: 7, _destroy: true }],
  },
};

/** Workers: list, invite, read, update, history, a new invitation link. */
export const USERS_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/users",
    operationId: "listUsers",
    tag: "Users",
    summary: "List and find workers",
    description: `The workers the caller may see, filtered and paged, newest change first. A private-pool key sees the company's own pool; a public-pool key only workers with an active job for the company. Empty filter values (\`email=\`) are ignored; a comma-separated filter names 1 to ${MAX_QUERY_LIST} values, and only commas (\`external_id=,,\`) or more values is 400 \`malformed_request\`, never "no filter". Pages hold at most ${MAX_PAGE_SIZE} records: page until a page holds fewer than \`per\`.${EMPLOYER_NOTES.list}`,
    auth: true,
    request: { query: queryObject(listUsersQuerySchema) },
    queryNotes: USER_QUERY_NOTES,
    success: {
      status: 200,
      description: "One page of workers (or, with type=Employer, of employer users).",
      schema: z.union([userListSchema, employerListSchema]),
    },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
  {
    method: "post",
    path: "/api_v2/users/invite",
    operationId: "inviteUser",
    tag: "Users",
    summary: "Invite a worker",
    description: `Creates the worker and e-mails them an invitation link (the mail is queued in the same transaction, so a committed invite always gets its mail and a failed one never does). ${USER_BODY_NOTE} Badges may be assigned at once with user_badges_attributes.${EMPLOYER_NOTES.invite}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      body: {
        description: USER_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(InviteUserBody, "user"),
            example: EXAMPLE_INVITE,
          },
        },
      },
    },
    success: {
      status: 201,
      description: "The new worker.",
      schema: userSchema,
      headers: ["Location", "ETag"],
    },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "validation_failed",
      "duplicate_badge",
    ],
  },
  {
    method: "get",
    path: "/api_v2/users/{id}",
    operationId: "getUser",
    tag: "Users",
    summary: "Get a worker",
    description: `One worker, with an ETag to send back as If-Match when updating. A worker the caller may not see is 404, exactly like one that does not exist.${EMPLOYER_NOTES.get}`,
    auth: true,
    request: { params: idParam("user") },
    success: {
      status: 200,
      description: "The worker (or employer user).",
      schema: z.union([userSchema, employerUserSchema]),
      headers: ["ETag"],
    },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/users/{id}",
    operationId: "updateUser",
    tag: "Users",
    summary: "Update a worker",
    description: `Partial update of fields and badges, all or nothing. ${USER_BODY_NOTE} Read-only fields (${USER_READ_ONLY_FIELDS.join(", ")}) and unknown fields are ignored, so a fetched user can be sent back with changes. Send If-Match with the ETag of GET to refuse overwriting someone else's save (412).${EMPLOYER_NOTES.patch}${PRIVATE_POOL_NOTE}`,
    auth: true,
    request: {
      params: idParam("user"),
      headers: z.object({
        "If-Match": z.string().optional().meta({
          description:
            'The ETag from GET /users/{id} (e.g. "u42-v3"): the update is refused with 412 if the worker changed since. Optional. Our addition.',
          "x-addition": true,
        }),
      }),
      body: {
        description: USER_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(z.union([UpdateUserBody, UpdateEmployerBody]), "user"),
            example: EXAMPLE_UPDATE,
          },
        },
      },
    },
    success: {
      status: 200,
      description: "The updated worker (or employer user).",
      schema: z.union([userSchema, employerUserSchema]),
      headers: ["ETag"],
    },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "precondition_failed",
      "validation_failed",
      "duplicate_badge",
    ],
  },
  {
    method: "get",
    path: "/api_v2/users/{id}/history",
    operationId: "getUserHistory",
    tag: "Users",
    summary: "A worker's change history",
    description: `Who changed the worker, when, and what, newest first: the invite, every update that changed something (the fields with their values before and after, badges added and removed) and the worker's acceptance of the invitation. An update that changes nothing leaves no entry. ssn values are masked to their last four digits, dob values say only whether one is set. Readable by whoever may read the worker (GET /users/{id}); any other worker is 404. Only the private pool that owns the worker reads it whole; any other caller (a public-pool key, the owner's included) is shown which fields changed but not their values (\`from\` and \`to\` are null), and only its own company's badges in badges_added and badges_removed: an update left with nothing it may see is not listed (nor counted in \`total\`).${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("user"), query: queryObject(listMailsQuerySchema) },
    queryNotes: { page: PAGING_NOTES.page!, per: PAGING_NOTES.per! },
    success: { status: 200, description: "One page of changes.", schema: userHistorySchema },
    errors: ["malformed_request", ...AUTH_ERRORS, "not_found"],
  },
  {
    method: "post",
    path: "/api_v2/users/{id}/invitation",
    operationId: "resendInvitation",
    tag: "Users",
    summary: "Send a new invitation link",
    description: `E-mails a worker who has not accepted yet a new invitation link, valid for the deployment's invitation lifetime (7 days by default); the worker's earlier links stop working. The worker's data, updated_at and ETag do not change; invitation_status becomes "invited". A worker who has accepted (set a password) is 422 with the field "invitation". At most ${RESENDS_PER_HOUR} resends per worker and hour (429 with Retry-After). No body.${EMPLOYER_NOTES.resend}${PRIVATE_POOL_NOTE}${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("user") },
    success: {
      status: 201,
      description: "The worker, with its new invitation_status.",
      schema: userSchema,
      headers: ["ETag"],
    },
    errors: [
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
      "rate_limited",
    ],
  },
];
