import { z } from "zod";
import {
  boolish,
  coordinate,
  lengthFirst,
  MAX_ID,
  nullableText,
  pagingQuery,
  q,
  requiredText,
  timestamp,
  withoutBlank,
} from "./common";

export const JOB_STATES = [
  "pending",
  "rejected",
  "filled",
  "in_progress",
  "paused",
  "completed",
  "approved",
  "cancelled",
  "withdrawn",
  "no_show",
] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_REQUEST_STATES = [
  "draft",
  "unassigned",
  "posted",
  "filled",
  "in_progress",
  "completed",
  "approved",
  "cancelled",
  "unfilled",
] as const;
export type JobRequestState = (typeof JOB_REQUEST_STATES)[number];

/**
 * The states a client may set on a job request. The reference's create list also names the
 * states that follow from the jobs (filled, in_progress, …); a request has no jobs when it is
 * created, so those are refused with a message saying how they are reached. `draft` is ours
 * (the reference lists it as a state and a filter): a draft may be incomplete.
 */
export const CLIENT_JOB_REQUEST_STATES = ["draft", "unassigned", "posted", "cancelled"] as const;

/** Job states that make a worker visible to a public-pool caller (approved: within 24 h). */
export const ACTIVE_JOB_STATES = ["filled", "in_progress", "paused", "completed"] as const;

/** Jobs in these states hold one of the request's slots. */
export const SLOT_HOLDING_STATES = [
  "filled",
  "in_progress",
  "paused",
  "completed",
  "approved",
] as const satisfies readonly JobState[];

export const CLASSIFICATIONS = ["1099", "w2"] as const;
export const W2_PAY_STATUSES = ["not_started", "pending", "paid"] as const;
export const CANCELLED_REASONS = [
  "admin_cancelled",
  "decided_to_cancel",
  "asked_to_cancel",
] as const;

/** Documented bounds of the job request's numbers. */
export const JOB_LIMITS = {
  slots: 500,
  /** Minutes: one week. */
  duration: 7 * 24 * 60,
  wage: 100_000,
  notificationDistance: 500,
  /**
   * Preferred candidates, banned workers, badge requirements: each list. A longer list is
   * refused before any entry is checked.
   */
  listItems: 100,
  text: 255,
  description: 10_000,
} as const;

const stateList = <T extends readonly [string, ...string[]]>(states: T) =>
  q
    .list()
    .refine(
      (xs) => xs.every((x) => (states as readonly string[]).includes(x)),
      `must be among ${states.join(", ")}`,
    )
    .transform((xs) => xs as T[number][]);

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(", ")}` });

const decimalQuery = () =>
  z
    .string()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, "must be a decimal number")
    .transform(Number);

export const listJobsQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    ...pagingQuery,
    state: stateList(JOB_STATES).optional(),
    job_request_id: q.int(1, MAX_ID).optional(),
    classification: oneOf(CLASSIFICATIONS).optional(),
    w2_hourly_rate: decimalQuery().optional(),
    w2_pay_status: oneOf(W2_PAY_STATUSES).optional(),
    /** Ours: a worker's jobs (the portal's worker page). */
    worker_id: q.int(1, MAX_ID).optional(),
    updated_after: q.time().optional(),
    updated_before: q.time().optional(),
  }),
);
export type ListJobsQuery = z.output<typeof listJobsQuerySchema>;

/** The job request list's orders: newest change first (the reference's), or by start (ours). */
export const JOB_REQUEST_SORTS = ["-updated_at", "start_time"] as const;

export const listJobRequestsQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    ...pagingQuery,
    state: stateList(JOB_REQUEST_STATES).optional(),
    company_id: q.int(1, MAX_ID).optional(),
    multi_day_job_request_id: q.int(1, MAX_ID).optional(),
    classification: oneOf(CLASSIFICATIONS).optional(),
    w2_hourly_rate: decimalQuery().optional(),
    /** `Null` matches job requests without one, as the reference says. */
    agent_code: z.string().max(25, "is too long (maximum is 25 characters)").optional(),
    /** Ours: the portal's filters. */
    category: z.string().max(JOB_LIMITS.text).optional(),
    zip: z.string().max(20).optional(),
    /** Ours: the requests of one requestor (the portal's "Mine"). */
    employer_id: q.int(1, MAX_ID).optional(),
    updated_after: q.time().optional(),
    updated_before: q.time().optional(),
    /** Ours (the calendar): a half-open window of starts, [start_after, start_before). */
    start_after: q.time().optional(),
    start_before: q.time().optional(),
    /** Ours: `start_time` orders by start (earliest first, requests without one last). */
    sort: z
      .enum(JOB_REQUEST_SORTS, { error: `must be one of ${JOB_REQUEST_SORTS.join(", ")}` })
      .default("-updated_at"),
  }),
);
export type ListJobRequestsQuery = z.output<typeof listJobRequestsQuerySchema>;

export const candidatesQuerySchema = z.preprocess(withoutBlank, z.object({ ...pagingQuery }));

const id = () =>
  z.coerce
    .number({ error: "must be an id" })
    .int("must be an id")
    .min(1, "must be an id")
    .max(MAX_ID, "must be an id");

const TOO_MANY_IDS = `may hold at most ${JOB_LIMITS.listItems} ids`;
const idArray = () =>
  lengthFirst(
    JOB_LIMITS.listItems,
    TOO_MANY_IDS,
    z.array(id(), { error: "must be an array of ids" }).max(JOB_LIMITS.listItems, TOO_MANY_IDS),
  );

const money = (max: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .min(0, "must be 0 or more")
    .max(max, `must be at most ${max}`)
    .refine(
      (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
      "must have at most 2 decimal places",
    )
    .nullable();

const intIn = (min: number, max: number) =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

/** An IANA time zone the runtime knows. */
const timeZone = () =>
  z
    .string({ error: "must be a time zone" })
    .trim()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as America/Los_Angeles");

/**
 * `start_time`: ISO 8601 with an offset, or the reference's local form "2018-08-18 19:30"
 * (read in the request's `timezone`; see `resolveStartTime`). Kept as text until then.
 */
const startTime = () =>
  z
    .string({ error: "must be a time such as 2026-12-01 09:30" })
    .trim()
    .max(40)
    .nullable()
    .refine(
      (v) =>
        v === null ||
        v === "" ||
        /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/i.test(v),
      "must be a time such as 2026-12-01 09:30 or an ISO 8601 timestamp",
    );

const TOO_MANY_ENTRIES = `may hold at most ${JOB_LIMITS.listItems} entries`;
const badgeRequirement = z.object(
  {
    id: id().optional(),
    badge_id: id().optional(),
    _destroy: boolish().optional(),
  },
  { error: "must be an object with badge_id" },
);

/** Every field a client may write on a job request (POST and PATCH); all optional here. */
const jobRequestFields = {
  request_name: requiredText(JOB_LIMITS.text),
  category: requiredText(JOB_LIMITS.text),
  state: oneOf(CLIENT_JOB_REQUEST_STATES),
  description: nullableText(JOB_LIMITS.description),
  description_tasks: nullableText(JOB_LIMITS.description),
  description_company: nullableText(JOB_LIMITS.description),
  description_travel: nullableText(JOB_LIMITS.description),
  description_skills: nullableText(JOB_LIMITS.description),
  description_contact: nullableText(JOB_LIMITS.description),
  description_arrival: nullableText(JOB_LIMITS.description),
  slots: intIn(1, JOB_LIMITS.slots),
  start_time: startTime(),
  duration: intIn(1, JOB_LIMITS.duration).nullable(),
  timezone: timeZone(),
  wage: money(JOB_LIMITS.wage),
  classification: oneOf(CLASSIFICATIONS),
  w2_hourly_rate: money(JOB_LIMITS.wage),
  venue: nullableText(JOB_LIMITS.text),
  address: nullableText(JOB_LIMITS.text),
  city: nullableText(JOB_LIMITS.text),
  address_state: nullableText(JOB_LIMITS.text),
  zip: nullableText(20),
  country: z
    .string({ error: "must be a country code" })
    .trim()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
    .transform((s) => s.toUpperCase()),
  latitude: coordinate(90),
  longitude: coordinate(180),
  employer_id: id().nullable(),
  preferred_candidate_ids: idArray(),
  ban_list: idArray(),
  notification_distance: intIn(1, JOB_LIMITS.notificationDistance).nullable(),
  open_request: boolish(),
  multi_day: boolish(),
  multi_day_job_request_id: id().nullable(),
  push_all_notifications_asap: z.union(
    [boolish(), z.enum(["on", "off"]).transform((v) => v === "on")],
    {
      error: "must be on or off",
    },
  ),
  use_pending_state: boolish(),
  can: nullableText(JOB_LIMITS.text),
  agent_code: nullableText(25),
  organizational_path: nullableText(JOB_LIMITS.text),
  flag_color: nullableText(32),
  badge_requirements_attributes: lengthFirst(
    JOB_LIMITS.listItems,
    TOO_MANY_ENTRIES,
    z
      .array(badgeRequirement, { error: "must be an array" })
      .max(JOB_LIMITS.listItems, TOO_MANY_ENTRIES),
  ),
};

export const jobRequestBodySchema = z.object(jobRequestFields).partial();
export type JobRequestBody = z.output<typeof jobRequestBodySchema>;
export type JobRequestField = keyof typeof jobRequestFields;

/** What a posted (not draft) request must have: the reference's required parameters. */
export const REQUIRED_TO_POST = [
  "request_name",
  "category",
  "address",
  "city",
  "zip",
  "slots",
] as const satisfies readonly JobRequestField[];

/** POST /jobs/assign (and POST /jobs): `job[...]` or the same keys at the top level. */
export const assignJobBodySchema = z.object({
  worker_id: id(),
  job_request_id: id(),
  requestor_notes: nullableText(2_000).optional(),
});
export type AssignJobBody = z.output<typeof assignJobBodySchema>;

/**
 * The requestor's actions, as PATCH /jobs/:id `state`: the reference documents `cancelled`
 * (with `cancelled_reason`); the others are the actions its state list names (a requestor
 * starts a job for the worker, approves or rates it, marks a no-show, grants or rejects a
 * pending application) and are our additions to the PATCH.
 */
export const REQUESTOR_JOB_STATES = [
  "cancelled",
  "in_progress",
  "approved",
  "no_show",
  "filled",
  "rejected",
] as const satisfies readonly JobState[];

export const updateJobBodySchema = z.object({
  state: oneOf(REQUESTOR_JOB_STATES).optional(),
  cancelled_reason: oneOf(CANCELLED_REASONS).nullable().optional(),
  actual_duration: intIn(0, JOB_LIMITS.duration).nullable().optional(),
  rating: intIn(1, 5).nullable().optional(),
  requestor_notes: nullableText(2_000).optional(),
  latitude: coordinate(90).optional(),
  longitude: coordinate(180).optional(),
});
export type UpdateJobBody = z.output<typeof updateJobBodySchema>;

/** What a worker does in the worker's app; the operator acts for them in a demo. */
export const WORKER_ACTIONS = [
  "accept",
  "start",
  "pause",
  "resume",
  "complete",
  "withdraw",
] as const;
export type WorkerAction = (typeof WORKER_ACTIONS)[number];

/**
 * Ours, test environment only: POST /jobs/:id/simulate moves a job as its worker would in the
 * worker's app, so a demo (and the portal's tests) can follow a job to completion.
 */
export const SIMULATED_WORKER_ACTIONS = [
  "start",
  "pause",
  "resume",
  "complete",
  "withdraw",
] as const satisfies readonly WorkerAction[];

export const simulateWorkerBodySchema = z.object({
  /** `message` (ours, with `body`): the worker replies in the job's conversation. */
  action: oneOf([...SIMULATED_WORKER_ACTIONS, "message"] as const),
  body: z.string({ error: "must be a string" }).max(2_000).optional(),
});

export { timestamp as isoTimestamp };

/**
 * POST /job_requests/:id/resend_notifications: the reference's one parameter, "on" or "off"
 * (booleans too, for JSON clients); omitted leaves the request's setting as it is.
 */
export const resendNotificationsBodySchema = z.object({
  push_all_notifications_asap: z
    .union([boolish(), z.enum(["on", "off"]).transform((v) => v === "on")], {
      error: "must be on or off",
    })
    .optional(),
});
export type ResendNotificationsBody = z.output<typeof resendNotificationsBodySchema>;
