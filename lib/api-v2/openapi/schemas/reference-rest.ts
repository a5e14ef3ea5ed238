import { z } from "zod";
import { JOB_REQUEST_STATES } from "@/lib/schemas/job";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { listOf, timestamp } from "./common";
import {
  badgeSchema,
  candidateSchema,
  jobRequestSchema,
  jobSchema,
  jobTransitionSchema,
} from "./resources";
import { userSchema } from "./users";

/** Output schemas of the rest of the reference (issue 27, docs/reference-rest.md). */

const note = (description: string) => ({ description });

const rankingFields = {
  rankings: z.array(candidateSchema),
  job_request_id: z.number().int(),
  site: z
    .object({ latitude: z.number(), longitude: z.number() })
    .nullable()
    .meta(note("The work site distances are measured from; null without coordinates.")),
  page: z.number().int().min(1),
  per: z.number().int().min(1).max(MAX_PAGE_SIZE),
  has_more: z.boolean().meta(note("Whether another page follows (there is no total).")),
};

export const rankingListSchema = z.object(rankingFields).meta({
  id: "RankingList",
  description:
    "One page of a job request's ranking, best first: the same entries as GET /job_requests/{id}/candidates, under the reference's name.",
});

export const reRankSchema = z
  .object({ ...rankingFields, ranked_at: timestamp("When this ranking was computed.") })
  .meta({
    id: "ReRank",
    description:
      "The ranking, computed afresh (it is computed live on every read; re-ranking stores nothing).",
  });

export const resendNotificationsSchema = z
  .object({
    job_request_id: z.number().int(),
    state: z.enum(JOB_REQUEST_STATES),
    push_all_notifications_asap: z.boolean(),
    notified: z
      .array(
        z.object({
          user_id: z.number().int(),
          preferred: z.boolean(),
          rank: z
            .number()
            .int()
            .min(1)
            .nullable()
            .meta(note("The place in the fresh ranking; null for a preferred worker told first.")),
        }),
      )
      .meta(note("Who was e-mailed, in order: preferred workers first, then the ranked pool.")),
    notifications_resent_at: timestamp(),
    next_resend_at: timestamp("The earliest moment the next resend is accepted."),
  })
  .meta({ id: "ResendNotifications", description: "What a resend did (our answer)." });

const text = () => z.string().nullable();
export const customerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    account_owner: text(),
    account_manager: text(),
    address: text(),
    city: text(),
    state: text(),
    zip: text(),
    phone: text().meta(note("E.164.")),
    contact_first_name: text(),
    contact_last_name: text(),
    contact_email: text(),
    billing_first_name: text(),
    billing_last_name: text(),
    billing_email: text(),
    billing_phone: text().meta(note("E.164.")),
    fee_percentage: z
      .number()
      .min(0)
      .max(1)
      .nullable()
      .meta(note("The platform's fee, 0.0 to 1.0; null until agreed. Set by the platform.")),
    can_post_w2: z.boolean().meta(note("Set by the platform.")),
    can_post_1099: z.boolean().meta(note("Set by the platform.")),
    can_use_premier_features: z.boolean().meta(note("Set by the platform.")),
    use_start_and_complete_pin: z.boolean().meta(note("Set by the platform.")),
    strategic_pilot: z.boolean().meta(note("Set by the platform.")),
    use_pending_state: z.boolean().meta(note("Set by the platform.")),
    created_at: timestamp().meta({ "x-addition": true }),
    updated_at: timestamp("Our addition: the last change (the creation until one).").meta({
      "x-addition": true,
    }),
  })
  .meta({
    id: "Customer",
    description:
      "The company as the platform knows it: the reference's fields in its order, then ours (created_at, updated_at).",
  });

export const searchResultSchema = z
  .object({
    users: z.array(userSchema).max(10),
    job_requests: z.array(jobRequestSchema).max(10),
    jobs: z.array(jobSchema).max(10),
    badges: z.array(badgeSchema).max(10),
  })
  .meta({
    id: "SearchResult",
    description: "At most 10 of each kind, as the kind's own endpoints answer them.",
  });

export const trackingPointSchema = jobTransitionSchema
  .extend({ job_request_id: z.number().int() })
  .meta({
    id: "TrackingPoint",
    description: "One move of one of the worker's jobs: when, which state, where the worker was.",
  });

const trackingPage = listOf("tracking", trackingPointSchema, "TrackingPage", "tracking points");
export const trackingListSchema = trackingPage
  .extend({ user_id: z.number().int().meta(note("The worker.")) })
  .meta({
    id: "TrackingList",
    description:
      "One page of a worker's transitions on the company's jobs, newest first, under the key \"tracking\".",
  });
