import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { coordinate, ts } from "./schema-columns";
import { badges, companies, users } from "./schema-core";

/**
 * A multi-day job request (the reference's umbrella): the repeat rules of a series of job
 * requests, which point at it. The details are in each day's job request. `repeat_number` is
 * the number of days (1-31, documented); `same_workers`: a worker hired onto one day is hired
 * onto every remaining day.
 */
export const multiDayJobRequests = pgTable(
  "multi_day_job_requests",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    repeatType: text("repeat_type").notNull(),
    repeatNumber: integer("repeat_number").notNull(),
    sameWorkers: boolean("same_workers").notNull().default(false),
    /** The teammate who created it with their own sign-in; null for a key pair. */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("multi_day_job_requests_company_idx").on(t.companyId, t.id),
    check("multi_day_job_requests_repeat_type_check", sql`${t.repeatType} in ('daily', 'weekly')`),
    check("multi_day_job_requests_repeat_number_check", sql`${t.repeatNumber} between 1 and 31`),
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
    /** The requestor (an employer user of the same company) who posted it; null for a key's posting. */
    employerId: integer("employer_id").references(() => users.id, { onDelete: "set null" }),
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
    /** When POST /job_requests/:id/resend_notifications last ran (its limit, migration 0012). */
    notificationsResentAt: ts("notifications_resent_at"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
    /** GET /search's haystack (migration 0012): name, venue, address, city, category. */
    searchText: text("search_text").generatedAlwaysAs(
      sql`lower(search_unaccent(name || ' ' || coalesce(venue, '') || ' ' || coalesce(address, '') || ' ' || coalesce(city, '') || ' ' || coalesce(category, '')))`,
    ),
  },
  (t) => [
    index("job_requests_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("job_requests_company_updated_idx").on(
      t.companyId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("job_requests_company_state_idx").on(t.companyId, t.state),
    index("job_requests_multi_day_idx").on(t.multiDayJobRequestId, t.startTime),
    // The home page's days and weeks and the calendar (migration 0016); "mine" by requestor.
    index("job_requests_company_start_idx").on(t.companyId, t.startTime),
    index("job_requests_employer_start_idx")
      .on(t.employerId, t.startTime)
      .where(sql`${t.employerId} is not null`),
    foreignKey({
      name: "job_requests_multi_day_fk",
      columns: [t.multiDayJobRequestId],
      foreignColumns: [multiDayJobRequests.id],
    }),
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
    index("jobs_company_updated_idx").on(
      t.companyId,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A posting's jobs by state, read from the index alone: the home page's weekly fill (0016).
    index("jobs_request_state_idx").on(t.jobRequestId, t.state),
    // Completed jobs awaiting approval, oldest first (the home page, migration 0016).
    index("jobs_company_completed_idx")
      .on(t.companyId, t.completedAt, t.id)
      .where(sql`${t.state} = 'completed'`),
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
    /** The requestor in person (an employer user signed in with a password); null otherwise. */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    latitude: coordinate("latitude"),
    longitude: coordinate("longitude"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("job_transitions_job_idx").on(t.jobId, t.id)],
);

/**
 * A named posting to start from (our addition; the real portal's `job_request_template_id`):
 * the fields of a POST /job_requests body without its times and state, kept as the JSON the
 * same zod schema parsed. JSON rather than columns: a template is a stored request body, read
 * back only to be posted again (where every rule that needs the database runs), so it follows
 * the job request's fields without a migration per field. Names are unique per company,
 * case-insensitively; at most MAX_TEMPLATES_PER_COMPANY (lib/schemas/job-request-template.ts).
 */
export const jobRequestTemplates = pgTable(
  "job_request_templates",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    name: text("name").notNull(),
    body: jsonb("body").notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("job_request_templates_company_name_key").on(t.companyId, sql`lower(${t.name})`),
    check("job_request_templates_name_length", sql`char_length(${t.name}) between 1 and 100`),
  ],
);

/**
 * The home page's weekly figures, kept by triggers as postings and jobs change (migration 0017,
 * which has the rules): one row per company, 15-minute bucket of a posting's start, requestor
 * (0: none) and category. Derived data: never written by the application.
 */
export const homeRollups = pgTable(
  "home_rollups",
  {
    companyId: integer("company_id").notNull(),
    bucket: ts("bucket").notNull(),
    employerId: integer("employer_id").notNull(),
    category: text("category").notNull(),
    postings: integer("postings").notNull(),
    postedSlots: integer("posted_slots").notNull(),
    filledSlots: integer("filled_slots").notNull(),
    filledJobs: integer("filled_jobs").notNull(),
    noShows: integer("no_shows").notNull(),
    filledMinutes: bigint("filled_minutes", { mode: "number" }).notNull(),
    wageMinutes: numeric("wage_minutes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.bucket, t.employerId, t.category] })],
);

/**
 * How many job requests each company has in each state, for the list's `total` without counting
 * (migration 0018, which has the rules). Sharded by the PostgreSQL backend that wrote the change
 * (`backend`, its pid; 0: folded), so concurrent transactions never wait on one another's
 * counts; a company's figure is the sum of its rows. Derived data: never written by the
 * application, except the fold of the minute sweep (`fold_job_request_counts()`).
 */
export const jobRequestCounts = pgTable(
  "job_request_counts",
  {
    companyId: integer("company_id").notNull(),
    state: text("state").notNull(),
    backend: integer("backend").notNull(),
    requests: bigint("requests", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.state, t.backend] })],
);
