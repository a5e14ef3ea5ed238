import { z } from "zod";
import { boolish, MAX_ID } from "./common";

export const REPEAT_TYPES = ["daily", "weekly"] as const;
export type RepeatType = (typeof REPEAT_TYPES)[number];

/** Documented bounds: a series has 1 to 31 days (a month of days, or 31 weeks). */
export const MULTI_DAY_LIMITS = { repeatNumber: 31 } as const;

const repeatNumber = () =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(MULTI_DAY_LIMITS.repeatNumber, `must be at most ${MULTI_DAY_LIMITS.repeatNumber}`);

/**
 * `multi_day_job_request[...]` (or the same keys at the top level), as the reference has them.
 * `job_request` is our addition: the body of `POST /job_requests`, posted once per day.
 */
export const multiDayFields = {
  repeat_type: z.enum(REPEAT_TYPES, { error: `must be one of ${REPEAT_TYPES.join(", ")}` }),
  repeat_number: repeatNumber(),
  same_workers: boolish(),
};
export const multiDayBodySchema = z.object(multiDayFields).partial();
export type MultiDayBody = z.output<typeof multiDayBodySchema>;

/** POST /multi_day_job_requests/:id/cancel (ours): that day and every later day. */
export const cancelSeriesBodySchema = z.object({
  from_job_request_id: z.coerce
    .number({ error: "must be an id" })
    .int("must be an id")
    .min(1, "must be an id")
    .max(MAX_ID, "must be an id")
    .optional(),
});
export type CancelSeriesBody = z.output<typeof cancelSeriesBodySchema>;
