import type { PillTone } from "@/components/ui/state-pill";
import type {
  Job,
  JobRequest,
  RequestorJobState,
  SimulatedWorkerAction,
} from "@/lib/portal/job-types";
import {
  slotsTaken as cachedSlotsTaken,
  jobStateLook,
  requestStateLook,
  SLOT_HOLDING,
} from "../job-format";

/**
 * The job request page's rules, as pure functions: which buttons a state offers, how many
 * slots are taken, the merged timeline. The tables are copied from the API's state machine
 * (lib/api-v2/jobs/job-state-machine.ts) rather than imported: the portal never reaches into
 * the service, and against the real service these are only hints (the API has the last word,
 * and a refusal is shown on the row).
 */

export { SLOT_HOLDING };

// Words and colours are the jobs pages' shared ones (the list shows the same pills).
export const jobStateLabel = (state: string): string => jobStateLook(state).label;
export const jobStateTone = (state: string): PillTone => jobStateLook(state).tone;
export const requestStateLabel = (state: string): string => requestStateLook(state).label;
export const requestStateTone = (state: string): PillTone => requestStateLook(state).tone;

/** The job is moving without the requestor (the pill's dot pulses). */
export const jobIsLive = (state: string) => state === "in_progress";

/** What the requestor may do with the request itself (the API's PATCH rules). */
export type RequestAction = "post" | "unpost" | "cancel";

const REQUEST_ACTIONS: Record<string, readonly RequestAction[]> = {
  draft: ["post", "cancel"],
  unassigned: ["post", "cancel"],
  posted: ["unpost", "cancel"],
  unfilled: ["post", "cancel"],
  filled: ["cancel"],
  in_progress: ["cancel"],
};

/** Public-pool keys only read: they get no buttons at all. */
export function requestActions(state: string, pool: string | null): readonly RequestAction[] {
  if (pool === "public") return [];
  return REQUEST_ACTIONS[state] ?? [];
}

/** Where each request action leads, as PATCH /job_requests/:id `state`. */
export const REQUEST_ACTION_TARGET: Record<RequestAction, string> = {
  post: "posted",
  unpost: "unassigned",
  cancel: "cancelled",
};

/** A worker can be hired only onto an open request (the API: unassigned or posted). */
export function canHireInto(state: string, pool: string | null): boolean {
  return pool !== "public" && (state === "unassigned" || state === "posted");
}

/** The requestor's buttons on a job; each is a PATCH /jobs/:id `state` (rating goes with approve). */
export type JobAction = "grant" | "reject" | "start" | "no_show" | "approve" | "cancel";

export const JOB_ACTION_TARGET: Record<JobAction, RequestorJobState> = {
  grant: "filled",
  reject: "rejected",
  start: "in_progress",
  no_show: "no_show",
  approve: "approved",
  cancel: "cancelled",
};

/** From the state machine's edges whose `by` includes the requestor. */
const REQUESTOR_MOVES: Record<string, readonly JobAction[]> = {
  pending: ["grant", "reject", "cancel"],
  filled: ["start", "no_show", "cancel"],
  in_progress: ["cancel"],
  paused: ["cancel"],
  completed: ["approve"],
};

export function jobActions(state: string, pool: string | null): readonly JobAction[] {
  if (pool === "public") return [];
  return REQUESTOR_MOVES[state] ?? [];
}

/** A rating goes with an approval, or changes it afterwards. */
export const canRate = (state: string, pool: string | null) =>
  pool !== "public" && (state === "completed" || state === "approved");

/**
 * The worker's next moves from a state, for the demo's "act as the worker" buttons. Breaks
 * are for W2 jobs only (the API refuses `pause` on a 1099 job).
 */
export function workerMoves(state: string, classification: string | null): SimulatedWorkerAction[] {
  switch (state) {
    case "pending":
      return ["withdraw"];
    case "filled":
      return ["start", "withdraw"];
    case "in_progress":
      return classification === "w2" ? ["pause", "complete"] : ["complete"];
    case "paused":
      return ["resume", "complete"];
    default:
      return [];
  }
}

export const CANCELLED_REASON_LABELS = {
  decided_to_cancel: "We decided to cancel",
  asked_to_cancel: "The worker asked us to cancel",
  admin_cancelled: "Cancelled by an administrator",
} as const;
export type CancelledReason = keyof typeof CANCELLED_REASON_LABELS;

/** "Maria Garcia"; a worker the keys may not see (public pool) is still someone. */
export function workerName(job: Job): string {
  const w = job.worker;
  const name = w ? `${w.first_name ?? ""} ${w.last_name ?? ""}`.trim() : "";
  if (name) return name;
  const id = w?.id ?? job.user_id;
  return id ? `Worker #${id}` : `The worker of job #${job.id}`;
}

/**
 * Taken slots: the jobs that hold one, counted from the jobs when they are loaded (they are
 * refetched every few seconds), else from the request's cached_job_states.
 */
export function slotsTaken(jobs: readonly Job[] | undefined, request: JobRequest): number {
  if (jobs) return jobs.filter((j) => SLOT_HOLDING.includes(j.state)).length;
  return cachedSlotsTaken(request.cached_job_states);
}

export type TimelineEntry = {
  key: string;
  at: string;
  /** Whose life this is: a worker's name, or null for the request itself. */
  who: string | null;
  jobId: number | null;
  from: string | null;
  to: string;
  actor: string | null;
  /** The teammate who made the move, when the API names them (ours). */
  actorName: string | null;
};

const time = (iso: string) => {
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? 0 : t;
};

/**
 * Every job's transitions and the request's own milestones, newest first: what just happened
 * is what a person watching the page wants to see, at the top. A transition without
 * `from_state` (the real service's) takes the state of the one before it on the same job.
 */
export function mergeTimeline(request: JobRequest, jobs: readonly Job[]): TimelineEntry[] {
  const out: (TimelineEntry & { order: number })[] = [];
  for (const job of jobs) {
    const name = workerName(job);
    const moves = [...(job.transitions ?? [])].sort(
      (a, b) => time(a.created_at) - time(b.created_at) || a.id - b.id,
    );
    let previous: string | null = null;
    for (const t of moves) {
      out.push({
        key: `t${t.id}`,
        at: t.created_at,
        who: name,
        jobId: job.id,
        from: t.from_state ?? previous,
        to: t.name,
        actor: t.actor ?? null,
        actorName: t.actor_user?.name || null,
        order: t.id,
      });
      previous = t.name;
    }
  }
  // The request's own milestones sort before its jobs' moves made at the same instant.
  if (request.created_at) {
    out.push({
      key: "created",
      at: request.created_at,
      who: null,
      jobId: null,
      from: null,
      to: "created",
      actor: null,
      actorName: null,
      order: -2,
    });
  }
  if (request.posted_at) {
    out.push({
      key: "posted",
      at: request.posted_at,
      who: null,
      jobId: null,
      from: null,
      to: "posted",
      actor: null,
      actorName: null,
      order: -1,
    });
  }
  return out
    .sort((a, b) => time(b.at) - time(a.at) || b.order - a.order)
    .map(({ order: _, ...e }) => e);
}

/** States a job reaches only by applying, never by a hire (unless it was confirmed before). */
const APPLIED_ONLY = new Set(["pending", "rejected", "withdrawn"]);

/**
 * The first stamp on a worker's card: "Hired …" once the job was filled (confirmed_at, or the
 * creation of a job that began filled, as the real service's do), "Applied …" for an
 * application that was never filled (pending, rejected, withdrawn or cancelled before a hire).
 */
export function firstStamp(job: Job): { label: "Hired" | "Applied"; iso: string } {
  if (job.confirmed_at) return { label: "Hired", iso: job.confirmed_at };
  const applied =
    APPLIED_ONLY.has(job.state) ||
    (job.state === "cancelled" && job.transitions?.some((t) => t.name === "pending") === true);
  return { label: applied ? "Applied" : "Hired", iso: job.created_at };
}
