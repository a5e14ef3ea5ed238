import { z } from "zod";
import { coordinate, q, requiredText, withoutBlank } from "./common";
import { JOB_LIMITS, jobRequestBodySchema } from "./job";

/**
 * Job request templates (our addition): a name and the fields of a posting. The fields are the
 * POST /job_requests body's, parsed by the same schema, without what belongs to one posting
 * only: its start time, its state and its place in a multi-day series.
 */

export const TEMPLATE_LIMITS = {
  name: 100,
  /** Templates a company keeps; creating one more is refused (422 on name). */
  perCompany: 200,
} as const;

export const templateFieldsSchema = jobRequestBodySchema.omit({
  start_time: true,
  state: true,
  multi_day: true,
  multi_day_job_request_id: true,
});
export type TemplateFields = z.output<typeof templateFieldsSchema>;

export const createJobRequestTemplateBodySchema = z.object({
  name: requiredText(TEMPLATE_LIMITS.name),
  /** The posting's fields, as POST /job_requests takes them. */
  job_request: templateFieldsSchema.default({}),
});
export type CreateJobRequestTemplateBody = z.output<typeof createJobRequestTemplateBodySchema>;

/** PATCH: a new name, or new fields (which replace the template's, not merged into them). */
export const updateJobRequestTemplateBodySchema = z.object({
  name: requiredText(TEMPLATE_LIMITS.name).optional(),
  job_request: templateFieldsSchema.optional(),
});
export type UpdateJobRequestTemplateBody = z.output<typeof updateJobRequestTemplateBodySchema>;

/**
 * GET /job_requests/qualified_workers (ours): how many workers the ranking would offer a posting
 * at this site, with these badges, within this distance (miles; the posting's notification
 * distance, default QUALIFIED_DEFAULT_MILES, at most JOB_LIMITS.notificationDistance).
 */
export const QUALIFIED_DEFAULT_MILES = 25;

const coordinateQuery = (limit: 90 | 180) =>
  coordinate(limit).refine((v) => v !== null, "must be a decimal number");

export const qualifiedWorkersQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    latitude: coordinateQuery(90),
    longitude: coordinateQuery(180),
    distance: q.int(1, JOB_LIMITS.notificationDistance).default(QUALIFIED_DEFAULT_MILES),
    badge_ids: q.idList().optional(),
  }),
);
export type QualifiedWorkersQuery = z.output<typeof qualifiedWorkersQuerySchema>;
