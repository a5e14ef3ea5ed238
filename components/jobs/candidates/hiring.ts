import { ApiClientError } from "@/lib/portal/client/fetcher";
import type { JobRequest } from "@/lib/portal/job-types";

/**
 * Whether a request takes hires now, and how a refused hire reads. The service decides (it
 * locks the request and the unique (request, worker) index refuses a second hire); this only
 * keeps the page from offering what would be refused, and words the refusal for a person.
 */

/** The request states POST /jobs/assign accepts (the service's rule, copied: no lib/api-v2). */
const HIRING_STATES = ["unassigned", "posted"];
/**
 * Job states that hold a slot: lib/schemas/job's SLOT_HOLDING_STATES, copied because that
 * module builds zod schemas at load and the page's first-load budget has no room for them.
 */
const SLOT_HOLDING_STATES = ["filled", "in_progress", "paused", "completed", "approved"];

export type Hiring = {
  /** Workers holding a slot (hired, working, done). */
  hired: number;
  slots: number | null;
  open: boolean;
  /** Why hiring is closed, for the panel to say; null when open. */
  reason: string | null;
};

export function hiringOf(
  request: Pick<JobRequest, "state" | "slots" | "cached_job_states">,
): Hiring {
  const states = request.cached_job_states ?? {};
  const hired = SLOT_HOLDING_STATES.reduce((sum, s) => sum + (states[s] ?? 0), 0);
  const slots = request.slots;
  const full = slots !== null && hired >= slots;
  const base = { hired, slots };
  if (request.state === "filled" || (full && HIRING_STATES.includes(request.state))) {
    return {
      ...base,
      open: false,
      reason: `Every slot is filled (${hired} of ${slots ?? hired}).`,
    };
  }
  if (HIRING_STATES.includes(request.state)) return { ...base, open: true, reason: null };
  return { ...base, open: false, reason: CLOSED_REASONS[request.state] ?? CLOSED_FALLBACK };
}

const CLOSED_FALLBACK = "Hiring is closed: only unassigned or posted requests take workers.";
const CLOSED_REASONS: Record<string, string> = {
  draft: "This request is a draft: post it (or mark it unassigned) to hire.",
  cancelled: "This request is cancelled: nobody can be hired onto it.",
  unfilled: "The start time passed with no one hired: post the request again to hire.",
  in_progress: "The work has started: hiring is closed.",
  completed: "The work is done: hiring is closed.",
  approved: "The work is approved: hiring is closed.",
};

/** A job's state as the refusal names it, in the words the panel uses. */
const JOB_STATE_WORDS: Record<string, string> = {
  filled: "hired",
  in_progress: "working",
  paused: "paused",
  pending: "pending their acceptance",
  completed: "completed",
  approved: "approved",
  cancelled: "cancelled",
  withdrawn: "withdrawn",
  rejected: "rejected",
  no_show: "no-show",
};

/**
 * "Maria Garcia could not be hired: the worker is already on this job request (hired) —
 * perhaps someone hired them a moment ago." The service's field messages are predicates of
 * their field ("is already on …", "has no open slots …"), so each reads after its subject.
 */
export function refusalMessage(name: string, error: unknown): string {
  const lead = `${name} could not be hired`;
  if (!(error instanceof ApiClientError)) return `${lead}: something went wrong. Try again.`;
  const reasons: string[] = [];
  for (const m of error.fields?.worker_id ?? []) {
    // A same-workers series names the day that refused ("Day 3 (Fri Dec 4): …").
    if (m.startsWith("Day ")) {
      reasons.push(m.replace(/\.$/, ""));
      continue;
    }
    const already = /^is already on this job request(?: \((\w+)\))?/.exec(m);
    if (already) {
      const state = already[1] ? ` (${JOB_STATE_WORDS[already[1]] ?? already[1]})` : "";
      reasons.push(
        `they are already on this job request${state} — perhaps someone hired them a moment ago`,
      );
    } else {
      reasons.push(`the worker ${m}`);
    }
  }
  for (const m of error.fields?.job_request_id ?? []) {
    reasons.push(m.startsWith("Day ") ? m : `the job request ${m}`);
  }
  if (reasons.length === 0) {
    if (error.status === 409) {
      reasons.push("someone else changed this request at the same moment; the list is refreshed");
    } else {
      reasons.push(error.message.replace(/\.$/, ""));
    }
  }
  return `${lead}: ${reasons.join("; ")}.`;
}
