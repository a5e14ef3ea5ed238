import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });
const coordinate = (name: string) => numeric(name, { precision: 10, scale: 7 });

/** Job categories a company starts with; the operator may replace a company's list. */
export const DEFAULT_JOB_CATEGORIES = [
  "Fulfillment / Warehousing",
  "General Labor",
  "Administrative",
  "Customer Service",
  "Event Staff",
  "Delivery",
  "Merchandising",
  "Brand Representative",
] as const;

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  /** The company's predefined job request categories (`category` must be one of them). */
  jobCategories: text("job_categories")
    .array()
    .notNull()
    .default(
      sql`array[${sql.raw(DEFAULT_JOB_CATEGORIES.map((c) => `'${c}'`).join(", "))}]::text[]`,
    ),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** Key pairs are issued by the operator; the secret is kept only as a SHA-256 hash. */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    publicKey: text("public_key").notNull(),
    secretHash: text("secret_hash").notNull(),
    /**
     * The secret again, sealed (AES-256-GCM) under a key kept outside the database: webhooks
     * must be signed with it (sha256(body + secret)), which a hash cannot do. Null for keys
     * issued before webhooks existed, until their next /authenticate.
     */
    secretSealed: text("secret_sealed"),
    pool: text("pool", { enum: ["private", "public"] }).notNull(),
    environment: text("environment", { enum: ["test", "live"] }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("api_keys_public_key_key").on(t.publicKey)],
);

/** Bearer tokens, looked up by hash. */
export const tokens = pgTable(
  "tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull(),
    apiKeyId: integer("api_key_id")
      .notNull()
      .references(() => apiKeys.id),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("tokens_token_hash_key").on(t.tokenHash),
    index("tokens_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * Where a worker is ranked from: the current location, falling back to home. One expression,
 * written here once, for the index and for every query that must match it to use it.
 */
export const RANK_POINT = sql.raw(
  "ll_to_earth(coalesce(latitude, home_latitude)::float8, coalesce(longitude, home_longitude)::float8)",
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** The company whose private pool holds this worker (the inviter). */
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    type: text("type").notNull().default("Worker"),
    externalId: text("external_id"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    gender: text("gender"),
    dob: date("dob", { mode: "string" }),
    address: text("address"),
    addressState: text("address_state"),
    city: text("city"),
    zip: text("zip"),
    homeLatitude: coordinate("home_latitude"),
    homeLongitude: coordinate("home_longitude"),
    latitude: coordinate("latitude"),
    longitude: coordinate("longitude"),
    avatarUrl: text("avatar_url"),
    logoUrl: text("logo_url"),
    workplaceImageUrl: text("workplace_image_url"),
    businessName: text("business_name"),
    drugTested: text("drug_tested"),
    rating: numeric("rating", { precision: 3, scale: 2 }),
    referredBy: text("referred_by"),
    ssn: text("ssn"),
    suspended: boolean("suspended").notNull().default(false),
    suspendedUntil: ts("suspended_until"),
    lowerPool: boolean("lower_pool"),
    lowerPoolUntil: ts("lower_pool_until"),
    onboardingApptTime: ts("onboarding_appt_time"),
    trackingCode: text("tracking_code"),
    w2AddressState: text("w2_address_state"),
    w2EmployeeId: text("w2_employee_id"),
    w2OnboardingCompleted: ts("w2_onboarding_completed"),
    w2OnboardingStarted: ts("w2_onboarding_started"),
    w2OnboardingStatus: text("w2_onboarding_status"),
    /** scrypt hash of the password the worker set when accepting the invitation. */
    passwordHash: text("password_hash"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** Bumped on every write; the ETag is built from it. */
    version: integer("version").notNull().default(1),
    /** Lower-cased haystack for the free-text search, indexed with trigrams. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || coalesce(external_id, ''))`,
    ),
  },
  (t) => [
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_phone_key").on(t.phone),
    uniqueIndex("users_company_external_id_key")
      .on(t.companyId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // NULLS FIRST is what `order by … desc` means: with drizzle's default (NULLS LAST) the
    // planner cannot use this index for the list's order and sorts the whole pool instead.
    index("users_company_updated_idx").on(
      t.companyId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("users_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // The ranking's nearest-first scan (cube + earthdistance + btree_gist, migration 0004):
    // the company, then the point the worker is ranked from (current location, else home).
    index("users_company_rank_point_idx").using("gist", t.companyId, sql`(${RANK_POINT})`),
  ],
);

export const badges = pgTable(
  "badges",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    description: text("description").notNull(),
    infoUrl: text("info_url"),
    iconUrl: text("icon_url"),
    isSoft: boolean("is_soft").notNull().default(false),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [uniqueIndex("badges_company_name_key").on(t.companyId, sql`lower(${t.name})`)],
);

/** A worker never holds a badge twice: the unique index decides, also under concurrency. */
export const userBadges = pgTable(
  "user_badges",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badgeId: integer("badge_id")
      .notNull()
      .references(() => badges.id, { onDelete: "restrict" }),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("user_badges_user_badge_key").on(t.userId, t.badgeId),
    index("user_badges_badge_idx").on(t.badgeId),
  ],
);

/** The single-use link an invited worker receives; only its hash is stored. */
export const invitations = pgTable(
  "invitations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull(),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    index("invitations_user_idx").on(t.userId),
  ],
);

/**
 * A job posting: every field of the real service's job request. `name` is its `request_name`
 * (the column kept its first name). Coordinates are the work site's, given by the caller or a
 * pin (there is no geocoding offline); `site` is the point the ranking measures from.
 */
export const jobRequests = pgTable(
  "job_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    employerId: integer("employer_id"),
    name: text("name").notNull(),
    state: text("state").notNull(),
    category: text("category"),
    description: text("description"),
    descriptionTasks: text("description_tasks"),
    descriptionCompany: text("description_company"),
    descriptionTravel: text("description_travel"),
    descriptionSkills: text("description_skills"),
    descriptionContact: text("description_contact"),
    descriptionArrival: text("description_arrival"),
    slots: integer("slots").notNull().default(1),
    startTime: ts("start_time"),
    /** Minutes. */
    duration: integer("duration"),
    timezone: text("timezone").notNull().default("UTC"),
    wage: numeric("wage", { precision: 10, scale: 2 }),
    classification: text("classification").notNull().default("1099"),
    w2HourlyRate: numeric("w2_hourly_rate", { precision: 10, scale: 2 }),
    venue: text("venue"),
    address: text("address"),
    city: text("city"),
    addressState: text("address_state"),
    zip: text("zip"),
    country: text("country").notNull().default("US"),
    latitude: coordinate("latitude"),
    longitude: coordinate("longitude"),
    preferredCandidateIds: integer("preferred_candidate_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    banList: integer("ban_list").array().notNull().default(sql`'{}'::integer[]`),
    /** Miles. */
    notificationDistance: integer("notification_distance"),
    openRequest: boolean("open_request").notNull().default(false),
    multiDay: boolean("multi_day").notNull().default(false),
    multiDayJobRequestId: integer("multi_day_job_request_id"),
    pushAllNotificationsAsap: boolean("push_all_notifications_asap").notNull().default(false),
    usePendingState: boolean("use_pending_state").notNull().default(false),
    can: text("can"),
    agentCode: text("agent_code"),
    organizationalPath: text("organizational_path"),
    flagColor: text("flag_color"),
    /** When it last became `posted` (the top-ranked workers were notified then). */
    postedAt: ts("posted_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("job_requests_company_updated_idx").on(t.companyId, t.updatedAt.desc()),
    index("job_requests_company_state_idx").on(t.companyId, t.state),
  ],
);

/** The badges a worker must all hold to see and accept a job request. */
export const jobRequestBadges = pgTable(
  "job_request_badges",
  {
    id: serial("id").primaryKey(),
    jobRequestId: integer("job_request_id")
      .notNull()
      .references(() => jobRequests.id, { onDelete: "cascade" }),
    badgeId: integer("badge_id")
      .notNull()
      .references(() => badges.id, { onDelete: "restrict" }),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("job_request_badges_request_badge_key").on(t.jobRequestId, t.badgeId),
    index("job_request_badges_badge_idx").on(t.badgeId),
  ],
);

/**
 * A worker on a job request. One row per (request, worker): a worker is never hired twice onto
 * the same request, and one who withdraws and accepts again gets the same job back (as the
 * reference says), so the unique index decides every race.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    jobRequestId: integer("job_request_id")
      .notNull()
      .references(() => jobRequests.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    state: text("state").notNull(),
    requestorNotes: text("requestor_notes"),
    confirmedAt: ts("confirmed_at"),
    startedAt: ts("started_at"),
    completedAt: ts("completed_at"),
    finishedAt: ts("finished_at"),
    approvedAt: ts("approved_at"),
    cancelledAt: ts("cancelled_at"),
    cancelledReason: text("cancelled_reason"),
    /** Minutes. */
    actualDuration: integer("actual_duration"),
    /** The requestor's rating of the work (1-5), given when approving. */
    rating: integer("rating"),
    adjustedWage: numeric("adjusted_wage", { precision: 10, scale: 2 }),
    w2PaymentRef: text("w2_payment_ref"),
    w2PayStatus: text("w2_pay_status"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("jobs_request_user_key").on(t.jobRequestId, t.userId),
    index("jobs_company_user_idx").on(t.companyId, t.userId, t.state),
    index("jobs_company_updated_idx").on(t.companyId, t.updatedAt.desc()),
  ],
);

/** Every change of a job's state: when, by whom, and where the worker was. */
export const jobTransitions = pgTable(
  "job_transitions",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    fromState: text("from_state"),
    actor: text("actor", { enum: ["requestor", "worker", "system", "operator"] }).notNull(),
    latitude: coordinate("latitude"),
    longitude: coordinate("longitude"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("job_transitions_job_idx").on(t.jobId, t.id)],
);

/**
 * How many users each company's pool holds, kept by triggers on `users` (migration 0003) in
 * the same transaction as the insert or delete: the unfiltered list's total without counting
 * 100,000 rows on every page.
 */
export const companyUserCounts = pgTable("company_user_counts", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id),
  users: bigint("users", { mode: "number" }).notNull(),
});

/** Fixed-window counters, shared by every app instance on the same database. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

/** Per-company webhook subscriptions. `events` empty = every event. */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    url: text("url").notNull(),
    events: text("events").array().notNull().default(sql`'{}'::text[]`),
    /** The key whose secret signs deliveries (falls back to the company's newest active key). */
    apiKeyId: integer("api_key_id").references(() => apiKeys.id),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("webhooks_company_url_key").on(t.companyId, t.url)],
);

/**
 * The outbox: every e-mail and webhook delivery, written in the same transaction as the change
 * that causes it, then delivered (at least once) by the dispatcher. A row is claimed with a
 * lease (FOR UPDATE SKIP LOCKED), so several dispatchers never work on the same row at once.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    channel: text("channel", { enum: ["email", "webhook"] }).notNull(),
    /** The event's id: the `id` of the webhook body; shared by the deliveries of one event. */
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    webhookId: integer("webhook_id").references(() => webhooks.id, { onDelete: "set null" }),
    /** Webhook URL or e-mail address. */
    target: text("target").notNull(),
    /** Webhook: the exact body bytes that are signed. E-mail: the rendered message as JSON. */
    body: text("body").notNull(),
    state: text("state", { enum: ["pending", "delivered", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    nextAttemptAt: ts("next_attempt_at").notNull(),
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    /** E-mail: "smtp" or "database" (kept for the demo outbox). */
    transport: text("transport"),
    deliveredAt: ts("delivered_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index("outbox_company_channel_idx").on(t.companyId, t.channel, t.id.desc()),
  ],
);

/** Every delivery attempt: when, how long, what came back. One row per (delivery, attempt). */
export const outboxAttempts = pgTable(
  "outbox_attempts",
  {
    id: serial("id").primaryKey(),
    outboxId: integer("outbox_id")
      .notNull()
      .references(() => outbox.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: ts("started_at").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    ok: boolean("ok").notNull(),
    status: integer("status"),
    error: text("error"),
    dispatcher: text("dispatcher").notNull(),
  },
  (t) => [uniqueIndex("outbox_attempts_outbox_attempt_key").on(t.outboxId, t.attempt)],
);

/** A worker's change history: who changed what, from what to what, and badges added/removed. */
export const userChanges = pgTable(
  "user_changes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["invited", "updated", "invitation_accepted"] }).notNull(),
    /** The key that made the change; null for the worker themself or the operator. */
    apiKeyId: integer("api_key_id").references(() => apiKeys.id),
    companyId: integer("company_id").references(() => companies.id),
    actor: text("actor", { enum: ["api_key", "worker", "operator"] }).notNull(),
    occurredAt: ts("occurred_at").notNull(),
    changes: jsonb("changes").notNull().default(sql`'{}'::jsonb`),
    badgesAdded: jsonb("badges_added").notNull().default(sql`'[]'::jsonb`),
    badgesRemoved: jsonb("badges_removed").notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index("user_changes_user_idx").on(t.userId, t.id.desc())],
);
