import type { ResponseConfig, RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { MAX_QUERY_LIST } from "@/lib/schemas/common";
import { JOB_STATES } from "@/lib/schemas/job";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { WEBHOOK_EVENTS } from "@/lib/schemas/webhook";
import { ERROR_BOUNDS, type ErrorCode, type FieldErrors, STATUS_OF } from "../errors";
import { SIGNATURE_HEADER } from "../events/signature";
import { JOB_TRANSITIONS } from "../jobs/job-state-machine";
import { NOTIFY_TOP } from "../jobs/notify-candidates";
import { MAX_BODY_BYTES, MAX_PUBLIC_BODY_BYTES } from "../read-body";
import { errorSchema } from "./response-schemas";

/** "`pending` → `filled` (requestor), …": the state machine's moves, grouped by the state left. */
const JOB_MOVES = [...new Set(JOB_TRANSITIONS.map((e) => e.from))]
  .map(
    (from) =>
      `From \`${from}\`: ${JOB_TRANSITIONS.filter((e) => e.from === from)
        .map((e) => `\`${e.to}\` (${e.by.join(" or ")})`)
        .join(", ")}.`,
  )
  .join(" ");
const FINAL_JOB_STATES = JOB_STATES.filter((s) => !JOB_TRANSITIONS.some((e) => e.from === s));

/**
 * What every resource's endpoint list shares: tags, parameter and header helpers, the error
 * catalogue with an example of every code, and the Endpoint shape the document is built from.
 */
export const TAGS = [
  {
    name: "Authentication",
    description:
      "Exchange a key pair, or a person's e-mail and password (our addition), for a token. Every other call except /info, /openapi.json and the password reset links carries the token.",
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
  {
    name: "Job requests",
    description: [
      "The company's job requests (postings): read with any key; creating and changing them needs a private-pool key.",
      "",
      "**State.** A request is created as `draft` (our addition: a draft may be incomplete), `unassigned` or `posted`; PATCH moves it between those and cancels it. Once open (`unassigned` or `posted`), its state follows its jobs, counting those that hold a slot (filled, in_progress, paused, completed, approved): `in_progress` once any has started, `completed` when all are completed or approved, `approved` when all are approved, `filled` when every slot is taken, and open again (`posted`, or `unassigned` if it was) otherwise. Cancelling a request cancels its live jobs (pending, filled, in_progress, paused; reason `admin_cancelled`). `completed`, `approved` and `cancelled` are final. Each change is sent as `job_request.state_changed`.",
      "",
      "**Location.** There is no geocoding: the site's latitude and longitude are what the caller sends (or where a pin is placed in the employer portal); the address is not looked up.",
      "",
      `**Candidates** (our addition). GET /job_requests/{id}/candidates ranks the workers who qualify, nearest first. When a request becomes \`posted\`, its top ${NOTIFY_TOP} candidates are e-mailed about it through the outbox, in the same transaction.`,
    ].join("\n"),
  },
  {
    name: "Jobs",
    description: [
      "The company's jobs: one per worker on a job request. Hire a worker with POST /jobs/assign (or POST /jobs); act on a job with PATCH /jobs/{id}. Writes need a private-pool key.",
      "",
      `**Life of a job.** ${JOB_MOVES} Every other state is final (${FINAL_JOB_STATES.map((s) => `\`${s}\``).join(", ")}). Any other move is refused with 422 \`validation_failed\` on \`fields.state\`, and nothing changes. Each move is recorded in the job's transitions and sent as \`job.state_changed\`; the job request's state follows (see Job requests).`,
    ].join("\n"),
  },
  {
    name: "Messages",
    description:
      "Messages about a job between its worker and a requestor (or admin) of its company: list, write and read them as the reference has them; marking read, unread counts and a live stream of changes are our additions. Public-pool keys may not use them.",
  },
  {
    name: "Webhooks",
    description: [
      "Our addition: the company's webhook subscriptions and every delivery to them, managed through this interface (the original service leaves registration to its operator). Private-pool keys only.",
      "",
      `Events: ${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(", ")} (all but the first two are ours). A subscription names some of them, or none for every event.`,
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
  {
    name: "Customers",
    description:
      "The caller's company as the platform knows it (the reference's customer record): contact and billing details are the company's to change, the platform's terms are the platform's. Customers are created by the operator.",
  },
  {
    name: "Search",
    description: "One search over the caller's workers, job requests, jobs and badges.",
  },
  { name: "Meta", description: "Facts about this deployment, and this document." },
] as const;
export type Tag = (typeof TAGS)[number]["name"];

/** Both body shapes occur: the fields at the top level, or under the resource's key. */
export function eitherShape(
  schema: z.ZodType,
  key: "user" | "badge" | "webhook" | "job_request" | "job",
) {
  return z.union([schema, z.object({ [key]: schema })]);
}

/**
 * The object schema behind a query schema: they are `z.preprocess(withoutBlank, z.object(…))`,
 * and the preprocess step (dropping blank values) has no shape of its own to document.
 */
export const queryObject = <T extends z.ZodObject>(schema: z.ZodPreprocess<T>): T => schema.out;

export const idParam = (what: string) =>
  z.object({
    id: z
      .number()
      .int()
      .min(1)
      .max(2_147_483_647)
      .meta({ description: `The ${what}'s id.`, example: 42 }),
  });

export type Note = { description: string; addition?: boolean };

export const PAGING_NOTES: Record<string, Note> = {
  page: { description: "Page number, from 1." },
  per: {
    description: `Records per page, at most ${MAX_PAGE_SIZE}: larger values are taken as ${MAX_PAGE_SIZE}.`,
  },
  updated_after: { description: "Only records changed after this ISO 8601 timestamp." },
  updated_before: { description: "Only records changed before this ISO 8601 timestamp." },
};

export const stateNotes = (states: readonly string[]): Note => ({
  description: `One state or a comma-separated list (at most ${MAX_QUERY_LIST} values): ${states.join(", ")}. Empty (\`state=\`) is ignored; a list of only commas (\`state=,,\`) names no state and is 400 \`malformed_request\`.`,
});

export const HEADERS = {
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
export type HeaderName = keyof typeof HEADERS;

export const headerRefs = (names: HeaderName[]) =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

/** An example of every error code, with when it happens. The Record type makes it complete. */
export const ERROR_EXAMPLES: Record<
  ErrorCode,
  { when: string; message: string; fields?: FieldErrors }
> = {
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
    when: "A write, or a call on webhooks, deliveries, mails, messages or a job request's candidates, with a public-pool key: public pool keys may only read workers, badges, job requests and jobs.",
    message: "This operation needs a private pool key; public pool keys may only read",
  },
  forbidden_for_role: {
    when: "Our addition: a person signed in with e-mail and password whose role does not hold the action (see the role table in the introduction). Key pairs never get it.",
    message: "Your role (Read-only) cannot do this: post, edit and cancel job requests",
  },
  operator_only: {
    when: "Our addition: POST /customers with any token. Customers (companies) are created by the platform's operator (the operator command), never through the API.",
    message: "Customers are created by the platform's operator, not through the API",
  },
  two_factor_required: {
    when: "Our addition: the e-mail and password were right and the person has two-factor sign-in on. The error carries a one-use `challenge` (valid five minutes) to send back to POST /authenticate with a `code`.",
    message: "Enter the code from your authenticator app (or a recovery code)",
  },
  invalid_two_factor_code: {
    when: "Our addition: the code sent with a sign-in challenge is wrong, already used, or the challenge has expired, been used or seen five wrong codes.",
    message: "The code is not valid; try the current code from your authenticator app",
  },
  two_factor_setup_required: {
    when: "Our addition: the company requires two-factor sign-in and this person has not set it up: their token may only read /me, enrol (POST /me/two_factor and /confirm) and sign out.",
    message: "Your company requires two-factor sign-in: set it up before anything else",
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
    when: `The request body is larger than ${MAX_BODY_BYTES} bytes (1 MiB), or, on the calls made without a token (/authenticate and the invitation calls), ${MAX_PUBLIC_BODY_BYTES} bytes (16 KiB). A Content-Length over the limit is refused before anything else is looked at, the token included.`,
    message: `Request body is larger than ${MAX_BODY_BYTES} bytes`,
  },
  unsupported_media_type: {
    when: "The body is not application/json (or, on /authenticate, form-encoded or JSON).",
    message: "Send the request body as application/json",
  },
  validation_failed: {
    when: `One or more fields are invalid; every failing field is reported at once, up to ${ERROR_BOUNDS.fields} fields of ${ERROR_BOUNDS.messagesPerField} messages each: what is left out is counted in a last "…and N more" (under \`base\` for fields).`,
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
    when: "Too many authentication attempts for the key or the client address, or too many invitation accepts from the client address or for the invitation. Retry-After says when to try again.",
    message: "Too many attempts; try again in 42 seconds",
  },
  internal_error: {
    when: "Something failed on our side; the message carries the request id.",
    message: "Something went wrong on our side (request 6f1c0c9e-…)",
  },
  database_unavailable: {
    when: "Our addition. The database cannot be reached right now (restarting, failing over, or no connection free in time). The request was not acknowledged: it was not applied, unless the connection dropped while the commit was under way; sending it again is safe (a repeated invite is then refused as taken). Retry-After says when to ask again.",
    message: "The database is unavailable right now; try again in a few seconds",
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
  503: "Service unavailable",
};

export const AUTH_ERRORS: ErrorCode[] = ["missing_token", "invalid_token", "token_expired"];
const ALWAYS: ErrorCode[] = ["https_required", "internal_error", "database_unavailable"];
export const JSON_BODY_ERRORS: ErrorCode[] = [
  "malformed_request",
  "payload_too_large",
  "unsupported_media_type",
];

/** Error responses grouped by status, each listing its codes with an example of each. */
export function errorResponses(codes: ErrorCode[]): Record<string, ResponseConfig> {
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

export type Endpoint = {
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
    /** The body's media type; application/json unless said (the live stream's is an event stream). */
    contentType?: "text/event-stream";
    headers?: HeaderName[];
    example?: unknown;
  };
  errors: ErrorCode[];
};

export const PRIVATE_POOL_NOTE =
  " Needs a private-pool key: public-pool keys get 403 `forbidden_for_public_pool`.";

export const ADDITION_NOTE = " Our addition.";
