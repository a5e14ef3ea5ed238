import { z } from "zod";
import {
  CANCELLED_REASONS,
  CLASSIFICATIONS,
  JOB_REQUEST_STATES,
  JOB_STATES,
  W2_PAY_STATUSES,
} from "@/lib/schemas/job";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { ADDITION, listOf, nullableTimestamp, timestamp } from "./common";
import { badgeRefSchema, userSchema } from "./users";

/** Badges, job requests (with their candidates) and jobs. */

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

/** A field that is ours, not the original interface's: said in its description, and flagged. */
const ours = <T extends z.ZodType>(schema: T, description: string) =>
  schema.meta({ description: `${description}${ADDITION}`, "x-addition": true });

const note = (description: string) => ({ description });
const nullableText = (description?: string) =>
  z
    .string()
    .nullable()
    .meta(description ? note(description) : {});

/** A decimal as a string without trailing zeros: "18.5", "20". */
const decimalString = (description: string) =>
  z
    .string()
    .regex(/^-?\d+(?:\.\d+)?$/)
    .nullable()
    .meta(note(description));

const badgeRequirementSchema = z
  .object({
    id: z.number().int().meta(note("The requirement's own id (send it with _destroy to drop it).")),
    badge_id: z.number().int(),
    badge_name: z.string(),
    badge_icon_url: z.string().nullable(),
    badge_description: z.string(),
  })
  .meta({
    id: "BadgeRequirement",
    description:
      "A badge every worker on the request must hold, in the order the requirements were added.",
  });

export const jobRequestSchema = z
  .object({
    id: z.number().int(),
    state: z
      .enum(JOB_REQUEST_STATES)
      .meta(
        note(
          "draft (ours: may be incomplete), unassigned or posted (open), filled, in_progress, completed, approved, cancelled, unfilled. Once a request is open its state follows its jobs; see the Job requests tag.",
        ),
      ),
    request_name: z.string(),
    category: nullableText("One of the company's categories (GET /job_requests/categories)."),
    description: nullableText(
      'Composed from the description_* parts ("Tasks: …", "Skills: …") when it was not sent itself.',
    ),
    description_tasks: nullableText(),
    description_company: nullableText(),
    description_travel: nullableText(),
    description_skills: nullableText(),
    description_contact: nullableText(),
    description_arrival: nullableText(),
    slots: z.number().int().min(1).meta(note("How many workers the request needs.")),
    start_time: nullableTimestamp("When the work starts (UTC), or null while a draft has none."),
    duration: z.number().int().nullable().meta(note("Minutes.")),
    timezone: z.string().meta(note('The site\'s IANA time zone, e.g. "America/Los_Angeles".')),
    wage: z.number().nullable().meta(note("Pay, in dollars, as a number.")),
    classification: z.enum(CLASSIFICATIONS),
    w2_hourly_rate: decimalString('The W2 hourly rate as a decimal string ("18.5"), or null.'),
    venue: nullableText(),
    address: nullableText(),
    city: nullableText(),
    zip: nullableText(),
    postal_code: nullableText("The same as zip."),
    country: z.string().meta(note('Two-letter country code, "US" by default.')),
    latitude: z
      .number()
      .nullable()
      .meta(
        note(
          "The work site, decimal degrees, as the caller (or a pin placed in the portal) set it: there is no geocoding of the address. null: candidates cannot be ranked by distance.",
        ),
      ),
    longitude: z.number().nullable().meta(note("The work site, decimal degrees (see latitude).")),
    employer_id: z.number().int().nullable(),
    company_id: z.number().int(),
    multi_day: z.boolean(),
    multi_day_job_request_id: z.number().int().nullable(),
    preferred_candidate_ids: z
      .array(z.number().int())
      .meta(note("Workers of the pool ranked first among equally distant candidates.")),
    preferred_wonoloers_info: z
      .array(z.unknown())
      .meta(note("Always empty here; kept for clients of the original interface.")),
    ban_list: z
      .array(z.number().int())
      .meta(note("Workers of the pool who may not work this request.")),
    notification_distance: z.number().int().nullable().meta(note("Miles.")),
    open_request: z.boolean(),
    push_all_notifications_asap: z.boolean(),
    use_pending_state: z.boolean(),
    in_white_gloves_period: z.boolean().meta(note("Always false here.")),
    re_ranked_worker_ids: z
      .array(z.number().int())
      .nullable()
      .meta(note("Always null here: see GET /job_requests/{id}/candidates.")),
    cached_job_states: z
      .record(z.string(), z.number().int().min(1))
      .meta(
        note(
          'How many of its jobs are in each job state, e.g. {"filled": 2, "cancelled": 1}; states without jobs are left out.',
        ),
      ),
    can: nullableText(),
    agent_code: nullableText(),
    organizational_path: nullableText(),
    flag_color: nullableText(),
    badge_requirements: z.array(badgeRequirementSchema),
    updated_at: timestamp(),
    address_state: ours(z.string().nullable(), "The site's state or region."),
    posted_at: ours(
      z.iso.datetime({ offset: true }).nullable(),
      "When the request last became posted (its top-ranked workers were e-mailed then), or null.",
    ),
    created_at: ours(z.iso.datetime({ offset: true }), "When the request was created."),
  })
  .meta({
    id: "JobRequest",
    description:
      "A job posting of the company: every field of the original interface, always present (null where unset), then our additions (address_state, posted_at, created_at).",
  });

export const jobTransitionSchema = z
  .object({
    id: z.number().int(),
    job_id: z.number().int(),
    created_at: timestamp(),
    name: z.enum(JOB_STATES).meta(note("The state the job moved to.")),
    latitude: z.number().nullable().meta(note("Where the move was made, if the caller said.")),
    longitude: z.number().nullable(),
    from_state: ours(
      z.enum(JOB_STATES).nullable(),
      "The state the job left; null for the job's first state.",
    ),
    actor: ours(
      z.enum(["requestor", "worker", "system", "operator"]),
      "Who moved it: requestor (this interface or the portal), worker (the worker's app), system (a cancelled request cancelling its jobs), operator (the operator's tools).",
    ),
    actor_user: ours(
      z.object({ id: z.number().int(), name: z.string() }).nullable(),
      "The teammate (employer user) who made the move with their own sign-in, named as they are now; null for a key pair, the worker, the system and the operator.",
    ),
  })
  .meta({ id: "JobTransition", description: "One move of a job to a state, oldest first." });

const employerSchema = z
  .object({
    id: z
      .number()
      .int()
      .nullable()
      .meta(
        note(
          "The requestor: the employer user the job request names (`employer_id`); null when it names none (a key pair's posting), and the company stands in.",
        ),
      ),
    type: z.literal("Employer"),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    business_name: z.string().meta(note("The company's name.")),
    customer_id: z.number().int().meta(note("The company's id.")),
    role: z.enum(["customer_admin", "requestor", "read_only"]),
  })
  .meta({
    id: "JobEmployer",
    description: "Who requested the work: the requestor (an employer user), or the company.",
  });

export const jobSchema = z
  .object({
    id: z.number().int(),
    state: z
      .enum(JOB_STATES)
      .meta(note("Where the job is in its life; the moves allowed are listed in the Jobs tag.")),
    job_request_id: z.number().int(),
    created_at: timestamp(),
    updated_at: timestamp(),
    confirmed_at: nullableTimestamp("When the job was filled (the worker confirmed or was hired)."),
    started_at: nullableTimestamp(),
    completed_at: nullableTimestamp(),
    finished_at: nullableTimestamp(),
    hours_worked: z
      .number()
      .nullable()
      .meta(
        note("actual_duration in hours, else the time between start and completion; 2 decimals."),
      ),
    actual_duration: z
      .number()
      .int()
      .nullable()
      .meta(note("Minutes worked, as the requestor set them.")),
    time_to_start: z.number().nullable().meta(note("Always null here.")),
    adjusted_wage: z.number().nullable(),
    requestor_notes: z.string().nullable(),
    classification: z.enum(CLASSIFICATIONS).meta(note("The job request's.")),
    w2_hourly_rate: decimalString("The job request's W2 hourly rate as a decimal string, or null."),
    w2_payment_ref: z.string().nullable(),
    w2_pay_status: z.enum(W2_PAY_STATUSES).nullable(),
    cancelled_reason: z
      .enum(CANCELLED_REASONS)
      .nullable()
      .meta(note("Why it was cancelled; admin_cancelled when its job request was cancelled.")),
    worker: userSchema
      .nullable()
      .meta(
        note(
          "The worker holding the job. null for a public-pool key once the job is no longer active (approved more than 24 hours ago, cancelled, …). In webhook events ssn and dob are null.",
        ),
      ),
    employer: employerSchema,
    transitions: z.array(jobTransitionSchema).meta(note("Every move of the job, oldest first.")),
    user_id: ours(z.number().int(), "The worker's id, also when worker is null."),
    approved_at: ours(
      z.iso.datetime({ offset: true }).nullable(),
      "When the job was approved, or null.",
    ),
    cancelled_at: ours(
      z.iso.datetime({ offset: true }).nullable(),
      "When the job was cancelled, or null.",
    ),
    rating: ours(
      z.number().int().min(1).max(5).nullable(),
      "The requestor's rating of the work, 1 to 5, or null.",
    ),
  })
  .meta({
    id: "Job",
    description:
      "A worker's job on one of the company's job requests: the original interface's fields with the worker, the employer and the transitions nested, then our additions (user_id, approved_at, cancelled_at, rating).",
  });

/** A badge as GET /badges lists it: with how many workers hold it. */
export const badgeListItemSchema = badgeSchema
  .extend({
    workers_count: ours(
      z.number().int().min(0),
      "How many of the workers the caller may see hold the badge: the total GET /users?badge_id= gives. The original service has no such count: clients must not need it.",
    ),
  })
  .meta({
    id: "BadgeListItem",
    description: "A badge of the company, with how many workers hold it (our addition).",
  });

export const badgeListSchema = listOf(
  "badges",
  badgeListItemSchema,
  "BadgeList",
  "badges, by name",
);
export const jobListSchema = listOf("jobs", jobSchema, "JobList", "jobs, newest change first");
export const jobRequestListSchema = listOf(
  "job_requests",
  jobRequestSchema,
  "JobRequestList",
  "job requests, newest change first",
);

/** Single records come wrapped under the resource's key, as the original service sends them. */
export const jobEnvelopeSchema = z
  .object({ job: jobSchema })
  .meta({ id: "JobEnvelope", description: 'One job, under the key "job".' });
export const jobRequestEnvelopeSchema = z
  .object({ job_request: jobRequestSchema })
  .meta({ id: "JobRequestEnvelope", description: 'One job request, under the key "job_request".' });

export const jobCategoriesSchema = z
  .object({
    categories: z
      .array(z.string())
      .meta(note("The values a job request's category may take, in the company's order.")),
  })
  .meta({ id: "JobCategories", description: `The company's job categories.${ADDITION}` });

export const candidateSchema = z
  .object({
    rank: z.number().int().min(1).meta(note("The place in the whole ranking, from 1.")),
    distance_km: z
      .number()
      .min(0)
      .nullable()
      .meta(note("From the work site, great-circle, 3 decimals; null without coordinates.")),
    distance_miles: z.number().min(0).nullable().meta(note("The same in miles.")),
    coordinates: z
      .enum(["current", "home", "zip"])
      .nullable()
      .meta(
        note(
          "Which of the worker's locations was measured: current (latitude/longitude), else home (home_latitude/home_longitude), else zip (the centre of the worker's ZIP code, approximate); null when the worker has none of them.",
        ),
      ),
    approximate_location: z
      .boolean()
      .meta(
        note(
          "True when the worker was ranked from the centre of their ZIP code (no coordinates of their own): the distance is approximate.",
        ),
      ),
    zip_centre: z
      .object({ latitude: z.number(), longitude: z.number() })
      .nullable()
      .meta(
        note(
          "The centre of the worker's ZIP code the distance was measured from, when approximate_location is true (for a map); else null.",
        ),
      ),
    preferred: z.boolean().meta(note("On the request's preferred_candidate_ids.")),
    badges_matched: z
      .array(badgeRefSchema)
      .meta(note("The request's required badges, all held by the worker.")),
    worker: userSchema,
  })
  .meta({
    id: "Candidate",
    description: `A qualified worker for a job request, with why they rank where they do.${ADDITION}`,
  });

export const candidateListSchema = z
  .object({
    candidates: z.array(candidateSchema),
    job_request_id: z.number().int(),
    site: z
      .object({ latitude: z.number(), longitude: z.number() })
      .nullable()
      .meta(
        note(
          "The work site distances are measured from; null when the request has no coordinates (then every candidate's distance is null).",
        ),
      ),
    page: z.number().int().min(1).meta(note("The page returned, from 1.")),
    per: z
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .meta(note(`Candidates per page (at most ${MAX_PAGE_SIZE}).`)),
    has_more: z
      .boolean()
      .meta(
        note(
          "Whether another page follows. There is no total: counting every qualified worker would scan the whole pool on every page.",
        ),
      ),
  })
  .meta({
    id: "CandidateList",
    description: `One page of a job request's candidates, best first.${ADDITION}`,
  });
