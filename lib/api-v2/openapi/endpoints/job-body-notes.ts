import {
  CANCELLED_REASONS,
  CLASSIFICATIONS,
  CLIENT_JOB_REQUEST_STATES,
  JOB_LIMITS,
  REQUESTOR_JOB_STATES,
} from "@/lib/schemas/job";
import { NOTIFY_TOP } from "../../jobs/notify-candidates";

/** Said wherever a site's coordinates matter. */
export const GEOCODING_NOTE =
  "There is no geocoding: the site's latitude and longitude are what the caller sends (or where a pin is placed in the portal), not looked up from the address; without them candidates are not ranked by distance.";

/** Notes on the job request and job body fields, added to the body components by the document builder. */
export const JOB_BODY_NOTES: Record<string, Record<string, string>> = {
  JobRequestBody: {
    request_name: `The request's name, 1 to ${JOB_LIMITS.text} characters. Always required.`,
    category:
      "One of the company's categories (GET /job_requests/categories); anything else is 422 on category. Required unless draft.",
    state: `One of ${CLIENT_JOB_REQUEST_STATES.join(", ")}. Create as draft (our addition: may be incomplete), unassigned or posted; required on POST. On PATCH: draft → unassigned, posted or cancelled; unassigned → posted, cancelled or draft; posted → unassigned or cancelled; unfilled → posted or cancelled; filled or in_progress → cancelled. Cancelling cancels the request's live jobs. Becoming posted e-mails the top ${NOTIFY_TOP} candidates. Other states follow the jobs and cannot be set.`,
    description: `Up to ${JOB_LIMITS.description} characters. Required unless draft, or unless description_tasks is given; when it is not sent, it is composed from the description_* parts sent ("Tasks: …\\n\\nSkills: …").`,
    description_tasks: `Up to ${JOB_LIMITS.description} characters; may stand in for description.`,
    slots: `Workers needed, 1 to ${JOB_LIMITS.slots}; never fewer than the workers already hired. Required unless draft.`,
    start_time:
      'When the work starts: "YYYY-MM-DD HH:MM" (as the original interface writes it), read in `timezone`, or ISO 8601 with an offset ("2026-12-01T09:30:00-08:00"). null or "" clears it.',
    duration: `Minutes, 1 to ${JOB_LIMITS.duration} (one week), or null.`,
    timezone:
      'The site\'s IANA time zone ("America/Los_Angeles"); "UTC" when never set. A local start_time is read in it.',
    wage: `Pay in dollars, 0 to ${JOB_LIMITS.wage}, at most 2 decimals, or null.`,
    classification: `${CLASSIFICATIONS.join(" or ")} (default 1099).`,
    w2_hourly_rate: `Dollars, 0 to ${JOB_LIMITS.wage}, at most 2 decimals; required with classification w2.`,
    address: "Street address. Required unless draft. Not geocoded (see latitude).",
    city: "Required unless draft.",
    zip: "Up to 20 characters. Required unless draft.",
    address_state: "The site's state or region. Our addition.",
    country: 'Two-letter country code (default "US").',
    latitude: `The site: -90..90, at most 7 decimals; a string or a number. Set or cleared together with longitude. ${GEOCODING_NOTE}`,
    longitude:
      "The site: -180..180, at most 7 decimals; a string or a number. Set or cleared together with latitude.",
    employer_id:
      'The requestor: an employer user of your company who may request (customer_admin or requestor, not deactivated), else 422 ("is not a requestor of your company"); null for none. A person signed in with their own password who posts without it is the requestor (our addition).',
    preferred_candidate_ids: `Up to ${JOB_LIMITS.listItems} workers of the pool, ranked first among equally distant candidates.`,
    ban_list: `Up to ${JOB_LIMITS.listItems} workers of the pool who may not work this request.`,
    notification_distance: `Miles, 1 to ${JOB_LIMITS.notificationDistance}, or null.`,
    push_all_notifications_asap: 'true or false, or "on"/"off".',
    use_pending_state:
      "Workers who accept apply (pending) rather than take the job (filled); the requestor grants or rejects them with PATCH /jobs/{id}.",
    agent_code: "Up to 25 characters.",
    badge_requirements_attributes: `Badges every worker must hold: {"badge_id": 12} adds one; {"id": 3, "_destroy": true} or {"badge_id": 12, "_destroy": true} drops one. Up to ${JOB_LIMITS.listItems} entries.`,
  },
  AssignJobBody: {
    worker_id: "A worker of the company's pool.",
    job_request_id: "An unassigned or posted job request of the company with a free slot.",
    requestor_notes: "Up to 2000 characters.",
  },
  UpdateJobBody: {
    state: `One of ${REQUESTOR_JOB_STATES.join(", ")}: cancelled (from pending, filled, in_progress or paused); our additions: in_progress (start the job on the worker's behalf, from filled), approved (from completed, optionally with a rating), no_show (from filled), filled or rejected (grant or reject a pending application). Any other move is 422 on state.`,
    cancelled_reason: `With state cancelled only: ${CANCELLED_REASONS.join(", ")}.`,
    actual_duration: `Minutes worked, 0 to ${JOB_LIMITS.duration}, or null.`,
    rating:
      "1 to 5, on a completed or approved job. Our addition. Rating a completed job approves it (the original interface: approved means approved or rated).",
    requestor_notes: "Up to 2000 characters.",
    latitude:
      "Where the move is made, recorded on the transition: -90..90, at most 7 decimals; set together with longitude.",
    longitude: "Where the move is made: -180..180, at most 7 decimals; set together with latitude.",
  },
};
