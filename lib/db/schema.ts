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

export const companies = pgTable("companies", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
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

export const jobRequests = pgTable(
  "job_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    state: text("state").notNull(),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [index("job_requests_company_updated_idx").on(t.companyId, t.updatedAt.desc())],
);

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
    approvedAt: ts("approved_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("jobs_company_user_idx").on(t.companyId, t.userId, t.state),
    index("jobs_company_updated_idx").on(t.companyId, t.updatedAt.desc()),
  ],
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
