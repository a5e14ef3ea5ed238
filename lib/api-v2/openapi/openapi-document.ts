import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  type ResponseConfig,
  type RouteConfig,
} from "@asteasolutions/zod-to-openapi";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { WEBHOOK_EVENTS } from "@/lib/schemas/webhook";
import { STATUS_OF } from "../errors";
import { SIGNATURE_HEADER } from "../events/signature";
import { BADGES_ENDPOINTS } from "./endpoints/badges";
import { EMPLOYERS_ENDPOINTS } from "./endpoints/employers";
import { HOME_ENDPOINTS } from "./endpoints/home";
import { INVITATIONS_ENDPOINTS } from "./endpoints/invitations";
import { JOB_BODY_NOTES } from "./endpoints/job-body-notes";
import { JOB_REQUEST_TEMPLATES_ENDPOINTS } from "./endpoints/job-request-templates";
import { JOBS_ENDPOINTS } from "./endpoints/jobs";
import { MESSAGES_ENDPOINTS } from "./endpoints/messages";
import { MULTI_DAY_ENDPOINTS } from "./endpoints/multi-day";
import { PEOPLE_AUTH_ENDPOINTS } from "./endpoints/people-auth";
import { PERSONAL_DATA_ENDPOINTS } from "./endpoints/personal-data";
import { REFERENCE_REST_ENDPOINTS } from "./endpoints/reference-rest";
import { SESSION_ENDPOINTS } from "./endpoints/session";
import { TWO_FACTOR_ENDPOINTS } from "./endpoints/two-factor";
import { USERS_ENDPOINTS } from "./endpoints/users";
import { WEBHOOKS_ENDPOINTS } from "./endpoints/webhooks";
import { ZIP_CODES_ENDPOINTS } from "./endpoints/zip-codes";
import { ERROR_CODES, USER_FIELD_NOTES } from "./response-schemas";
import { type Endpoint, ERROR_EXAMPLES, errorResponses, HEADERS, headerRefs, TAGS } from "./shared";
import { webhookRoutes } from "./webhook-events";

/**
 * The OpenAPI 3.1 document of API v2, generated from the zod schemas the handlers parse with
 * (lib/schemas) and the output schemas of ./response-schemas, so the docs cannot drift from the
 * code. Prose (summaries, notes on fields and parameters) is added here; shapes never are.
 */

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

export { TAGS } from "./shared";

/** Every endpoint, one per method of each route file under app/api_v2, in the order the reference lists them. */
export const ENDPOINTS: Endpoint[] = [
  ...SESSION_ENDPOINTS,
  ...PEOPLE_AUTH_ENDPOINTS,
  ...TWO_FACTOR_ENDPOINTS,
  ...USERS_ENDPOINTS,
  ...EMPLOYERS_ENDPOINTS,
  ...PERSONAL_DATA_ENDPOINTS,
  ...BADGES_ENDPOINTS,
  ...JOBS_ENDPOINTS,
  ...JOB_REQUEST_TEMPLATES_ENDPOINTS,
  ...MULTI_DAY_ENDPOINTS,
  ...MESSAGES_ENDPOINTS,
  ...HOME_ENDPOINTS,
  ...WEBHOOKS_ENDPOINTS,
  ...INVITATIONS_ENDPOINTS,
  ...REFERENCE_REST_ENDPOINTS,
  ...ZIP_CODES_ENDPOINTS,
];

function routeOf(e: Endpoint): RouteConfig {
  const responses: Record<string, ResponseConfig> = {};
  if (e.success) {
    const { status, description, schema, headers = [], example, contentType } = e.success;
    responses[String(status)] = {
      description,
      headers: headerRefs(["X-Request-Id", ...headers]),
      ...(schema && {
        content: {
          [contentType ?? "application/json"]: {
            schema,
            ...(example !== undefined && { example }),
          },
        },
      }),
    };
  }
  // Every call but a GET has its body read within the 1 MiB limit (lib/api-v2/handler.ts),
  // whether or not the route takes one: 413 is a possible answer of each.
  const errors: typeof e.errors =
    e.method === "get" ? e.errors : [...e.errors, "payload_too_large"];
  Object.assign(responses, errorResponses(errors));
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
  const userNotes: ReadonlyMap<string, string> = new Map(Object.entries(USER_FIELD_NOTES));
  for (const name of ["InviteUserBody", "UpdateUserBody"]) {
    const props = schemas[name]?.properties;
    if (!isObject(props)) continue;
    for (const [field, prop] of Object.entries(props)) {
      const note = userNotes.get(field);
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
    ...JOB_BODY_NOTES,
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

const DOCUMENT_TITLE = "Staffing platform API v2 (employer portal implementation)";

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
        "**Access levels.** A private-pool key manages the company's own pool of workers. A public-pool key only reads workers with an active job for the company, and the company's badges, job requests and jobs; every write (users, badges, job requests, jobs) answers 403 `forbidden_for_public_pool`, as do the webhook, delivery, mail and message calls and a job request's candidates.",
        "",
        "**Transport and formats.** All calls must use HTTPS (403 `https_required`). Request bodies are JSON (415 otherwise; `/authenticate` also takes form-encoded bodies), at most 1 MiB (413). Responses are `application/json; charset=utf-8` and carry `X-Request-Id`. A method a path does not support answers 405 with an `Allow` header.",
        "",
        '**Errors** always have one shape: `{"error": {"code": "validation_failed", "message": "…", "fields": {"email": ["has already been taken"]}}}`; `fields` only on validation errors.',
        "",
        `**Lists** return at most ${MAX_PAGE_SIZE} records a page, under the key named like the resource: \`{"users": [...], "page": 1, "per": ${MAX_PAGE_SIZE}, "total": 1234}\`.`,
        "",
        `**Webhooks.** Events (${WEBHOOK_EVENTS.map((e) => `\`${e}\``).join(", ")}) are POSTed as JSON \`{"id", "event", "occurred_at", "data"}\` to the company's subscriptions, signed with \`${SIGNATURE_HEADER}\` (lowercase hex SHA-256 of the exact body bytes followed by the company's secret key), at least once, retried 3 times after about 60, 120 and 240 seconds (plus up to 10% jitter): deduplicate by \`id\`. See the Webhooks tag and the \`webhooks\` section.`,
        "",
        "**Our additions.** Managing webhook subscriptions and their deliveries (`/webhooks`, `/webhook_deliveries`), a worker's change history (`/users/{id}/history`), the invitation e-mails (`/mails`) and the invitation links (`/invitations/inspect`, `/invitations/accept`) are documented additions, as are `/me`, badge writes and the `user.*` events. So are a job request's ranked candidates (`/job_requests/{id}/candidates`) and the company's job categories (`/job_requests/categories`), the `draft` state on creating a job request, and the PATCH /jobs/{id} states other than `cancelled`. Of the messages, the read marking (PATCH /messages/{id}, /messages/mark_read), the unread counts (/messages/unread), the live stream (/messages/stream), the worker's e-mail and the `message.created` event are ours. Operations, parameters and fields marked `x-addition: true` are our additions to the original interface.",
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
