import { z } from "zod";
import { pagingQuery, q, withoutBlank } from "./common";

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

/** Job states that make a worker visible to a public-pool caller (approved: within 24 h). */
export const ACTIVE_JOB_STATES = ["filled", "in_progress", "paused", "completed"] as const;

const stateList = <T extends readonly [string, ...string[]]>(states: T) =>
  q
    .list()
    .refine(
      (xs) => xs.every((x) => (states as readonly string[]).includes(x)),
      `must be among ${states.join(", ")}`,
    )
    .transform((xs) => xs as T[number][]);

export const listJobsQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    ...pagingQuery,
    state: stateList(JOB_STATES).optional(),
    updated_after: q.time().optional(),
    updated_before: q.time().optional(),
  }),
);

export const listJobRequestsQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    ...pagingQuery,
    state: stateList(JOB_REQUEST_STATES).optional(),
    updated_after: q.time().optional(),
    updated_before: q.time().optional(),
  }),
);
