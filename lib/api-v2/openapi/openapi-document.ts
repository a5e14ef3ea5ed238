import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { authenticateBodySchema } from "@/lib/schemas/auth";
import {
  createBadgeBodySchema,
  listBadgesQuerySchema,
  updateBadgeBodySchema,
} from "@/lib/schemas/badge";
import {
  JOB_REQUEST_STATES,
  JOB_STATES,
  listJobRequestsQuerySchema,
  listJobsQuerySchema,
} from "@/lib/schemas/job";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import {
  inviteUserBodySchema,
  listUsersQuerySchema,
  USER_READ_ONLY_FIELDS,
  updateUserBodySchema,
} from "@/lib/schemas/user";
import {
  acceptInvitationBodySchema,
  createWebhookBodySchema,
  DELIVERY_STATES,
  inspectInvitationBodySchema,
  listDeliveriesQuerySchema,
  listMailsQuerySchema,
  WEBHOOK_EVENTS,
} from "@/lib/schemas/webhook";
import { type ErrorCode, type FieldErrors, STATUS_OF } from "../errors";
import { SIGNATURE_HEADER } from "../events/signature";
import { MAX_BODY_BYTES } from "../read-body";
import {
  authResultSchema,
  badgeListSchema,
  badgeSchema,
  deliveryListSchema,
  deliverySchema,
  ERROR_CODES,
  errorSchema,
  infoSchema,
  invitationAcceptedSchema,
  invitationSchema,
  jobListSchema,
  jobRequestListSchema,
  jobRequestSchema,
  jobSchema,
  mailListSchema,
  meSchema,
  USER_FIELD_NOTES,
  userHistorySchema,
  userListSchema,
  userSchema,
  WEBHOOK_EVENT_SCHEMAS,
  webhookListSchema,
  webhookRemovedSchema,
  webhookSchema,
} from "./response-schemas";

/**
 * The OpenAPI 3.1 document of API v2, generated from the zod schemas the handlers parse with
 * (lib/schemas) and the output schemas of ./response-schemas, so the docs cannot drift from the
 * code. Prose (summaries, notes on fields and parameters) is added here; shapes never are.
 */

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

export const TAGS = [
  {
    name: "Authentication",
    description:
      "Exchange a key pair for a token. Every other call except /info and /openapi.json carries the token.",
  },
  {
    name: "Users",
    description:
      "Workers: invite, list and find, read and update, including the badges they hold. Writes need a private-pool key.",
  },
  {
    name: "Badges",
    description:
      "The company's badges, which decide which jobs a worker sees. Creating, changing and deleting badges is our addition (private pool).",
  },
  { name: "Jobs", description: "The company's jobs (read-only)." },
  { name: "Job requests", description: "The company's job requests (read-only)." },
  {
    name: "Webhooks",
    description: [
      "Our addition: the company's webhook subscriptions and every delivery to them, managed through this interface (the original service leaves registration to its operator). Private-pool keys only.",
      "",
      `Events: ${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(", ")} (the last two are ours). A subscription names some of them, or none for every event.`,
      "",
      'Delivery: each event is `POST`ed to the subscription\'s URL as JSON `{"id", "event", "occurred_at", "data"}` (see the `webhooks` section of this document for each event\'s body), with the header `' +
        SIGNATURE_HEADER +
        "`: the lowercase hex SHA-256 of the exact body bytes followed by the company's secret key (the `sk_…` of the subscription's `signing_key`). Verify it over the raw body before parsing. Any 2xx answer within 10 seconds is success; anything else (another status, a redirect, no answer) is retried 3 times, after about 60, 120 and 240 seconds (plus up to 10% jitter), then the delivery is dead and can be resent. Delivery is at least once, from a durable outbox written in the same transaction as the change: the same event may arrive more than once, so receivers deduplicate by its `id`. Every attempt is recorded (GET /webhook_deliveries).",
    ].join("\n"),
  },
  {
    name: "Invitations",
    description:
      "Our addition: the invitation e-mails sent when a worker is invited, and the single-use link in them (…/accept-invite#token=…), which the worker inspects and accepts without an API token. Links expire 7 days after the invite.",
  },
  { name: "Meta", description: "Facts about this deployment, and this document." },
] as const;
type Tag = (typeof TAGS)[number]["name"];

// Request bodies are the handlers' own schemas, named as components (`.meta` returns a copy:
// the shared schemas, which also go to the browser bundle, stay untouched).
const InviteUserBody = inviteUserBodySchema.meta({
  id: "InviteUserBody",
  description:
    "A new worker. type, first_name, last_name, email and phone are required; any other writable user field may be sent too.",
});
const UpdateUserBody = updateUserBodySchema.meta({
  id: "UpdateUserBody",
  description: `Any writable user fields; only those sent change. Read-only fields (${USER_READ_ONLY_FIELDS.join(", ")}) and unknown fields are ignored, so a fetched user can be sent back as it is.`,
});
const CreateBadgeBody = createBadgeBodySchema.meta({ id: "CreateBadgeBody" });
const UpdateBadgeBody = updateBadgeBodySchema.meta({ id: "UpdateBadgeBody" });
const AuthenticateBody = authenticateBodySchema.meta({ id: "AuthenticateBody" });
const CreateWebhookBody = createWebhookBodySchema.meta({
  id: "CreateWebhookBody",
  description: "A URL to send events to, and which events (omitted or empty: every event).",
});
const InspectInvitationBody = inspectInvitationBodySchema.meta({ id: "InspectInvitationBody" });
const AcceptInvitationBody = acceptInvitationBodySchema.meta({ id: "AcceptInvitationBody" });

/** Both body shapes occur: the fields at the top level, or under the resource's key. */
function eitherShape(schema: z.ZodType, key: "user" | "badge" | "webhook") {
  return z.union([schema, z.object({ [key]: schema })]);
}

/**
 * The object schema behind a query schema: they are `z.preprocess(withoutBlank, z.object(…))`,
 * and the preprocess step (dropping blank values) has no shape of its own to document.
 */
const queryObject = <T extends z.ZodObject>(schema: z.ZodPreprocess<T>): T => schema.out;

const idParam = (what: string) =>
  z.object({
    id: z
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .meta({ description: `The ${what}'s id.`, example: 42 }),
  });

type Note = { description: string; addition?: boolean };

const PAGING_NOTES: Record<string, Note> = {
  page: { description: "Page number, from 1." },
  per: {
    description: `Records per page, at most ${MAX_PAGE_SIZE}: larger values are taken as ${MAX_PAGE_SIZE}.`,
  },
  updated_after: { description: "Only records changed after this ISO 8601 timestamp." },
  updated_before: { description: "Only records changed before this ISO 8601 timestamp." },
};

const USER_QUERY_NOTES: Record<string, Note> = {
  ...PAGING_NOTES,
  type: { description: 'User type, e.g. "Worker".' },
  email: { description: "Exact e-mail address (case-insensitive)." },
  first_name: { description: "Exact first name (case-insensitive)." },
  last_name: { description: "Exact last name (case-insensitive)." },
  external_id: {
    description:
      "External id; a comma-separated list matches any of them. This is how a worker is retrieved by external_id.",
  },
  w2_onboarding_status: { description: "W-2 onboarding status; comma-separated list allowed." },
  w2_employee_id: { description: "Exact W-2 employee id." },
  address_state: { description: "Address state; comma-separated list allowed." },
  drug_tested: { description: "Drug test value; comma-separated list allowed." },
  q: {
    description:
      "Free text over name, e-mail, phone (matched by its digits) and external id. Our addition.",
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
      'Order of the results; a leading "-" means descending (default: newest change first). Our addition.',
    addition: true,
  },
};

const DELIVERY_QUERY_NOTES: Record<string, Note> = {
  page: PAGING_NOTES.page!,
  per: PAGING_NOTES.per!,
  state: { description: `Only deliveries in this state: ${DELIVERY_STATES.join(", ")}.` },
  webhook_id: { description: "Only deliveries to this subscription." },
};

const stateNotes = (states: readonly string[]): Note => ({
  description: `One state or a comma-separated list: ${states.join(", ")}.`,
});

const HEADERS = {
  "X-Request-Id": {
    description:
      "On every response. Echoes a well-formed X-Request-Id sent with the request, otherwise a new UUID; quote it when reporting a problem.",
    schema: { type: "string" },
  },
  ETag: {
    description: "The user's version; send it back as If-Match to refuse a lost update.",
    schema: { type: "string", example: '"u42-v3"' },
  },
  Location: { description: "The path of the created resource.", schema: { type: "string" } },
  "Retry-After": {
    description: "Seconds until the next attempt may succeed.",
    schema: { type: "integer", minimum: 1 },
  },
  Allow: { description: "The methods the path supports.", schema: { type: "string" } },
} as const;
type HeaderName = keyof typeof HEADERS;

const headerRefs = (names: HeaderName[]) =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

/** An example of every error code, with when it happens. The Record type makes it complete. */
const ERROR_EXAMPLES: Record<ErrorCode, { when: string; message: string; fields?: FieldErrors }> = {
  malformed_request: {
    when: "The body is not valid JSON, or a query parameter is malformed.",
    message: "Request body is not valid JSON: Unexpected token 'w'",
  },
  missing_credentials: {
    when: "api_key or secret_key is missing on /authenticate.",
    message: "Missing secret_key",
  },
  missing_token: {
    when: "No token was sent.",
    message: "A token is required: pass ?token=… or Authorization: Bearer …",
  },
  invalid_token: {
    when: "The token is unknown, or its key pair was revoked.",
    message: "The token is not valid; authenticate again",
  },
  token_expired: {
    when: "The token has expired: authenticate again.",
    message: "The token has expired; authenticate again",
  },
  invalid_credentials: {
    when: "The key pair is wrong or revoked.",
    message: "The API key or secret key is not valid",
  },
  environment_mismatch: {
    when: "A test key pair on a live deployment, or the other way round.",
    message: "This is the test environment: use pk_test_… and sk_test_… keys",
  },
  https_required: {
    when: "The call was not made over HTTPS.",
    message: "All calls must be made over HTTPS",
  },
  forbidden_for_public_pool: {
    when: "A write, or a call on webhooks, deliveries or mails, with a public-pool key: public pool keys may only read workers, badges and jobs.",
    message: "This operation needs a private pool key; public pool keys may only read",
  },
  not_found: {
    when: "No such record, or one the caller may not see.",
    message: "User not found",
  },
  method_not_allowed: {
    when: "The path does not support the method (see the Allow header).",
    message: "PUT is not supported here; use GET, PATCH",
  },
  precondition_failed: {
    when: "If-Match does not match the current ETag: someone else saved first.",
    message:
      "The worker was changed by someone else since you loaded it; reload and apply your changes again",
  },
  payload_too_large: {
    when: `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB).`,
    message: `Request body is larger than ${MAX_BODY_BYTES} bytes`,
  },
  unsupported_media_type: {
    when: "The body is not application/json (or, on /authenticate, form-encoded or JSON).",
    message: "Send the request body as application/json",
  },
  validation_failed: {
    when: "One or more fields are invalid; every failing field is reported at once.",
    message: "Email has already been taken; Phone must be in international format",
    fields: {
      email: ["has already been taken"],
      phone: ["must be in international format, starting with + and the country code"],
    },
  },
  duplicate_badge: {
    when: "A badge the worker already holds, or one named twice in the request; nothing is applied.",
    message: "The worker cannot hold the same badge twice (badge 12)",
    fields: { user_badges: ["badge 12 is already assigned"] },
  },
  rate_limited: {
    when: "Too many authentication attempts for the key or the client address.",
    message: "Too many attempts; try again in 42 seconds",
  },
  internal_error: {
    when: "Something failed on our side; the message carries the request id.",
    message: "Something went wrong on our side (request 6f1c0c9e-…)",
  },
};

const STATUS_TEXT: Record<number, string> = {
  400: "Malformed request",
  401: "Not authenticated",
  403: "Forbidden",
  404: "Not found",
  405: "Method not allowed",
  412: "Precondition failed",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Unprocessable",
  429: "Too many requests",
  500: "Internal error",
};

const AUTH_ERRORS: ErrorCode[] = ["missing_token", "invalid_token", "token_expired"];
const ALWAYS: ErrorCode[] = ["https_required", "internal_error"];
const JSON_BODY_ERRORS: ErrorCode[] = [
  "malformed_request",
  "payload_too_large",
  "unsupported_media_type",
];

/** Error responses grouped by status, each listing its codes with an example of each. */
function errorResponses(codes: ErrorCode[]): Record<string, ResponseConfig> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...codes, ...ALWAYS])) {
    const status = STATUS_OF[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, ResponseConfig> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const extra: HeaderName[] = status === 429 ? ["Retry-After"] : status === 405 ? ["Allow"] : [];
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? "Error"}: ${list.map((c) => `\`${c}\``).join(", ")}.`,
      headers: headerRefs(["X-Request-Id", ...extra]),
      content: {
        "application/json": {
          schema: errorSchema,
          examples: Object.fromEntries(
            list.map((c) => [c, { $ref: `#/components/examples/${c}` }]),
          ),
        },
      },
    };
  }
  return out;
}

type Endpoint = {
  method: "get" | "post" | "patch" | "delete";
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description: string;
  /** Needs a token (every endpoint but /authenticate, /info and /openapi.json). */
  auth: boolean;
  /** Not in the original interface: ours. */
  addition?: boolean;
  request?: RouteConfig["request"];
  queryNotes?: Record<string, Note>;
  success?: {
    status: 200 | 201 | 202 | 204;
    description: string;
    schema?: z.ZodType | Record<string, unknown>;
    headers?: HeaderName[];
    example?: unknown;
  };
  errors: ErrorCode[];
};

const PRIVATE_POOL_NOTE =
  " Needs a private-pool key: public-pool keys get 403 `forbidden_for_public_pool`.";

const USER_BODY_NOTE =
  'Send the fields at the top level, or inside an object under "user" ({"user": {...}}): both shapes are accepted.';
const BADGE_BODY_NOTE =
  'Send the fields at the top level, or inside an object under "badge" ({"badge": {...}}).';
const WEBHOOK_BODY_NOTE =
  'Send the fields at the top level, or inside an object under "webhook" ({"webhook": {...}}).';
const ADDITION_NOTE = " Our addition.";

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
const EXAMPLE_WEBHOOK = {
  url: "https://example.com/hooks/staffing",
  events: ["user.invited", "user.updated"],
};
const EXAMPLE_INVITATION_TOKEN = "tjbm5ATGw6nI28Zd_qWfpFTNpPUT6hRB_jpKzSaevzM";
const EXAMPLE_BADGE = {
  name: "Forklift certified",
  description: "Holds a valid forklift operator certificate.",
  info_url: "https://example.com/forklift",
  is_soft: false,
};

/** Every endpoint, one per method of each route file under app/api_v2. */
export const ENDPOINTS: Endpoint[] = [
  {
    method: "post",
    path: "/api_v2/authenticate",
    operationId: "authenticate",
    tag: "Authentication",
    summary: "Get a token",
    description:
      "Exchanges a key pair for a token, valid 24 hours by default. The keys may come as query parameters (as documented by the original interface), as a form-encoded body (what existing data-sync clients send) or as a JSON body. Test keys (pk_test_…/sk_test_…) work only on a test deployment, live keys only on a live one. Rate-limited per key and per client address. Re-authenticate when a call answers 401.",
    auth: false,
    request: {
      query: authenticateBodySchema.partial(),
      body: {
        description: "The key pair, unless given as query parameters.",
        required: false,
        content: {
          "application/x-www-form-urlencoded": { schema: AuthenticateBody },
          "application/json": { schema: AuthenticateBody },
        },
      },
    },
    queryNotes: {
      api_key: { description: "The public key, pk_test_… or pk_live_…." },
      secret_key: { description: "The secret key, sk_test_… or sk_live_…." },
    },
    success: {
      status: 200,
      description: "A token for the key pair.",
      schema: authResultSchema,
      example: { token: "Xb1q0V5mJc9sO3tYp8wZr2uKd7LgEa4N", expires_at: "2026-11-22T09:13:00Z" },
    },
    errors: [
      "malformed_request",
      "invalid_credentials",
      "environment_mismatch",
      "payload_too_large",
      "unsupported_media_type",
      "missing_credentials",
      "rate_limited",
    ],
  },
  {
    method: "get",
    path: "/api_v2/info",
    operationId: "getInfo",
    tag: "Meta",
    summary: "Deployment facts",
    description:
      "The server's clock, the environment this deployment serves, its release and the API version. Needs no token.",
    auth: false,
    success: { status: 200, description: "Facts about this deployment.", schema: infoSchema },
    errors: [],
  },
  {
    method: "get",
    path: "/api_v2/me",
    operationId: "getMe",
    tag: "Meta",
    summary: "Who the token belongs to",
    description:
      "The company and access level (pool) of the key behind the token. Our addition: the original interface has no such call, so clients (the employer portal among them) must cope without it.",
    auth: true,
    addition: true,
    success: { status: 200, description: "The caller.", schema: meSchema },
    errors: ["missing_token", "invalid_token", "token_expired"],
  },
  {
    method: "get",
    path: "/api_v2/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Meta",
    summary: "This OpenAPI document",
    description:
      "The OpenAPI 3.1 description of this API, generated from the same schemas the endpoints validate with. Needs no token. Our addition.",
    auth: false,
    addition: true,
    success: {
      status: 200,
      description: "The OpenAPI document.",
      schema: { type: "object", description: "An OpenAPI 3.1 document." },
    },
    errors: [],
  },
  {
    method: "get",
    path: "/api_v2/users",
    operationId: "listUsers",
    tag: "Users",
    summary: "List and find workers",
    description: `The workers the caller may see, filtered and paged, newest change first. A private-pool key sees the company's own pool; a public-pool key only workers with an active job for the company. Empty filter values (\`email=\`) are ignored. Pages hold at most ${MAX_PAGE_SIZE} records: page until a page holds fewer than \`per\`.`,
    auth: true,
    request: { query: queryObject(listUsersQuerySchema) },
    queryNotes: USER_QUERY_NOTES,
    success: { status: 200, description: "One page of workers.", schema: userListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
  {
    method: "post",
    path: "/api_v2/users",
    operationId: "createUserNotSupported",
    tag: "Users",
    summary: "Not supported: use /users/invite",
    description:
      "Users are never created by posting to the collection: this answers 405 and points to POST /api_v2/users/invite.",
    auth: false,
    errors: ["method_not_allowed"],
  },
  {
    method: "post",
    path: "/api_v2/users/invite",
    operationId: "inviteUser",
    tag: "Users",
    summary: "Invite a worker",
    description: `Creates the worker and e-mails them an invitation link (the mail is queued in the same transaction, so a committed invite always gets its mail and a failed one never does). ${USER_BODY_NOTE} Badges may be assigned at once with user_badges_attributes.${PRIVATE_POOL_NOTE}`,
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
    description:
      "One worker, with an ETag to send back as If-Match when updating. A worker the caller may not see is 404, exactly like one that does not exist.",
    auth: true,
    request: { params: idParam("user") },
    success: { status: 200, description: "The worker.", schema: userSchema, headers: ["ETag"] },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/users/{id}",
    operationId: "updateUser",
    tag: "Users",
    summary: "Update a worker",
    description: `Partial update of fields and badges, all or nothing. ${USER_BODY_NOTE} Read-only fields (${USER_READ_ONLY_FIELDS.join(", ")}) and unknown fields are ignored, so a fetched user can be sent back with changes. Send If-Match with the ETag of GET to refuse overwriting someone else's save (412).${PRIVATE_POOL_NOTE}`,
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
            schema: eitherShape(UpdateUserBody, "user"),
            example: EXAMPLE_UPDATE,
          },
        },
      },
    },
    success: {
      status: 200,
      description: "The updated worker.",
      schema: userSchema,
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
    description: `Who changed the worker, when, and what, newest first: the invite, every update that changed something (the fields with their values before and after, badges added and removed) and the worker's acceptance of the invitation. An update that changes nothing leaves no entry. ssn values are masked to their last four digits. Readable by whoever may read the worker (GET /users/{id}); any other worker is 404.${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("user"), query: queryObject(listMailsQuerySchema) },
    queryNotes: { page: PAGING_NOTES.page!, per: PAGING_NOTES.per! },
    success: { status: 200, description: "One page of changes.", schema: userHistorySchema },
    errors: ["malformed_request", ...AUTH_ERRORS, "not_found"],
  },
  {
    method: "get",
    path: "/api_v2/badges",
    operationId: "listBadges",
    tag: "Badges",
    summary: "List badges",
    description: "The company's badges by name; `query` filters by name.",
    auth: true,
    request: { query: queryObject(listBadgesQuerySchema) },
    queryNotes: {
      ...PAGING_NOTES,
      query: { description: "Part of the badge name (case-insensitive)." },
    },
    success: { status: 200, description: "One page of badges.", schema: badgeListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS],
  },
  {
    method: "post",
    path: "/api_v2/badges",
    operationId: "createBadge",
    tag: "Badges",
    summary: "Create a badge",
    description: `Creates a badge; its name must be unique in the company. ${BADGE_BODY_NOTE} Our addition.${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: {
      body: {
        description: BADGE_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(CreateBadgeBody, "badge"),
            example: EXAMPLE_BADGE,
          },
        },
      },
    },
    success: {
      status: 201,
      description: "The new badge.",
      schema: badgeSchema,
      headers: ["Location"],
    },
    errors: [...JSON_BODY_ERRORS, ...AUTH_ERRORS, "forbidden_for_public_pool", "validation_failed"],
  },
  {
    method: "get",
    path: "/api_v2/badges/{id}",
    operationId: "getBadge",
    tag: "Badges",
    summary: "Get a badge",
    description: "One of the company's badges.",
    auth: true,
    request: { params: idParam("badge") },
    success: { status: 200, description: "The badge.", schema: badgeSchema },
    errors: [...AUTH_ERRORS, "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/badges/{id}",
    operationId: "updateBadge",
    tag: "Badges",
    summary: "Update a badge",
    description: `Changes the fields sent. ${BADGE_BODY_NOTE} Our addition.${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: {
      params: idParam("badge"),
      body: {
        description: BADGE_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(UpdateBadgeBody, "badge"),
            example: { description: "Holds a forklift operator certificate valid this year." },
          },
        },
      },
    },
    success: { status: 200, description: "The updated badge.", schema: badgeSchema },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
    ],
  },
  {
    method: "delete",
    path: "/api_v2/badges/{id}",
    operationId: "deleteBadge",
    tag: "Badges",
    summary: "Delete a badge",
    description: `Deletes a badge that no worker holds; one still held is refused with 422 \`validation_failed\` (remove it from the workers first). Our addition.${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("badge") },
    success: { status: 204, description: "Deleted; no body." },
    errors: [
      "payload_too_large",
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
    ],
  },
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
  {
    method: "get",
    path: "/api_v2/webhooks",
    operationId: "listWebhooks",
    tag: "Webhooks",
    summary: "List webhook subscriptions",
    description: `Every subscription of the company, oldest first (not paged).${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    success: { status: 200, description: "The subscriptions.", schema: webhookListSchema },
    errors: [...AUTH_ERRORS, "forbidden_for_public_pool"],
  },
  {
    method: "post",
    path: "/api_v2/webhooks",
    operationId: "createWebhook",
    tag: "Webhooks",
    summary: "Subscribe a URL to events",
    description: `Subscribes a URL to some events, or to every event (events omitted or empty). The URL must be https; plain http only to 127.0.0.1, ::1 or localhost, where the deployment allows it (ALLOW_HTTP_LOOPBACK, on by default); no user name or password in it; unique within the company. Otherwise 422 \`validation_failed\` on \`url\` (an unknown event: on \`events[i]\`). Deliveries are signed with the secret key of the calling key pair (its public key is the subscription's \`signing_key\`). ${WEBHOOK_BODY_NOTE}${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: {
      body: {
        description: WEBHOOK_BODY_NOTE,
        required: true,
        content: {
          "application/json": {
            schema: eitherShape(CreateWebhookBody, "webhook"),
            example: EXAMPLE_WEBHOOK,
          },
        },
      },
    },
    success: {
      status: 201,
      description: "The new subscription.",
      schema: webhookSchema,
      headers: ["Location"],
    },
    errors: [...JSON_BODY_ERRORS, ...AUTH_ERRORS, "forbidden_for_public_pool", "validation_failed"],
  },
  {
    method: "get",
    path: "/api_v2/webhooks/{id}",
    operationId: "getWebhook",
    tag: "Webhooks",
    summary: "Get a webhook subscription",
    description: `One of the company's subscriptions; another company's is 404.${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("webhook") },
    success: { status: 200, description: "The subscription.", schema: webhookSchema },
    errors: [...AUTH_ERRORS, "forbidden_for_public_pool", "not_found"],
  },
  {
    method: "delete",
    path: "/api_v2/webhooks/{id}",
    operationId: "deleteWebhook",
    tag: "Webhooks",
    summary: "Remove a webhook subscription",
    description: `Removes the subscription. Its deliveries still waiting are ended (dead, "webhook removed at …") rather than sent to a URL nobody subscribes any more; every delivery stays on record.${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("webhook") },
    success: {
      status: 200,
      description: "Removed.",
      schema: webhookRemovedSchema,
      example: { removed: true, id: 3, pending_deliveries_cancelled: 1 },
    },
    errors: ["payload_too_large", ...AUTH_ERRORS, "forbidden_for_public_pool", "not_found"],
  },
  {
    method: "get",
    path: "/api_v2/webhook_deliveries",
    operationId: "listWebhookDeliveries",
    tag: "Webhooks",
    summary: "List webhook deliveries",
    description: `The company's deliveries, newest first: one per event and subscription, with the body sent and every attempt (status, latency, error).${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { query: queryObject(listDeliveriesQuerySchema) },
    queryNotes: DELIVERY_QUERY_NOTES,
    success: { status: 200, description: "One page of deliveries.", schema: deliveryListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS, "forbidden_for_public_pool"],
  },
  {
    method: "post",
    path: "/api_v2/webhook_deliveries/{id}/resend",
    operationId: "resendWebhookDelivery",
    tag: "Webhooks",
    summary: "Send a delivery again",
    description: `Sends a dead (or delivered) delivery again, at once, with a fresh set of retries (max_attempts grows by 4 by default). The body, and so the event id, is the same; earlier attempts stay in attempt_log. A delivery still pending is 422 \`validation_failed\` on \`state\`; another company's is 404. No request body.${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { params: idParam("delivery") },
    success: { status: 202, description: "Queued again.", schema: deliverySchema },
    errors: [
      "payload_too_large",
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
    ],
  },
  {
    method: "get",
    path: "/api_v2/mails",
    operationId: "listMails",
    tag: "Invitations",
    summary: "List invitation e-mails",
    description: `The invitation e-mails of the company, newest first: one per invite, queued in the invite's own transaction. Where the deployment keeps mail in its database (no SMTP server configured) each shows its text, HTML and link, so a demo can follow the link; once mail really goes out they are null.${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { query: queryObject(listMailsQuerySchema) },
    queryNotes: { page: PAGING_NOTES.page!, per: PAGING_NOTES.per! },
    success: { status: 200, description: "One page of e-mails.", schema: mailListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS, "forbidden_for_public_pool"],
  },
  {
    method: "post",
    path: "/api_v2/invitations/inspect",
    operationId: "inspectInvitation",
    tag: "Invitations",
    summary: "Look at an invitation link",
    description: `What the accept page shows before the worker types anything: whether the link is valid, used or expired, and whom and which company it is for. Needs no API token: the link's token is the credential, sent in the body (never in the URL, so it stays out of logs). An unknown token is 404.${ADDITION_NOTE}`,
    auth: false,
    addition: true,
    request: {
      body: {
        description: "The token from the link (after #token=).",
        required: true,
        content: {
          "application/json": {
            schema: InspectInvitationBody,
            example: { token: EXAMPLE_INVITATION_TOKEN },
          },
        },
      },
    },
    success: { status: 200, description: "The invitation.", schema: invitationSchema },
    errors: [...JSON_BODY_ERRORS, "validation_failed", "not_found"],
  },
  {
    method: "post",
    path: "/api_v2/invitations/accept",
    operationId: "acceptInvitation",
    tag: "Invitations",
    summary: "Accept an invitation",
    description: `The worker accepts the invitation and chooses a password (at least 8 characters). A link works once: a used one is 422 \`validation_failed\` on \`token\` ("has already been used…"), an expired one too ("has expired…"); two clicks racing each other cannot both succeed. An unknown token is 404. Needs no API token.${ADDITION_NOTE}`,
    auth: false,
    addition: true,
    request: {
      body: {
        description: "The token from the link, and the worker's new password.",
        required: true,
        content: {
          "application/json": {
            schema: AcceptInvitationBody,
            example: { token: EXAMPLE_INVITATION_TOKEN, password: "correct horse battery" },
          },
        },
      },
    },
    success: {
      status: 200,
      description: "Accepted: the worker can sign in with the password.",
      schema: invitationAcceptedSchema,
    },
    errors: [...JSON_BODY_ERRORS, "validation_failed", "not_found"],
  },
];

/** The requests we send: one per event, under the document's `webhooks` (OpenAPI 3.1). */
const WEBHOOK_EVENT_NOTES: Record<(typeof WEBHOOK_EVENTS)[number], string> = {
  "job_request.state_changed": "A job request of the company changed state.",
  "job.state_changed": "A job of the company changed state.",
  "user.invited": "A worker was invited (POST /users/invite). Our addition.",
  "user.updated":
    "A worker's fields or badges changed (PATCH /users/{id}); an update that changes nothing sends nothing. Our addition.",
};

function webhookRoutes(): RouteConfig[] {
  return WEBHOOK_EVENTS.map((event) => ({
    method: "post" as const,
    path: event,
    operationId: `on${event
      .split(/[._]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join("")}`,
    tags: ["Webhooks"],
    summary: `${event} (sent to your URL)`,
    description: `${WEBHOOK_EVENT_NOTES[event]} We POST this body to every subscription of the company that wants \`${event}\`.`,
    ...(event.startsWith("user.") && { "x-addition": true }),
    security: [],
    request: {
      headers: z.object({
        [SIGNATURE_HEADER]: z
          .string()
          .regex(/^[0-9a-f]{64}$/)
          .meta({
            description:
              "Lowercase hex SHA-256 of the exact body bytes followed by the company's secret key: verify it over the raw body before parsing.",
          }),
        "X-Webhook-Event": z.literal(event).meta({ description: "The event, as in the body." }),
        "X-Webhook-Delivery": z.string().meta({
          description: "The delivery's id (GET /webhook_deliveries); the same on every attempt.",
        }),
      }),
      body: {
        required: true,
        content: { "application/json": { schema: WEBHOOK_EVENT_SCHEMAS[event] } },
      },
    },
    responses: {
      "2XX": {
        description:
          "Received. Answer within 10 seconds; any other answer, a redirect or none is retried 3 times (after about 60, 120 and 240 s, plus up to 10% jitter).",
      },
    },
  }));
}

function routeOf(e: Endpoint): RouteConfig {
  const responses: Record<string, ResponseConfig> = {};
  if (e.success) {
    const { status, description, schema, headers = [], example } = e.success;
    responses[String(status)] = {
      description,
      headers: headerRefs(["X-Request-Id", ...headers]),
      ...(schema && {
        content: {
          "application/json": { schema, ...(example !== undefined && { example }) },
        },
      }),
    };
  }
  Object.assign(responses, errorResponses(e.errors));
  return {
    method: e.method,
    path: e.path,
    operationId: e.operationId,
    tags: [e.tag],
    summary: e.summary,
    description: e.description,
    ...(e.addition && { "x-addition": true }),
    security: e.auth ? [{ token: [] }, { bearer: [] }] : [],
    ...(e.auth && { parameters: [{ $ref: "#/components/parameters/token" }] }),
    ...(e.request && { request: e.request }),
    responses,
  };
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Adds the prose that schemas cannot carry: parameter and field notes, additions. */
function annotate(doc: OpenApiDocument): void {
  for (const e of ENDPOINTS) {
    const op = doc.paths?.[e.path]?.[e.method] as JsonObject | undefined;
    const params = (op?.parameters ?? []) as JsonObject[];
    for (const p of params) {
      if (!isObject(p) || "$ref" in p) continue;
      const schema = isObject(p.schema) ? p.schema : undefined;
      // Query strings are strings: a numeric default (page=1) is written as the string it is.
      if (schema?.type === "string" && typeof schema.default === "number") {
        schema.default = String(schema.default);
      }
      if (p.in === "path") {
        p.description ??= schema?.description;
      }
      if (p.in === "header" && isObject(schema) && schema["x-addition"]) {
        p.description ??= schema.description;
        p["x-addition"] = true;
      }
      const note = p.in === "query" ? e.queryNotes?.[String(p.name)] : undefined;
      if (note) {
        p.description = note.description;
        if (note.addition) p["x-addition"] = true;
      }
    }
    // The token parameter last: the endpoint's own parameters matter more.
    if (op && params.length > 1) {
      op.parameters = [
        ...params.filter((p) => !("$ref" in p)),
        ...params.filter((p) => "$ref" in p),
      ];
    }
  }
  const schemas = (doc.components?.schemas ?? {}) as Record<string, JsonObject>;
  for (const name of ["InviteUserBody", "UpdateUserBody"]) {
    const props = schemas[name]?.properties;
    if (!isObject(props)) continue;
    for (const [field, prop] of Object.entries(props)) {
      const note = USER_FIELD_NOTES[field];
      if (isObject(prop) && note && prop.description === undefined) prop.description = note;
    }
  }
  const badgeNotes: Record<string, string> = {
    name: "Up to 100 characters, unique in the company (case-insensitively).",
    description: "Up to 1000 characters.",
    info_url: "http(s) URL with more about the badge, or null.",
    icon_url: "http(s) URL of the badge's icon, or null.",
    is_soft: "A soft badge (default false).",
  };
  const tokenNote = "The token from the invitation link: what follows #token=.";
  const bodyNotes: Record<string, Record<string, string>> = {
    CreateBadgeBody: badgeNotes,
    UpdateBadgeBody: badgeNotes,
    CreateWebhookBody: {
      url: "https URL (plain http only to 127.0.0.1, ::1 or localhost, where the deployment allows it), without user name or password; unique in the company.",
      events: "The events to send; omitted or empty: every event, including ones added later.",
    },
    InspectInvitationBody: { token: tokenNote },
    AcceptInvitationBody: {
      token: tokenNote,
      password: "The worker's new password: 8 to 200 characters.",
    },
  };
  for (const [name, notes] of Object.entries(bodyNotes)) {
    const props = schemas[name]?.properties;
    if (!isObject(props)) continue;
    for (const [field, prop] of Object.entries(props)) {
      const note = notes[field];
      if (isObject(prop) && note && prop.description === undefined) prop.description = note;
    }
  }
}

export const DOCUMENT_TITLE = "Staffing platform API v2 (employer portal implementation)";

export function buildOpenApiDocument(opts: {
  releaseVersion: string;
  environment: "test" | "live";
}): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "token", {
    type: "apiKey",
    in: "query",
    name: "token",
    description:
      "The token from POST /api_v2/authenticate as query parameter `token` (the documented way). A form-encoded body field `token` is accepted too.",
  });
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    description: "The same token as `Authorization: Bearer <token>`.",
  });
  registry.registerComponent("parameters", "token", {
    name: "token",
    in: "query",
    required: false,
    description:
      "The token from /authenticate. Required unless sent as `Authorization: Bearer <token>` (or as a `token` field of a form-encoded body).",
    schema: { type: "string" },
  });
  for (const [name, header] of Object.entries(HEADERS)) {
    registry.registerComponent("headers", name, header);
  }
  for (const code of ERROR_CODES) {
    const ex = ERROR_EXAMPLES[code];
    registry.registerComponent("examples", code, {
      summary: ex.when,
      value: { error: { code, message: ex.message, ...(ex.fields && { fields: ex.fields }) } },
      "x-status": STATUS_OF[code],
    });
  }
  for (const e of ENDPOINTS) registry.registerPath(routeOf(e));
  for (const w of webhookRoutes()) registry.registerWebhook(w);

  const env = opts.environment;
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: DOCUMENT_TITLE,
      version: opts.releaseVersion,
      description: [
        "The programming interface of an on-demand staffing platform (interface version 2.0), as implemented by the employer portal. Every path starts with `/api_v2`.",
        "",
        "**Authentication.** `POST /api_v2/authenticate` with `api_key` and `secret_key` returns a `token` (valid 24 hours by default). Pass it on every other call as the query parameter `token` or as `Authorization: Bearer <token>`. Only `/authenticate`, `/info` and `/openapi.json` need no token.",
        "",
        `**Environment.** This deployment serves the \`${env}\` environment: it accepts only \`pk_${env}_…\`/\`sk_${env}_…\` key pairs.`,
        "",
        "**Access levels.** A private-pool key manages the company's own pool of workers. A public-pool key only reads workers with an active job for the company, and every write on users (invite, update, badge changes) answers 403 `forbidden_for_public_pool`, as do the webhook, delivery and mail calls.",
        "",
        "**Transport and formats.** All calls must use HTTPS (403 `https_required`). Request bodies are JSON (415 otherwise; `/authenticate` also takes form-encoded bodies), at most 1 MiB (413). Responses are `application/json; charset=utf-8` and carry `X-Request-Id`. A method a path does not support answers 405 with an `Allow` header.",
        "",
        '**Errors** always have one shape: `{"error": {"code": "validation_failed", "message": "…", "fields": {"email": ["has already been taken"]}}}`; `fields` only on validation errors.',
        "",
        `**Lists** return at most ${MAX_PAGE_SIZE} records a page, under the key named like the resource: \`{"users": [...], "page": 1, "per": ${MAX_PAGE_SIZE}, "total": 1234}\`.`,
        "",
        `**Webhooks.** Events (${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(", ")}) are POSTed as JSON \`{"id", "event", "occurred_at", "data"}\` to the company's subscriptions, signed with \`${SIGNATURE_HEADER}\` (lowercase hex SHA-256 of the exact body bytes followed by the company's secret key), at least once, retried 3 times after about 60, 120 and 240 seconds (plus up to 10% jitter): deduplicate by \`id\`. See the Webhooks tag and the \`webhooks\` section.`,
        "",
        "**Our additions.** Managing webhook subscriptions and their deliveries (`/webhooks`, `/webhook_deliveries`), a worker's change history (`/users/{id}/history`), the invitation e-mails (`/mails`) and the invitation links (`/invitations/inspect`, `/invitations/accept`) are documented additions, as are `/me`, badge writes and the `user.*` events. Operations, parameters and fields marked `x-addition: true` are our additions to the original interface.",
      ].join("\n"),
      "x-environment": env,
    },
    servers: [{ url: "/", description: `This deployment (${env} environment)` }],
    tags: TAGS.map((t) => ({ ...t })),
    security: [{ token: [] }, { bearer: [] }],
  });
  annotate(doc);
  return doc;
}
