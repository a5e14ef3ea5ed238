import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { coordinate, ts } from "./schema-columns";

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

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /**
     * The seeded demo company, which anyone may open through "Try the demo": its webhooks may
     * only reach this machine, and its invitation e-mails show their links (the demo's point).
     */
    demo: boolean("demo").notNull().default(false),
    /** The company's predefined job request categories (`category` must be one of them). */
    jobCategories: text("job_categories")
      .array()
      .notNull()
      .default(
        sql`array[${sql.raw(DEFAULT_JOB_CATEGORIES.map((c) => `'${c}'`).join(", "))}]::text[]`,
      ),
    /** Our addition: every person of the company must sign in with a second factor (TOTP). */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
    // The reference's customer record (GET/PATCH /customers/:id, migration 0012). Contact and
    // billing: the company's to change.
    accountOwner: text("account_owner"),
    accountManager: text("account_manager"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    phone: text("phone"),
    contactFirstName: text("contact_first_name"),
    contactLastName: text("contact_last_name"),
    contactEmail: text("contact_email"),
    billingFirstName: text("billing_first_name"),
    billingLastName: text("billing_last_name"),
    billingEmail: text("billing_email"),
    billingPhone: text("billing_phone"),
    // The platform's terms: set by the operator, never by the company (PATCH refuses a change).
    feePercentage: numeric("fee_percentage", { precision: 5, scale: 4 }),
    canPostW2: boolean("can_post_w2").notNull().default(false),
    canPost1099: boolean("can_post_1099").notNull().default(true),
    canUsePremierFeatures: boolean("can_use_premier_features").notNull().default(false),
    useStartAndCompletePin: boolean("use_start_and_complete_pin").notNull().default(false),
    strategicPilot: boolean("strategic_pilot").notNull().default(false),
    usePendingState: boolean("use_pending_state").notNull().default(false),
    /** When the customer record was last changed through PATCH /customers/:id. */
    updatedAt: ts("updated_at"),
  },
  () => [
    check(
      "companies_fee_percentage",
      sql`fee_percentage is null or (fee_percentage >= 0 and fee_percentage <= 1)`,
    ),
  ],
);

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
    /** A key pair's token (the integration's pool access); null for a person's token. */
    apiKeyId: integer("api_key_id").references(() => apiKeys.id),
    /**
     * A person's token (our addition: e-mail and password sign-in): the employer user it is
     * bound to, whose role the API enforces. Exactly one of the two is set (a check constraint).
     */
    userId: integer("user_id").references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
    /** Set by sign-out (DELETE /api_v2/authenticate): the token is refused from then on. */
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    uniqueIndex("tokens_token_hash_key").on(t.tokenHash),
    index("tokens_expires_at_idx").on(t.expiresAt),
    // Ending a person's sessions (password change, deactivation) revokes their live tokens.
    index("tokens_user_idx").on(t.userId).where(sql`${t.userId} is not null`),
    check("tokens_one_holder", sql`(${t.apiKeyId} is null) <> (${t.userId} is null)`),
  ],
);

/**
 * Where a worker is ranked from: the current location, falling back to home, then to the centre
 * of their ZIP (approximate; `zip_latitude/zip_longitude`, kept by a trigger from `zip_codes`,
 * migration 0015). One expression, written here once, for the index and for every query that
 * must match it to use it.
 */
export const RANK_POINT = sql.raw(
  "ll_to_earth(coalesce(latitude, home_latitude, zip_latitude)::float8, coalesce(longitude, home_longitude, zip_longitude)::float8)",
);

/**
 * US ZIP codes (issue 28), loaded once from the `zipcodes` package by the migrate step
 * (lib/db/zip-codes.ts); the time zone is looked up from the centre (`@photostructure/tz-lookup`).
 */
export const zipCodes = pgTable(
  "zip_codes",
  {
    zip: text("zip").primaryKey(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    timeZone: text("time_zone"),
    latitude: coordinate("latitude").notNull(),
    longitude: coordinate("longitude").notNull(),
  },
  (t) => [check("zip_codes_zip", sql`${t.zip} ~ '^[0-9]{5}$'`)],
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
    /** Required for workers (the invite says so); optional for employer users, as the reference has it. */
    phone: text("phone"),
    gender: text("gender"),
    /** Date of birth (YYYY-MM-DD), sealed at rest (AES-256-GCM, lib/api-v2/secret-box.ts). */
    dob: text("dob"),
    address: text("address"),
    addressState: text("address_state"),
    city: text("city"),
    zip: text("zip"),
    homeLatitude: coordinate("home_latitude"),
    homeLongitude: coordinate("home_longitude"),
    latitude: coordinate("latitude"),
    longitude: coordinate("longitude"),
    /**
     * The centre of the worker's ZIP, kept by a trigger (users_zip_centre, migration 0015) on
     * insert and on every change of `zip`: the approximate point a worker with neither current
     * nor home coordinates is ranked from. Never written by the API.
     */
    zipLatitude: coordinate("zip_latitude"),
    zipLongitude: coordinate("zip_longitude"),
    avatarUrl: text("avatar_url"),
    logoUrl: text("logo_url"),
    workplaceImageUrl: text("workplace_image_url"),
    businessName: text("business_name"),
    drugTested: text("drug_tested"),
    rating: numeric("rating", { precision: 3, scale: 2 }),
    referredBy: text("referred_by"),
    /** Sealed at rest like dob; never in logs, history values, webhook payloads. */
    ssn: text("ssn"),
    suspended: boolean("suspended").notNull().default(false),
    /** When `suspended` last became true (the reference's `suspended_at`); null while not suspended. */
    suspendedAt: ts("suspended_at"),
    suspendedUntil: ts("suspended_until"),
    /** Whether the worker agreed to the platform's terms (tap-wonolo); null until known. */
    agreedToTerms: boolean("agreed_to_terms"),
    lowerPool: boolean("lower_pool"),
    lowerPoolUntil: ts("lower_pool_until"),
    onboardingApptTime: ts("onboarding_appt_time"),
    trackingCode: text("tracking_code"),
    w2AddressState: text("w2_address_state"),
    w2EmployeeId: text("w2_employee_id"),
    w2OnboardingCompleted: ts("w2_onboarding_completed"),
    w2OnboardingStarted: ts("w2_onboarding_started"),
    w2OnboardingStatus: text("w2_onboarding_status"),
    /**
     * Employer users only (type "Employer"): their role in the company (`customer_id` is
     * `company_id`), as the reference's POST /users has it. Null for workers.
     */
    role: text("role", { enum: ["customer_admin", "requestor", "read_only"] }),
    /** Employer users only: their title ("Operations manager"). */
    title: text("title"),
    /** Employer users only (our addition): when they last signed in with their password. */
    lastSignInAt: ts("last_sign_in_at"),
    /** Two-factor sign-in (our addition): the TOTP secret, sealed at rest like the SSN. */
    totpSecret: text("totp_secret"),
    /** When the person confirmed their authenticator; null while off or only started. */
    totpEnabledAt: ts("totp_enabled_at"),
    /** The newest TOTP time step accepted: a code (and any older one) is accepted once. */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** SHA-256 hashes of the unused recovery codes; a used one is removed as it is accepted. */
    totpRecoveryHashes: text("totp_recovery_hashes").array(),
    /** scrypt hash of the password the user set when accepting the invitation (or at creation). */
    passwordHash: text("password_hash"),
    /**
     * When the worker's newest invitation link stops working (set by the invite and by a
     * resend, in their transaction). With `password_hash` it gives the invitation status (our
     * addition): accepted once a password is set, else invited until this moment, then expired.
     */
    invitationExpiresAt: ts("invitation_expires_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** Bumped on every write; the ETag is built from it. */
    version: integer("version").notNull().default(1),
    /**
     * Lower-cased, accents removed (`search_unaccent`, migration 0006): the haystack for the
     * free-text search, indexed with trigrams. "Nguyen" finds "Nguyễn".
     */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(search_unaccent(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || coalesce(external_id, '')))`,
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
    // Workers only (every list of a pool is): the list's `type = 'Worker'` is then the index's
    // own condition, so a deep page skips index entries alone (an index-only scan) instead of
    // fetching each skipped row to test its type (issue 29: page 10,000 of 1,000,000 workers
    // read 500,000 rows).
    index("users_company_updated_idx")
      .on(t.companyId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.type} = 'Worker'`),
    index("users_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    // The ranking's nearest-first scan (cube + earthdistance + btree_gist, migration 0004):
    // the company, then the point the worker is ranked from (current location, else home).
    index("users_company_rank_point_idx").using("gist", t.companyId, sql`(${RANK_POINT})`),
    // The team: a company's employer users (few; workers are the bulk of the table).
    index("users_company_employers_idx").on(t.companyId, t.id).where(sql`${t.type} = 'Employer'`),
    // Invitations nobody has accepted yet (the home page's counts, migration 0016).
    index("users_company_pending_idx")
      .on(t.companyId, t.type, t.invitationExpiresAt)
      .where(sql`${t.passwordHash} is null and ${t.invitationExpiresAt} is not null`),
    check("users_type", sql`${t.type} in ('Worker', 'Employer')`),
    check("users_employer_role", sql`(${t.type} = 'Employer') = (${t.role} is not null)`),
    check("users_worker_phone", sql`${t.type} <> 'Worker' or ${t.phone} is not null`),
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
    /** GET /search's haystack (migration 0012), accents removed like the users'. */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(search_unaccent(name))`),
  },
  (t) => [
    uniqueIndex("badges_company_name_key").on(t.companyId, sql`lower(${t.name})`),
    index("badges_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
  ],
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
    /**
     * What the one-use link does: `invitation` sets the first password (a worker's or a
     * teammate's), `password_reset` (our addition) replaces a teammate's password.
     */
    purpose: text("purpose", { enum: ["invitation", "password_reset"] })
      .notNull()
      .default("invitation"),
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
 * How many users each company's pool holds, kept by triggers on `users` (migration 0003) in
 * the same transaction as the insert or delete: the unfiltered list's total without counting
 * 100,000 rows on every page.
 */
/**
 * A sign-in waiting for its second factor (our addition): the password was right, the code is
 * still to come. Only the challenge's hash is kept; it lives five minutes, is used once, and dies
 * after five wrong codes.
 */
export const twoFactorChallenges = pgTable(
  "two_factor_challenges",
  {
    id: serial("id").primaryKey(),
    challengeHash: text("challenge_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
    failures: integer("failures").notNull().default(0),
    usedAt: ts("used_at"),
  },
  (t) => [
    uniqueIndex("two_factor_challenges_hash_key").on(t.challengeHash),
    // The purge finds the dead ones oldest first.
    index("two_factor_challenges_expires_at_idx").on(t.expiresAt),
  ],
);

export const companyUserCounts = pgTable("company_user_counts", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id),
  users: bigint("users", { mode: "number" }).notNull(),
});

/** Fixed-window counters, shared by every app instance on the same database. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull(),
  },
  // The periodic cleanup deletes windows long past, oldest first.
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

/**
 * Portal sessions ended by sign-out, by the id sealed in their cookie, until the cookie would
 * have expired anyway: a copied cookie replayed after sign-out is refused. Purged periodically.
 */
export const revokedSessions = pgTable(
  "revoked_sessions",
  {
    sid: text("sid").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [index("revoked_sessions_expires_at_idx").on(t.expiresAt)],
);
