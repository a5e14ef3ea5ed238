import {
  createWebhookBodySchema,
  DELIVERY_STATES,
  listDeliveriesQuerySchema,
  listMailsQuerySchema,
} from "@/lib/schemas/webhook";
import { HIDDEN_LINK } from "../../events/invitation-mail";
import { MAX_WEBHOOKS_PER_COMPANY, RESEND_LIMIT } from "../../events/webhook-limits";
import {
  deliveryListSchema,
  deliverySchema,
  mailListSchema,
  webhookListSchema,
  webhookRemovedSchema,
  webhookSchema,
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
} from "../shared";

const CreateWebhookBody = createWebhookBodySchema.meta({
  id: "CreateWebhookBody",
  description: "A URL to send events to, and which events (omitted or empty: every event).",
});

const DELIVERY_QUERY_NOTES: Record<string, Note> = {
  page: PAGING_NOTES.page!,
  per: PAGING_NOTES.per!,
  state: { description: `Only deliveries in this state: ${DELIVERY_STATES.join(", ")}.` },
  webhook_id: { description: "Only deliveries to this subscription." },
};

/** Where a webhook may lead: the rule of lib/net/webhook-target.ts, for the reader. */
const TARGET_POLICY_NOTE =
  'Its host must resolve only to public addresses, checked in every spelling (decimal, hex or octal IPv4, IPv4-mapped, NAT64 and 6to4 IPv6): this machine (127.0.0.0/8, ::1, localhost) only where the deployment allows it (WEBHOOK_ALLOW_LOOPBACK; unset, only on a local demo: the embedded database listening on loopback), private networks (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) only with WEBHOOK_ALLOW_PRIVATE, and link-local or cloud metadata addresses (169.254.0.0/16, metadata.google.internal, fd00:ec2::254…), unspecified, multicast, broadcast and reserved ones never. The demo company\'s webhooks reach this machine only, named as 127.0.0.1, ::1 or localhost. A name that does not resolve yet is taken. Every delivery judges the target again and connects only to the addresses it judged; a target refused then ends the delivery (`dead`, `last_error` "refused: …") without any connection. Redirects are not followed (a 3xx answer is a failed attempt), and of an answer only its status and timing are kept, never its body.';

const WEBHOOK_BODY_NOTE =
  'Send the fields at the top level, or inside an object under "webhook" ({"webhook": {...}}).';

const EXAMPLE_WEBHOOK = {
  url: "https://example.com/hooks/staffing",
  events: ["user.invited", "user.updated"],
};

/** Webhooks, their deliveries, and the demo outbox of mails. */
export const WEBHOOKS_ENDPOINTS: Endpoint[] = [
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
    description: `Subscribes a URL to some events, or to every event (events omitted or empty). The URL must be https (plain http only to 127.0.0.1, ::1 or localhost, where loopback is allowed and ALLOW_HTTP_LOOPBACK is on); no user name or password in it; unique within the company; at most ${MAX_WEBHOOKS_PER_COMPANY} per company. ${TARGET_POLICY_NOTE} Otherwise 422 \`validation_failed\` on \`url\` (an unknown event: on \`events[i]\`). Deliveries are signed with the secret key of the calling key pair (its public key is the subscription's \`signing_key\`). ${WEBHOOK_BODY_NOTE}${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
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
    description: `Sends a dead (or delivered) delivery again, at once, with a fresh set of retries (max_attempts grows by 4 by default). The body, and so the event id, is the same; earlier attempts stay in attempt_log. A delivery still pending is 422 \`validation_failed\` on \`state\`; another company's is 404. At most ${RESEND_LIMIT.perCompany} re-sends per company per hour (refused ones do not count), then 429 \`rate_limited\` with Retry-After. No request body.${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
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
      "rate_limited",
    ],
  },
  {
    method: "get",
    path: "/api_v2/mails",
    operationId: "listMails",
    tag: "Invitations",
    summary: "List invitation e-mails",
    description: `The invitation e-mails of the company, newest first: one per invite, queued in the invite's own transaction. Never another company's mails. Where the deployment keeps mail in its database (no SMTP server configured) each shows its text and HTML; once mail really goes out they are null. The invitation link itself (\`link\`, and the link and its token in the text and HTML) is shown only to the demo company, so that anyone trying the demo can open the invitation. For every other company it was sent to the worker alone, since whoever holds it could accept the invitation in the worker's place: it is listed as "${HIDDEN_LINK}" and \`link\` is null.${ADDITION_NOTE}${PRIVATE_POOL_NOTE}`,
    auth: true,
    addition: true,
    request: { query: queryObject(listMailsQuerySchema) },
    queryNotes: { page: PAGING_NOTES.page!, per: PAGING_NOTES.per! },
    success: { status: 200, description: "One page of e-mails.", schema: mailListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS, "forbidden_for_public_pool"],
  },
];
