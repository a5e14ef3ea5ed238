import { asc, count, eq, type InferSelectModel, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { badges, jobRequestBadges, type jobRequests, jobs } from "@/lib/db/schema";
import { sideBySide } from "@/lib/db/side-by-side";
import { formatDecimal, formatTimestamp } from "../format";

export type JobRequestRow = InferSelectModel<typeof jobRequests>;

export type BadgeRequirementJson = {
  id: number;
  badge_id: number;
  badge_name: string;
  badge_icon_url: string | null;
  badge_description: string;
};

type Extras = { badges: BadgeRequirementJson[]; jobStates: Record<string, number> };

const num = (v: string | null) => (v === null ? null : Number(v));

/**
 * The job request as the real service returns it: every field of its reference, always present
 * (null where unset), then our additions (address_state, posted_at, created_at).
 * Coordinates and wage are numbers here (the reference's job request), w2_hourly_rate a decimal
 * string, as the public clients read them.
 */
export function serializeJobRequest(r: JobRequestRow, x: Extras) {
  return {
    id: r.id,
    state: r.state,
    request_name: r.name,
    category: r.category,
    description: r.description,
    description_tasks: r.descriptionTasks,
    description_company: r.descriptionCompany,
    description_travel: r.descriptionTravel,
    description_skills: r.descriptionSkills,
    description_contact: r.descriptionContact,
    description_arrival: r.descriptionArrival,
    slots: r.slots,
    start_time: formatTimestamp(r.startTime),
    duration: r.duration,
    timezone: r.timezone,
    wage: num(r.wage),
    classification: r.classification,
    w2_hourly_rate: formatDecimal(r.w2HourlyRate),
    venue: r.venue,
    address: r.address,
    city: r.city,
    zip: r.zip,
    postal_code: r.zip,
    country: r.country,
    latitude: num(r.latitude),
    longitude: num(r.longitude),
    employer_id: r.employerId,
    company_id: r.companyId,
    multi_day: r.multiDay,
    multi_day_job_request_id: r.multiDayJobRequestId,
    preferred_candidate_ids: r.preferredCandidateIds,
    preferred_wonoloers_info: [] as unknown[],
    ban_list: r.banList,
    notification_distance: r.notificationDistance,
    open_request: r.openRequest,
    push_all_notifications_asap: r.pushAllNotificationsAsap,
    use_pending_state: r.usePendingState,
    in_white_gloves_period: false,
    re_ranked_worker_ids: null,
    cached_job_states: x.jobStates,
    can: r.can,
    agent_code: r.agentCode,
    organizational_path: r.organizationalPath,
    flag_color: r.flagColor,
    badge_requirements: x.badges,
    updated_at: formatTimestamp(r.updatedAt)!,
    // Ours.
    address_state: r.addressState,
    posted_at: formatTimestamp(r.postedAt),
    created_at: formatTimestamp(r.createdAt)!,
  };
}
export type JobRequestJson = ReturnType<typeof serializeJobRequest>;

/** Serialises a page of requests with two batched look-ups (badges, job counts), never N+1. */
export async function serializeJobRequests(
  db: DbOrTx,
  rows: JobRequestRow[],
): Promise<JobRequestJson[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [reqBadges, counts] = await sideBySide(db, [
    () =>
      db
        .select({
          id: jobRequestBadges.id,
          jobRequestId: jobRequestBadges.jobRequestId,
          badgeId: badges.id,
          name: badges.name,
          iconUrl: badges.iconUrl,
          description: badges.description,
        })
        .from(jobRequestBadges)
        .innerJoin(badges, eq(badges.id, jobRequestBadges.badgeId))
        .where(inArray(jobRequestBadges.jobRequestId, ids))
        .orderBy(asc(jobRequestBadges.id)),
    () =>
      db
        .select({ jobRequestId: jobs.jobRequestId, state: jobs.state, n: count() })
        .from(jobs)
        .where(inArray(jobs.jobRequestId, ids))
        .groupBy(jobs.jobRequestId, jobs.state),
  ]);
  return rows.map((r) =>
    serializeJobRequest(r, {
      badges: reqBadges
        .filter((b) => b.jobRequestId === r.id)
        .map((b) => ({
          id: b.id,
          badge_id: b.badgeId,
          badge_name: b.name,
          badge_icon_url: b.iconUrl,
          badge_description: b.description,
        })),
      jobStates: Object.fromEntries(
        counts.filter((c) => c.jobRequestId === r.id).map((c) => [c.state, Number(c.n)]),
      ),
    }),
  );
}

export async function serializeOneJobRequest(db: DbOrTx, row: JobRequestRow) {
  const [json] = await serializeJobRequests(db, [row]);
  return json!;
}
