import { z } from "zod";
import { JOB_REQUEST_STATES } from "@/lib/schemas/job";
import { MULTI_DAY_LIMITS, REPEAT_TYPES } from "@/lib/schemas/multi-day";
import { ADDITION, timestamp } from "./common";

/** Multi-day job requests (issue 27): the reference's umbrella, then our additions. */

const ours = <T extends z.ZodType>(schema: T, description: string) =>
  schema.meta({ description: `${description}${ADDITION}`, "x-addition": true });

const daySchema = z
  .object({
    id: z.number().int(),
    request_name: z.string(),
    start_time: z.iso.datetime({ offset: true }).nullable(),
    timezone: z.string(),
    state: z.enum(JOB_REQUEST_STATES),
    slots: z.number().int(),
    filled: z.number().int().meta({ description: "Workers holding a slot (filled onwards)." }),
  })
  .meta({ id: "MultiDayJobRequestDay", description: `One day of a series, in brief.${ADDITION}` });

export const multiDayJobRequestSchema = z
  .object({
    id: z.number().int(),
    repeat_type: z.enum(REPEAT_TYPES),
    repeat_number: z
      .number()
      .int()
      .min(1)
      .max(MULTI_DAY_LIMITS.repeatNumber)
      .meta({ description: "How many days the series has." }),
    same_workers: z.boolean().meta({
      description:
        "A worker hired onto one day is hired onto every remaining day (all or nothing).",
    }),
    created_at: timestamp(),
    updated_at: timestamp(),
    company_id: ours(z.number().int(), "The company's id."),
    job_request_ids: ours(z.array(z.number().int()), "The days' job requests, in day order."),
    job_requests: ours(z.array(daySchema), "Each day in brief, in day order."),
  })
  .meta({
    id: "MultiDayJobRequest",
    description:
      "A series of job requests (the original interface's umbrella): it holds the repeat rules and links to each day; the details are in each day's job request. Then our additions (company_id, job_request_ids, job_requests).",
  });

export const multiDayEnvelopeSchema = z
  .object({ multi_day_job_request: multiDayJobRequestSchema })
  .meta({
    id: "MultiDayJobRequestEnvelope",
    description: 'One multi-day job request, under the key "multi_day_job_request".',
  });

export const cancelSeriesResultSchema = z
  .object({
    multi_day_job_request: multiDayJobRequestSchema,
    cancelled_job_request_ids: z
      .array(z.number().int())
      .meta({ description: "The days this call cancelled, in day order." }),
  })
  .meta({ id: "CancelSeriesResult", description: `The series after the cancel.${ADDITION}` });
