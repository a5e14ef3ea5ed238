import type { JobState, WorkerAction } from "@/lib/schemas/job";

/**
 * The job's life, from the reference's state list: who may move a job from which state to
 * which. One table for the API's PATCH, the worker's actions (the operator acts for the worker
 * in a demo) and the cascade of a cancelled job request. Anything not here is refused with 422
 * and nothing changes.
 */
export type Actor = "requestor" | "worker" | "system";

type Edge = { from: JobState; to: JobState; by: readonly Actor[] };

export const JOB_TRANSITIONS: readonly Edge[] = [
  // A pending application (use_pending_state) is granted or rejected by the requestor.
  { from: "pending", to: "filled", by: ["requestor"] },
  { from: "pending", to: "rejected", by: ["requestor", "system"] },
  { from: "pending", to: "withdrawn", by: ["worker"] },
  { from: "pending", to: "cancelled", by: ["requestor", "system"] },
  // Accepted: the worker starts (or the requestor starts it for them), or withdraws.
  { from: "filled", to: "in_progress", by: ["worker", "requestor"] },
  { from: "filled", to: "withdrawn", by: ["worker"] },
  { from: "filled", to: "no_show", by: ["requestor"] },
  { from: "filled", to: "cancelled", by: ["requestor", "system"] },
  // "If the Worker accepts the Job again, the same Job will return to the filled state."
  { from: "withdrawn", to: "filled", by: ["worker"] },
  // Working: breaks (W2 jobs only; checked by the caller), completion.
  { from: "in_progress", to: "paused", by: ["worker"] },
  { from: "in_progress", to: "completed", by: ["worker", "system"] },
  { from: "in_progress", to: "cancelled", by: ["requestor", "system"] },
  { from: "paused", to: "in_progress", by: ["worker"] },
  { from: "paused", to: "completed", by: ["worker", "system"] },
  { from: "paused", to: "cancelled", by: ["requestor", "system"] },
  // "Approved: the Requestor has approved OR rated the Job."
  { from: "completed", to: "approved", by: ["requestor"] },
];

export function canTransition(from: JobState, to: JobState, by: Actor): boolean {
  return JOB_TRANSITIONS.some((e) => e.from === from && e.to === to && e.by.includes(by));
}

/** Where each worker action leads; `accept` on an existing job is the withdrawn → filled edge. */
export const WORKER_ACTION_TARGET: Record<WorkerAction, JobState> = {
  accept: "filled",
  start: "in_progress",
  pause: "paused",
  resume: "in_progress",
  complete: "completed",
  withdraw: "withdrawn",
};

/** Why a move is refused, in words a requestor understands. */
export function refusalMessage(from: JobState, to: JobState): string {
  const allowed = JOB_TRANSITIONS.filter((e) => e.from === from).map((e) => e.to);
  return allowed.length === 0
    ? `cannot change: the job is ${from}, which is final`
    : `cannot move from ${from} to ${to} (from ${from}: ${[...new Set(allowed)].join(", ")})`;
}
