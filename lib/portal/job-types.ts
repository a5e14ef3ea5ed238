import type { Worker } from "./types";

/**
 * The portal's view of job requests, jobs and candidates: the fields the pages read, as both
 * upstreams answer them (the real service's reference names; our additions marked). Fields a
 * page does not read are left out rather than typed loosely.
 */

export type BadgeRequirement = {
  id: number;
  badge_id: number;
  badge_name: string;
  badge_icon_url?: string | null;
  badge_description?: string | null;
};

export type JobRequest = {
  id: number;
  state: string;
  request_name: string | null;
  category: string | null;
  description: string | null;
  description_tasks?: string | null;
  slots: number | null;
  start_time: string | null;
  duration: number | null;
  timezone: string | null;
  wage: number | null;
  classification: string | null;
  w2_hourly_rate: string | null;
  venue: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  country?: string | null;
  latitude: number | null;
  longitude: number | null;
  notification_distance?: number | null;
  cached_job_states?: Record<string, number> | null;
  badge_requirements?: BadgeRequirement[] | null;
  updated_at: string;
  /** The requestor: an employer user of the company (the reference's field), null for none. */
  employer_id?: number | null;
  /** The requestor's user where the upstream nests it (as a job's `employer`). */
  employer?: {
    id: number | null;
    first_name?: string | null;
    last_name?: string | null;
    email?: string | null;
  } | null;
  /** Ours. */
  address_state?: string | null;
  posted_at?: string | null;
  created_at?: string | null;
  /** A day of a multi-day series (the reference's fields). */
  multi_day?: boolean | null;
  multi_day_job_request_id?: number | null;
};

/** One day of a series in brief (ours: the series' `job_requests`). */
export type SeriesDay = {
  id: number;
  request_name?: string | null;
  start_time: string | null;
  timezone?: string | null;
  state: string;
  slots: number | null;
  filled: number;
};

/**
 * A multi-day job request: the reference's umbrella (repeat rules); `job_request_ids` and
 * `job_requests` are ours (the real service answers without them: the portal then lists the
 * days with GET /job_requests?multi_day_job_request_id=).
 */
export type Series = {
  id: number;
  repeat_type: "daily" | "weekly" | string;
  repeat_number: number | null;
  same_workers: boolean;
  job_request_ids?: number[];
  job_requests?: SeriesDay[];
};

export type JobTransition = {
  id: number;
  job_id: number;
  created_at: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  /** Ours. */
  from_state?: string | null;
  actor?: string | null;
  /** Ours: the teammate who made the move with their own sign-in. */
  actor_user?: { id: number; name: string } | null;
};

export type Job = {
  id: number;
  state: string;
  job_request_id: number;
  created_at: string;
  updated_at: string;
  confirmed_at: string | null;
  started_at: string | null;
  completed_at: string | null;
  finished_at: string | null;
  hours_worked: number | null;
  requestor_notes: string | null;
  cancelled_reason: string | null;
  worker: Worker | null;
  transitions?: JobTransition[] | null;
  /** Ours. */
  user_id?: number;
  approved_at?: string | null;
  cancelled_at?: string | null;
  rating?: number | null;
};

/** One row of GET /job_requests/:id/candidates (ours: the ranking is not the real service's). */
export type Candidate = {
  rank: number;
  distance_km: number | null;
  distance_miles: number | null;
  /** "zip": no coordinates of their own, measured from their ZIP's centre (approximate). */
  coordinates: "current" | "home" | "zip" | null;
  /** Ranked from the ZIP's centre: the distance is approximate (absent from older servers). */
  approximate_location?: boolean;
  /** That centre, for the map, when approximate. */
  zip_centre?: { latitude: number; longitude: number } | null;
  preferred: boolean;
  /** The id as the API sends it (ours: a string, as in user_badges). */
  badges_matched: { badge_id: number | string; name: string }[];
  worker: Worker;
};

export type CandidatePage = {
  candidates: Candidate[];
  job_request_id: number;
  site: { latitude: number; longitude: number } | null;
  page: number;
  per: number;
  has_more: boolean;
};

/** What a job's requestor may set with PATCH /jobs/:id `state`. */
export type RequestorJobState =
  | "cancelled"
  | "in_progress"
  | "approved"
  | "no_show"
  | "filled"
  | "rejected";

/** What a worker does in the worker's app; the demo (test environment, ours) acts for them. */
export type SimulatedWorkerAction = "start" | "pause" | "resume" | "complete" | "withdraw";

/**
 * A job request template (ours): a name and the fields of a posting as POST /job_requests
 * takes them (no start time or state).
 */
export type JobRequestTemplate = {
  id: number;
  name: string;
  job_request: Record<string, unknown>;
  created_by_id: number | null;
  updated_at: string;
};
