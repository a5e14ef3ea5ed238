import type { PillTone } from "@/components/ui/state-pill";

/** A job request's state as the pages show it: words and a colour. */
export const REQUEST_STATE_LOOK: Record<string, { label: string; tone: PillTone }> = {
  draft: { label: "Draft", tone: "neutral" },
  unassigned: { label: "Unassigned", tone: "info" },
  posted: { label: "Posted", tone: "info" },
  filled: { label: "Filled", tone: "success" },
  in_progress: { label: "In progress", tone: "warning" },
  completed: { label: "Completed", tone: "success" },
  approved: { label: "Approved", tone: "success" },
  cancelled: { label: "Cancelled", tone: "danger" },
  unfilled: { label: "Unfilled", tone: "danger" },
};

export const requestStateLook = (state: string) =>
  REQUEST_STATE_LOOK[state] ?? { label: state.replace(/_/g, " "), tone: "neutral" as PillTone };

/** Jobs in these states hold one of the request's slots (as the API counts them). */
export const SLOT_HOLDING = ["filled", "in_progress", "paused", "completed", "approved"];

/** Slots taken, from the request's `cached_job_states` (the list has no jobs loaded). */
export function slotsTaken(cached: Record<string, number> | null | undefined): number {
  if (!cached) return 0;
  return SLOT_HOLDING.reduce((n, s) => n + (cached[s] ?? 0), 0);
}

/**
 * "Tue, Dec 1, 8:00 AM PST": the start as the site keeps it (its own time zone), which is what
 * the worker will see; null when not set.
 */
export function formatStart(iso: string | null, timeZone: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  try {
    return new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: timeZone || undefined,
      timeZoneName: "short",
    }).format(d);
  } catch {
    return d.toLocaleString("en-US");
  }
}

/** "$22.50/hr" — the wage is dollars an hour in the reference. */
export function formatWage(wage: number | null): string | null {
  if (wage === null || wage === undefined) return null;
  return `${wage.toLocaleString("en-US", { style: "currency", currency: "USD" })}/hr`;
}

/** A job's state as the pages show it. */
export const JOB_STATE_LOOK: Record<string, { label: string; tone: PillTone }> = {
  pending: { label: "Applied", tone: "info" },
  rejected: { label: "Rejected", tone: "neutral" },
  filled: { label: "Hired", tone: "info" },
  in_progress: { label: "Working", tone: "warning" },
  paused: { label: "Paused", tone: "warning" },
  completed: { label: "Completed", tone: "success" },
  approved: { label: "Approved", tone: "success" },
  cancelled: { label: "Cancelled", tone: "danger" },
  withdrawn: { label: "Withdrawn", tone: "neutral" },
  no_show: { label: "No-show", tone: "danger" },
};

export const jobStateLook = (state: string) =>
  JOB_STATE_LOOK[state] ?? { label: state.replace(/_/g, " "), tone: "neutral" as PillTone };
