import { z } from "zod";
import { JOB_REQUEST_STATES, JOB_STATES } from "@/lib/schemas/job";
import { DELIVERY_STATES, WEBHOOK_EVENTS } from "@/lib/schemas/webhook";
import { ADDITION, listOf, nullableTimestamp, timestamp } from "./common";
import { messageSchema } from "./messages";
import { jobRequestSchema, jobSchema } from "./resources";
import { badgeRefSchema, userChangesField, userSchema } from "./users";

/** Webhooks, the events we send, their deliveries, and the demo outbox of mails. */

export const webhookSchema = z
  .object({
    id: z.number().int(),
    url: z.string().meta({
      description:
        "Where deliveries are POSTed: https, or plain http to 127.0.0.1, ::1 or localhost where the deployment allows it. Unique within the company.",
    }),
    events: z.array(z.enum(WEBHOOK_EVENTS)).meta({
      description: "The events sent to this URL (every event when all_events is true).",
    }),
    all_events: z.boolean().meta({
      description:
        "Subscribed to every event, including events added later: no events, or all of them, were named.",
    }),
    signing_key: z.string().nullable().meta({
      description:
        "The public key (pk_…) of the key pair whose secret key signs the deliveries: the one that registered the subscription. null when the operator registered it; then, as when that key is revoked, the company's newest active key signs.",
    }),
    created_at: timestamp(),
  })
  .meta({
    id: "Webhook",
    description: `A subscription of the company to events, delivered by POST to its URL.${ADDITION}`,
  });

export const webhookListSchema = z
  .object({ webhooks: z.array(webhookSchema) })
  .meta({ id: "WebhookList", description: "Every subscription of the company, oldest first." });

export const webhookRemovedSchema = z
  .object({
    removed: z.literal(true),
    id: z.number().int(),
    pending_deliveries_cancelled: z.number().int().min(0).meta({
      description:
        'Deliveries of this subscription still waiting, now ended: state "dead", last_error "webhook removed at …".',
    }),
  })
  .meta({ id: "WebhookRemoved", description: "What removing a subscription did." });

/** The webhook events' bodies: `{id, event, occurred_at, data}`, data by event. */
const eventEnvelope = <E extends (typeof WEBHOOK_EVENTS)[number], D extends z.ZodType>(
  event: E,
  data: D,
  id: string,
  description: string,
) =>
  z
    .object({
      id: z.uuid().meta({
        description:
          "The event's id, the same on every attempt and every subscription it goes to: deliveries are at least once, so deduplicate by it.",
      }),
      event: z.literal(event),
      occurred_at: z.iso
        .datetime()
        .meta({ description: "When the change happened: UTC, milliseconds, literal Z." }),
      data: data,
    })
    .meta({ id, description });

const userInvitedEventSchema = eventEnvelope(
  "user.invited",
  z.object({ user: userSchema }),
  "UserInvitedEvent",
  `A worker was invited: data.user is the new worker, its ssn and dob null.${ADDITION}`,
);
const userUpdatedEventSchema = eventEnvelope(
  "user.updated",
  z.object({
    user: userSchema,
    changes: userChangesField,
    badges_added: z.array(badgeRefSchema),
    badges_removed: z.array(badgeRefSchema),
  }),
  "UserUpdatedEvent",
  `A worker was changed (fields or badges): the worker after the change (its ssn and dob null), and what changed (ssn masked, dob hidden, as in the history).${ADDITION}`,
);
const jobStateChangedEventSchema = eventEnvelope(
  "job.state_changed",
  z.object({
    job: jobSchema,
    previous_state: z.enum(JOB_STATES).nullable().meta({
      description:
        "The state the job left; null when the job was just created (hired with POST /jobs/assign, or a worker accepting).",
    }),
  }),
  "JobStateChangedEvent",
  "A job of the company changed state (or was created): data.job is the job after the move. In events the worker's ssn and dob are null.",
);
const jobRequestStateChangedEventSchema = eventEnvelope(
  "job_request.state_changed",
  z.object({
    job_request: jobRequestSchema,
    previous_state: z
      .enum(JOB_REQUEST_STATES)
      .meta({ description: "The state the job request left." }),
  }),
  "JobRequestStateChangedEvent",
  "A job request of the company changed state, by PATCH /job_requests/{id} or following its jobs: data.job_request is the request after the change. Creating a request sends none.",
);

const messageCreatedEventSchema = eventEnvelope(
  "message.created",
  z.object({ message: messageSchema }),
  "MessageCreatedEvent",
  `A message was written about one of the company's jobs (POST /messages, by a requestor or as the worker): data.message is the message.${ADDITION}`,
);

/** Every event body, by its `event`. */
export const WEBHOOK_EVENT_SCHEMAS = {
  "job_request.state_changed": jobRequestStateChangedEventSchema,
  "job.state_changed": jobStateChangedEventSchema,
  "user.invited": userInvitedEventSchema,
  "user.updated": userUpdatedEventSchema,
  "message.created": messageCreatedEventSchema,
} as const satisfies Record<(typeof WEBHOOK_EVENTS)[number], z.ZodType>;

export const webhookEventSchema = z
  .discriminatedUnion("event", [
    jobRequestStateChangedEventSchema,
    jobStateChangedEventSchema,
    userInvitedEventSchema,
    userUpdatedEventSchema,
  ])
  .meta({
    id: "WebhookEvent",
    description:
      "The JSON body POSTed to a subscription's URL: {id, event, occurred_at, data}, data by event.",
  });

const deliveryAttemptSchema = z
  .object({
    attempt: z.number().int().min(1),
    started_at: timestamp(),
    latency_ms: z.number().int().min(0),
    ok: z.boolean().meta({ description: "The receiver answered 2xx." }),
    status: z.number().int().nullable().meta({
      description: "The receiver's HTTP status, or null when none came (timeout, no connection).",
    }),
    error: z.string().nullable(),
  })
  .meta({ id: "DeliveryAttempt", description: "One attempt to deliver an event." });

export const deliverySchema = z
  .object({
    id: z.number().int().meta({ description: "Also sent as the X-Webhook-Delivery header." }),
    event_id: z.uuid().meta({ description: "The id in the body (payload.id)." }),
    event: z.enum(WEBHOOK_EVENTS),
    webhook_id: z.number().int().nullable().meta({
      description: "The subscription it goes to; null once that subscription is removed.",
    }),
    url: z.string().meta({ description: "The subscription's URL when the event was queued." }),
    state: z.enum(DELIVERY_STATES).meta({
      description:
        "pending: waiting for its next attempt; delivered: a receiver answered 2xx; dead: every attempt failed (or the subscription was removed).",
    }),
    attempts: z.number().int().min(0),
    max_attempts: z.number().int().min(1).meta({
      description: "The first attempt and the retries (4 by default); a resend adds as many again.",
    }),
    next_attempt_at: nullableTimestamp("While pending: when the next attempt is due."),
    last_status: z.number().int().nullable().meta({
      description: "HTTP status of the last attempt, or null.",
    }),
    last_error: z.string().nullable(),
    delivered_at: nullableTimestamp(),
    created_at: timestamp(),
    payload: webhookEventSchema,
    attempt_log: z.array(deliveryAttemptSchema).meta({ description: "Every attempt, in order." }),
  })
  .meta({
    id: "WebhookDelivery",
    description: `One event on its way to one subscription, with every attempt.${ADDITION}`,
  });

export const deliveryListSchema = listOf(
  "deliveries",
  deliverySchema,
  "WebhookDeliveryList",
  "webhook deliveries, newest first",
);

export const mailSchema = z
  .object({
    id: z.number().int(),
    event: z.string().meta({
      description:
        'What the mail is for: "user.invited", or "user.password_reset" (a reset link, our addition).',
    }),
    to: z.string().meta({ description: "The worker's e-mail address." }),
    to_name: z.string(),
    subject: z.string().meta({ description: "Names the company." }),
    state: z.enum(DELIVERY_STATES).meta({
      description: "pending (not sent yet), delivered, or dead (every attempt failed).",
    }),
    transport: z.enum(["smtp", "database"]).nullable().meta({
      description:
        'How it went out: "smtp", or "database" where the deployment keeps mail for its demo outbox; null before the first attempt.',
    }),
    attempts: z.number().int().min(0),
    last_error: z.string().nullable(),
    created_at: timestamp(),
    delivered_at: nullableTimestamp(),
    link_expires_at: timestamp("When the invitation link in the mail expires."),
    body_available: z.boolean().meta({
      description:
        "Whether text and html are shown: only where mail is kept in the database (no SMTP). Once mail really goes out, the message belongs to the worker's inbox alone.",
    }),
    text: z.string().nullable(),
    html: z.string().nullable(),
    link: z.string().nullable().meta({
      description:
        "The invitation link, …/accept-invite#token=…, shown to the demo company only; null for every other company (the text and html then show a placeholder instead of it), and null when body_available is false. The token is single use.",
    }),
    sent_by: z.object({ id: z.number().int(), name: z.string() }).nullable().meta({
      description:
        "Our addition: the teammate (employer user) whose action sent the mail with their own sign-in, named as they are now; null for a key pair or the system.",
    }),
    link_state: z.enum(["live", "used", "replaced", "expired"]).nullable().meta({
      description:
        "Our addition: what became of the mail's one-use link. live: it works; used: it was used; replaced: a newer link (a resend) ended it, whatever the mail says; expired: its time ran out. null for a mail with no link.",
    }),
  })
  .meta({ id: "Mail", description: `An invitation e-mail.${ADDITION}` });

export const mailListSchema = listOf(
  "mails",
  mailSchema,
  "MailList",
  "invitation e-mails, newest first",
);
