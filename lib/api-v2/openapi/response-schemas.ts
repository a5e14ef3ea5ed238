import { z } from "zod";
import { JOB_REQUEST_STATES, JOB_STATES } from "@/lib/schemas/job";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { DELIVERY_STATES, WEBHOOK_EVENTS } from "@/lib/schemas/webhook";
import { type ErrorCode, STATUS_OF } from "../errors";

/**
 * Output schemas of API v2: what the serializers (serializeUser, serializeBadge, serializeJob,
 * serializeJobRequest, serializeWebhook, …) and the handlers return. They exist for the OpenAPI document; the
 * document's test parses real serializer output with them (and the API tests the real responses
 * of the webhook, delivery, mail, history and invitation endpoints), so they cannot drift either.
 * `.meta({ id })` names each one as a component of the document.
 */

/** `2026-11-21T09:13:00.123+00:00`: ISO 8601, milliseconds, numeric offset (formatTimestamp). */
const timestamp = (description?: string) =>
  z.iso.datetime({ offset: true }).meta(description ? { description } : {});
const nullableTimestamp = (description?: string) =>
  z.iso
    .datetime({ offset: true })
    .nullable()
    .meta(description ? { description } : {});

/** Decimal degrees carried as a string, `"37.7952"` (at most 7 decimals). */
const coordinate = (what: string) =>
  z
    .string()
    .regex(/^-?\d{1,3}(?:\.\d{1,7})?$/)
    .nullable()
    .meta({ description: `${what}, decimal degrees as a string (e.g. "37.7952")` });

/** Notes on user fields, shared by the response schema and the request bodies' documentation. */
export const USER_FIELD_NOTES: Record<string, string> = {
  id: "Assigned by the service at invitation; used in /users/{id}.",
  external_id:
    "Caller-chosen identifier, any string up to 255 characters (numbers are taken as text); unique within the company. Find a worker by it with GET /users?external_id=….",
  type: '"Worker" for workers.',
  first_name: "Given name.",
  last_name: "Family name.",
  email: "A valid e-mail address, unique across users (compared trimmed and case-insensitively).",
  phone:
    'International format with a leading "+" and the country code ("+1415-555-5555"); stored as E.164 ("+14155555555") and unique on that value.',
  gender: "Free text, or null.",
  dob: "Date of birth, YYYY-MM-DD.",
  address: "Street address.",
  address_state: "Empty string allowed.",
  city: "City.",
  zip: "Postal code.",
  home_latitude:
    "Where the worker lives: -90..90, at most 7 decimals; a string or a number. Set or cleared together with home_longitude.",
  home_longitude:
    "Where the worker lives: -180..180, at most 7 decimals; a string or a number. Set or cleared together with home_latitude.",
  latitude:
    "The worker's current location: -90..90, at most 7 decimals; a string or a number. Set or cleared together with longitude.",
  longitude:
    "The worker's current location: -180..180, at most 7 decimals; a string or a number. Set or cleared together with latitude.",
  avatar_url: "http(s) URL.",
  logo_url: "http(s) URL.",
  workplace_image_url: "http(s) URL.",
  business_name: "Business name.",
  drug_tested: "Empty string allowed.",
  rating: "Read-only.",
  referred_by: "Empty string allowed.",
  ssn: "Empty string allowed.",
  suspended: 'true or false (the strings "true"/"false"/"1"/"0" are accepted too).',
  suspended_until: "ISO 8601 timestamp, or null.",
  lower_pool: "true, false or null.",
  lower_pool_until: "ISO 8601 timestamp, or null.",
  onboarding_appt_time: "ISO 8601 timestamp, or null.",
  tracking_code: "Tracking code.",
  w2_address_state: "W-2 address state.",
  w2_employee_id: "Empty string allowed.",
  w2_onboarding_completed: "ISO 8601 timestamp, or null.",
  w2_onboarding_started: "ISO 8601 timestamp, or null.",
  w2_onboarding_status: "Empty string allowed.",
  updated_at: "Read-only. ISO 8601 with milliseconds and a numeric offset.",
  user_badges:
    'The badges the worker holds, in the order assigned. In a request: a list of {"badge_id": "12"} (or plain ids) that replaces the whole set.',
  user_badges_attributes:
    'Badge changes: {"badge_id": "12"} adds; {"id": 7, "_destroy": true} or {"badge_id": "12", "_destroy": true} removes. A badge the worker already holds, or one named twice, is 422 duplicate_badge and nothing is applied.',
};

const note = (field: string) => ({ description: USER_FIELD_NOTES[field] ?? "" });
const text = (field: string) => z.string().nullable().meta(note(field));

export const userBadgeSchema = z
  .object({
    id: z.number().int().meta({ description: "The user badge's own id (used to remove it)." }),
    user_id: z.number().int(),
    badge_id: z.string().meta({ description: "The badge's id, as a string.", example: "12" }),
    created_at: timestamp(),
  })
  .meta({ id: "UserBadge", description: "A badge held by a worker." });

/** Every field of serializeUser, in its order. */
export const userSchema = z
  .object({
    id: z.number().int().meta(note("id")),
    external_id: text("external_id"),
    type: z.string().meta(note("type")),
    first_name: z.string().meta(note("first_name")),
    last_name: z.string().meta(note("last_name")),
    email: z.string().meta(note("email")),
    phone: z.string().meta(note("phone")),
    gender: text("gender"),
    dob: z.iso.date().nullable().meta(note("dob")),
    address: text("address"),
    address_state: text("address_state"),
    city: text("city"),
    zip: text("zip"),
    home_latitude: coordinate("Home latitude"),
    home_longitude: coordinate("Home longitude"),
    latitude: coordinate("Current latitude"),
    longitude: coordinate("Current longitude"),
    avatar_url: text("avatar_url"),
    logo_url: text("logo_url"),
    workplace_image_url: text("workplace_image_url"),
    business_name: text("business_name"),
    drug_tested: text("drug_tested"),
    rating: z.number().nullable().meta(note("rating")),
    referred_by: text("referred_by"),
    ssn: text("ssn"),
    suspended: z.boolean(),
    suspended_until: nullableTimestamp(),
    lower_pool: z.boolean().nullable(),
    lower_pool_until: nullableTimestamp(),
    onboarding_appt_time: nullableTimestamp(),
    tracking_code: text("tracking_code"),
    w2_address_state: text("w2_address_state"),
    w2_employee_id: text("w2_employee_id"),
    w2_onboarding_completed: nullableTimestamp(),
    w2_onboarding_started: nullableTimestamp(),
    w2_onboarding_status: text("w2_onboarding_status"),
    updated_at: timestamp(USER_FIELD_NOTES.updated_at),
    user_badges: z
      .array(userBadgeSchema)
      .meta({ description: "The badges the worker holds, in the order assigned." }),
  })
  .meta({
    id: "User",
    description:
      "A worker (or employer). Every field is always present, null where unset, in this order.",
  });

export const badgeSchema = z
  .object({
    id: z.number().int(),
    name: z.string().meta({ description: "Unique per company (case-insensitively)." }),
    description: z.string(),
    info_url: z.string().nullable(),
    icon_url: z.string().nullable(),
    is_soft: z.boolean(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({
    id: "Badge",
    description: "A badge of the company; badges decide which jobs a worker sees.",
  });

export const jobSchema = z
  .object({
    id: z.number().int(),
    job_request_id: z.number().int(),
    user_id: z.number().int().meta({ description: "The worker holding the job." }),
    state: z.enum(JOB_STATES),
    approved_at: nullableTimestamp("When the job was approved, or null."),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: "Job", description: "A worker's job for one of the company's job requests." });

export const jobRequestSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    state: z.enum(JOB_REQUEST_STATES),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: "JobRequest", description: "A job posting of the company." });

const pageFields = {
  page: z.number().int().min(1).meta({ description: "The page returned, from 1." }),
  per: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .meta({ description: `Records per page (at most ${MAX_PAGE_SIZE}).` }),
  total: z.number().int().min(0).meta({
    description:
      "Records matching the filters, over all pages. Our addition: the original service has no total, so clients should page until a page holds fewer than `per` records.",
    "x-addition": true,
  }),
};

const listOf = <T extends z.ZodType>(key: string, item: T, id: string, what: string) =>
  z
    .object({ [key]: z.array(item), ...pageFields })
    .meta({ id, description: `One page of ${what}, under the key "${key}".` });

export const userListSchema = listOf(
  "users",
  userSchema,
  "UserList",
  "workers, newest change first",
);
export const badgeListSchema = listOf("badges", badgeSchema, "BadgeList", "badges, by name");
export const jobListSchema = listOf("jobs", jobSchema, "JobList", "jobs, newest change first");
export const jobRequestListSchema = listOf(
  "job_requests",
  jobRequestSchema,
  "JobRequestList",
  "job requests, newest change first",
);

// Our additions: webhooks and their deliveries, invitation e-mails, change history, and the
// invitation links.

const ADDITION = " Our addition.";

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

const fieldChangeSchema = z
  .object({
    from: z.unknown().meta({ description: "The value before, in the user object's format." }),
    to: z.unknown().meta({ description: "The value after." }),
  })
  .meta({ id: "FieldChange", description: "One field's change. ssn values are masked." });

const badgeRefSchema = z
  .object({
    badge_id: z.string().meta({ description: "The badge's id, as a string.", example: "12" }),
    name: z.string().meta({ description: "The badge's name at the time." }),
  })
  .meta({ id: "BadgeRef", description: "A badge, by id and name." });

const userChangesField = z.record(z.string(), fieldChangeSchema).meta({
  description:
    'The fields that changed, by API name, each {"from", "to"}; ssn values are masked to their last four digits ("•••-••-6789"). updated_at and user_badges are never listed (see badges_added and badges_removed).',
});

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

export const userInvitedEventSchema = eventEnvelope(
  "user.invited",
  z.object({ user: userSchema }),
  "UserInvitedEvent",
  `A worker was invited: data.user is the new worker.${ADDITION}`,
);
export const userUpdatedEventSchema = eventEnvelope(
  "user.updated",
  z.object({
    user: userSchema,
    changes: userChangesField,
    badges_added: z.array(badgeRefSchema),
    badges_removed: z.array(badgeRefSchema),
  }),
  "UserUpdatedEvent",
  `A worker was changed (fields or badges): the worker after the change, and what changed.${ADDITION}`,
);
export const jobStateChangedEventSchema = eventEnvelope(
  "job.state_changed",
  z.object({ job: jobSchema, previous_state: z.enum(JOB_STATES) }),
  "JobStateChangedEvent",
  "A job of the company changed state.",
);
export const jobRequestStateChangedEventSchema = eventEnvelope(
  "job_request.state_changed",
  z.object({ job_request: jobRequestSchema, previous_state: z.enum(JOB_REQUEST_STATES) }),
  "JobRequestStateChangedEvent",
  "A job request of the company changed state.",
);

/** Every event body, by its `event`. */
export const WEBHOOK_EVENT_SCHEMAS = {
  "job_request.state_changed": jobRequestStateChangedEventSchema,
  "job.state_changed": jobStateChangedEventSchema,
  "user.invited": userInvitedEventSchema,
  "user.updated": userUpdatedEventSchema,
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

export const deliveryAttemptSchema = z
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
    event: z.string().meta({ description: 'What the mail is for: "user.invited".' }),
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
        "Whether text, html and link are shown: only where mail is kept in the database (no SMTP). Once mail really goes out, the link belongs to the worker's inbox alone.",
    }),
    text: z.string().nullable(),
    html: z.string().nullable(),
    link: z.string().nullable().meta({
      description:
        "The invitation link, …/accept-invite#token=…, or null (see body_available). The token is single use.",
    }),
  })
  .meta({ id: "Mail", description: `An invitation e-mail.${ADDITION}` });

export const mailListSchema = listOf(
  "mails",
  mailSchema,
  "MailList",
  "invitation e-mails, newest first",
);

export const userChangeSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    kind: z.enum(["invited", "updated", "invitation_accepted"]),
    occurred_at: timestamp(),
    actor: z
      .object({
        type: z.enum(["api_key", "worker", "operator"]).meta({
          description:
            "api_key: a call of this interface; worker: the worker (accepting the invitation); operator: the operator's tools.",
        }),
        api_key: z.string().nullable().meta({
          description:
            "The public key (pk_…) of the call, or null; null also when another company made the change (a public-pool caller reading a worker of another pool).",
        }),
        company_id: z.number().int().nullable(),
        company_name: z.string().nullable().meta({
          description: "The company that made the change; null when it is not the caller's.",
        }),
      })
      .meta({ description: "Who made the change." }),
    changes: userChangesField,
    badges_added: z.array(badgeRefSchema),
    badges_removed: z.array(badgeRefSchema),
  })
  .meta({ id: "UserChange", description: `One change to a worker.${ADDITION}` });

export const userHistorySchema = listOf(
  "history",
  userChangeSchema,
  "UserHistory",
  "the worker's changes, newest first",
);

const invitationFields = {
  state: z.enum(["valid", "used", "expired"]).meta({
    description:
      "valid: it can be accepted; used: it was accepted; expired: it was not accepted in time.",
  }),
  first_name: z.string().meta({ description: "The worker's first name, to greet them." }),
  company_name: z.string().meta({ description: "The company that sent the invitation." }),
  email: z.string().meta({ description: "The worker's e-mail address." }),
  expires_at: timestamp("The link expires 7 days after the invite (INVITE_TTL_DAYS)."),
  used_at: nullableTimestamp("When it was accepted, or null."),
};

export const invitationSchema = z.object(invitationFields).meta({
  id: "Invitation",
  description: `An invitation link, as the accept page shows it.${ADDITION}`,
});

export const invitationAcceptedSchema = z
  .object({ accepted: z.literal(true), ...invitationFields })
  .meta({
    id: "InvitationAccepted",
    description: `The invitation, now used: the worker can sign in with the password.${ADDITION}`,
  });

export const authResultSchema = z
  .object({
    token: z.string().min(20).meta({
      description: "Pass it as ?token=… or Authorization: Bearer … on every other call.",
    }),
    expires_at: z.iso.datetime({ precision: 0 }).meta({
      description:
        "UTC, whole seconds, literal Z (`2026-11-22T09:13:00Z`, parseable with %Y-%m-%dT%H:%M:%SZ). 24 hours after issue by default.",
    }),
  })
  .meta({ id: "AuthResult", description: "A token for the key pair." });

export const meSchema = z
  .object({
    company: z.object({ id: z.number().int(), name: z.string() }),
    pool: z
      .enum(["private", "public"])
      .meta({ description: "The access level of the key behind the token." }),
    environment: z.enum(["test", "live"]),
  })
  .meta({ id: "Me", description: "Who the token belongs to." });

export const infoSchema = z
  .object({
    utc_time_now: z.iso
      .datetime({ precision: 0 })
      .meta({ description: "The server's clock, UTC." }),
    environment: z.enum(["test", "live"]).meta({
      description:
        "Which keys this deployment accepts: pk_test_…/sk_test_… or pk_live_…/sk_live_….",
    }),
    release_version: z.string(),
    api_version: z.literal("2.0"),
    server: z.string(),
    https_required: z
      .boolean()
      .meta({ description: "false when plain HTTP is accepted from loopback (local/demo)." }),
    max_per_page: z.number().int(),
  })
  .meta({ id: "Info", description: "Facts about this deployment." });

/** Every error code, from the one table of codes to statuses. */
export const ERROR_CODES = Object.keys(STATUS_OF) as [ErrorCode, ...ErrorCode[]];

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ description: "For people; the code is for programs." }),
      fields: z.record(z.string(), z.array(z.string())).optional().meta({
        description:
          'Validation errors only: every failing field with its messages, e.g. {"email": ["has already been taken"]}.',
      }),
      request_id: z
        .string()
        .optional()
        .meta({ description: "On internal errors: quote it when reporting the problem." }),
    }),
  })
  .meta({ id: "Error", description: "The one error shape of every endpoint." });
