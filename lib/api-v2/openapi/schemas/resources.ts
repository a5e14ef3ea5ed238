import { z } from "zod";
import { JOB_REQUEST_STATES, JOB_STATES } from "@/lib/schemas/job";
import { listOf, nullableTimestamp, timestamp } from "./common";

/** Badges, jobs and job requests. */

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

export const jobSchema = z
  .object({
    id: z.number().int(),
    job_request_id: z.number().int(),
    user_id: z.number().int().meta({ description: "The worker holding the job." }),
    state: z.enum(JOB_STATES),
    approved_at: nullableTimestamp("When the job was approved, or null."),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: "Job", description: "A worker's job for one of the company's job requests." });

export const jobRequestSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    state: z.enum(JOB_REQUEST_STATES),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .meta({ id: "JobRequest", description: "A job posting of the company." });

export const badgeListSchema = listOf("badges", badgeSchema, "BadgeList", "badges, by name");
export const jobListSchema = listOf("jobs", jobSchema, "JobList", "jobs, newest change first");
export const jobRequestListSchema = listOf(
  "job_requests",
  jobRequestSchema,
  "JobRequestList",
  "job requests, newest change first",
);

// Our additions: webhooks and their deliveries, invitation e-mails, change history, and the
// invitation links.
