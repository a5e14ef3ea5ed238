import { z } from "zod";
import {
  createMessageBodySchema,
  listMessagesQuerySchema,
  MESSAGE_LIMITS,
  markReadBodySchema,
  messageStreamQuerySchema,
  unreadMessagesQuerySchema,
  updateMessageBodySchema,
} from "@/lib/schemas/message";
import { STREAM_LIMITS } from "../../messages/live-hub";
import { HEARTBEAT_MS } from "../../messages/stream";
import {
  markedSchema,
  messageEnvelopeSchema,
  messageListSchema,
  unreadCountsSchema,
} from "../response-schemas";
import {
  ADDITION_NOTE,
  AUTH_ERRORS,
  type Endpoint,
  idParam,
  JSON_BODY_ERRORS,
  type Note,
  PAGING_NOTES,
  queryObject,
} from "../shared";

const CreateMessageBody = createMessageBodySchema.meta({
  id: "CreateMessageBody",
  description: `A message about a job: body (1 to ${MESSAGE_LIMITS.body} characters, trimmed), job_id, sender_id and receiver_id (one of them the job's worker, the other an active requestor or admin of the job's company); image_url (https only, at most ${MESSAGE_LIMITS.imageUrl} characters, never fetched by us) and read_at (ISO 8601) optional.`,
});
const CreateMessageForm = z
  .object(
    Object.fromEntries(
      Object.keys(createMessageBodySchema.shape).map((k) => [`message[${k}]`, z.string()]),
    ),
  )
  .meta({
    id: "CreateMessageForm",
    description: "The same fields, form-encoded as message[...], as the reference documents them.",
  });
const UpdateMessageBody = updateMessageBodySchema.meta({
  id: "UpdateMessageBody",
  description: "read_at only (ISO 8601), or null to mark the message unread again.",
});
const MarkReadBody = markReadBodySchema.meta({
  id: "MarkMessagesReadBody",
  description:
    "The job; receiver_id (optional) narrows it to messages addressed to that user, else every message from the job's worker; up_to_id (optional) to messages with an id up to it, the last one the reader was shown, so a message that arrives while the request is on its way stays unread.",
});

const wrapped = (schema: z.ZodType) => z.union([schema, z.object({ message: schema })]);

const ONE_COMPANY =
  " Needs messages.read or messages.write as stated, which public-pool keys never hold (403 `forbidden_for_public_pool`).";

const LIST_NOTES: Record<string, Note> = {
  ...PAGING_NOTES,
  job_id: { description: "The messages of one job." },
  sender_id: { description: "Messages from this user." },
  receiver_id: { description: "Messages to this user." },
  job_request_id: {
    description: "The messages of every job of one job request. Our addition.",
    addition: true,
  },
  unread: {
    description:
      "true: only messages not yet read (read_at null); false: only read ones. Our addition.",
    addition: true,
  },
  order: {
    description:
      "desc (default, newest first) or asc (oldest first, a conversation read top-down). Our addition.",
    addition: true,
  },
};

const EXAMPLE = {
  message: { body: "Gate code is 4412", job_id: 34, sender_id: 7, receiver_id: 42 },
};

/** Messages: the reference's list, create and read, and our read marking, counts and stream. */
export const MESSAGES_ENDPOINTS: Endpoint[] = [
  {
    method: "get",
    path: "/api_v2/messages",
    operationId: "listMessages",
    tag: "Messages",
    summary: "List messages",
    description: `The company's messages, newest first, filtered and paged (at most 50 a page). Needs messages.read (every role).${ONE_COMPANY}`,
    auth: true,
    request: { query: queryObject(listMessagesQuerySchema) },
    queryNotes: LIST_NOTES,
    success: { status: 200, description: "One page of messages.", schema: messageListSchema },
    errors: ["malformed_request", ...AUTH_ERRORS, "forbidden_for_public_pool"],
  },
  {
    method: "post",
    path: "/api_v2/messages",
    operationId: "createMessage",
    tag: "Messages",
    summary: "Create a message",
    description: `Writes a message about one of the company's jobs, between the job's worker and an active requestor or admin (customer_admin) of its company. A key pair (the integration) may write as either party, as the reference says; a signed-in requestor or admin writes only as themselves (sender_id must be their own id, else 422 on sender_id); read-only people may not write (403 \`forbidden_for_role\`). Another company's job is refused like a job that does not exist (422 on job_id). Every failing field is reported together, in one 422 \`validation_failed\`, and nothing is kept. When an employer writes, the worker is e-mailed through the outbox (our addition); every message is sent as \`message.created\` (our addition) and announced on the live stream. JSON (the fields at the top level or under "message") or the reference's form encoding (\`message[body]=…\`). Needs messages.write.${ONE_COMPANY}`,
    auth: true,
    request: {
      body: {
        description: "The message.",
        required: true,
        content: {
          "application/json": { schema: wrapped(CreateMessageBody), example: EXAMPLE },
          "application/x-www-form-urlencoded": { schema: CreateMessageForm },
        },
      },
    },
    success: {
      status: 201,
      description: "The new message.",
      schema: messageEnvelopeSchema,
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
    path: "/api_v2/messages/unread",
    operationId: "countUnreadMessages",
    tag: "Messages",
    summary: "Count unread messages",
    description: `How many messages from workers nobody at the company has read yet (read_at null), in all, by job and by job request; job_request_id narrows it to one. Needs messages.read.${ADDITION_NOTE}${ONE_COMPANY}`,
    auth: true,
    addition: true,
    request: { query: queryObject(unreadMessagesQuerySchema) },
    queryNotes: { job_request_id: { description: "Count one job request's only." } },
    success: { status: 200, description: "The unread counts.", schema: unreadCountsSchema },
    errors: ["malformed_request", ...AUTH_ERRORS, "forbidden_for_public_pool"],
  },
  {
    method: "post",
    path: "/api_v2/messages/mark_read",
    operationId: "markMessagesRead",
    tag: "Messages",
    summary: "Mark a job's messages read",
    description: `Every unread message of the job from its worker (or, with receiver_id, addressed to that user) (with up_to_id, only those up to that id) is read now, in one statement; answers how many. The conversation is the company's, so anyone who may read it may mark it: needs messages.read. Another company's job is 422 on job_id. Announced on the live stream as \`read\`.${ADDITION_NOTE}${ONE_COMPANY}`,
    auth: true,
    addition: true,
    request: {
      body: {
        description: "The job.",
        required: true,
        content: {
          "application/json": {
            schema: wrapped(MarkReadBody),
            example: { job_id: 34, up_to_id: 1207 },
          },
        },
      },
    },
    success: { status: 200, description: "How many became read.", schema: markedSchema },
    errors: [...JSON_BODY_ERRORS, ...AUTH_ERRORS, "forbidden_for_public_pool", "validation_failed"],
  },
  {
    method: "get",
    path: "/api_v2/messages/stream",
    operationId: "streamMessages",
    tag: "Messages",
    summary: "Live message and job events (Server-Sent Events)",
    description: `A \`text/event-stream\` of the company's message and job request changes (or one job request's, with job_request_id; another company's is 404): \`event: message\` with \`data: {"id", "job_id", "job_request_id"}\` when a message is written, \`event: read\` with \`{"job_id", "job_request_id", "id"?, "marked"?}\` when read state changes, \`event: job\` with \`{"job_request_id", "job_id"?}\` when a job request or one of its jobs changes (a hire, a job's move, the request's change or cancellation, a series' cancellation; \`job_id\` absent when the request itself changed), and \`event: resync\` when events may have been missed (refetch what is shown). Ids only: refetch through this interface. A comment line every ${HEARTBEAT_MS / 1000} seconds keeps it open. It ends with \`event: end\` and \`data: {"reason": "token_expired" | "token_revoked"}\` when the token expires or is revoked (signing out, a password change, deactivation, a revoked key pair). At most ${STREAM_LIMITS.perGrant} open streams per token and ${STREAM_LIMITS.perProcess} per server (429 \`rate_limited\` past them). Needs messages.read.${ADDITION_NOTE}${ONE_COMPANY}`,
    auth: true,
    addition: true,
    request: { query: queryObject(messageStreamQuerySchema) },
    queryNotes: { job_request_id: { description: "Only this job request's events." } },
    success: {
      status: 200,
      description: "The event stream, open until it ends.",
      contentType: "text/event-stream",
      schema: z.string().meta({
        description:
          "Server-Sent Events: `retry: 5000` and a `: connected` comment, then `event:`/`data:` blocks and `: heartbeat` comments.",
        example:
          'retry: 5000\n: connected\n\nevent: message\ndata: {"id":12,"job_id":34,"job_request_id":5}\n\n',
      }),
    },
    errors: [
      "malformed_request",
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "rate_limited",
    ],
  },
  {
    method: "get",
    path: "/api_v2/messages/{id}",
    operationId: "getMessage",
    tag: "Messages",
    summary: "Get a specific message",
    description: `One of the company's messages; another company's is 404, like a missing id. Needs messages.read.${ONE_COMPANY}`,
    auth: true,
    request: { params: idParam("message") },
    success: { status: 200, description: "The message.", schema: messageEnvelopeSchema },
    errors: [...AUTH_ERRORS, "forbidden_for_public_pool", "not_found"],
  },
  {
    method: "patch",
    path: "/api_v2/messages/{id}",
    operationId: "updateMessage",
    tag: "Messages",
    summary: "Mark a message read or unread",
    description: `Sets read_at (null marks it unread again); no other field changes (422 otherwise). Needs messages.read: marking read changes only read state. Announced on the live stream as \`read\`.${ADDITION_NOTE}${ONE_COMPANY}`,
    auth: true,
    addition: true,
    request: {
      params: idParam("message"),
      body: {
        description: "The read state.",
        required: true,
        content: {
          "application/json": {
            schema: wrapped(UpdateMessageBody),
            example: { read_at: "2026-11-21T09:13:00Z" },
          },
        },
      },
    },
    success: { status: 200, description: "The message.", schema: messageEnvelopeSchema },
    errors: [
      ...JSON_BODY_ERRORS,
      ...AUTH_ERRORS,
      "forbidden_for_public_pool",
      "not_found",
      "validation_failed",
    ],
  },
];
