import { type PillTone, StatePill } from "@/components/ui/state-pill";
import type { Worker } from "@/lib/portal/types";

export type WorkerStatus = { tone: PillTone; text: string };

const untilDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/**
 * One word for where a worker stands, the same in the list and on the worker's page. A
 * suspension outranks everything; then a worker who has not joined yet says so (invited, or the
 * link expired) instead of "Active". `invitation_status` is our API's addition: against the
 * real service it is absent, and the worker is simply Active.
 */
export function workerStatus(
  worker: Pick<Worker, "suspended" | "suspended_until" | "lower_pool" | "invitation_status">,
  { detailed = false } = {},
): WorkerStatus {
  if (worker.suspended) {
    return {
      tone: "danger",
      text:
        detailed && worker.suspended_until
          ? `Suspended until ${untilDate(worker.suspended_until)}`
          : "Suspended",
    };
  }
  if (worker.invitation_status === "invited") return { tone: "info", text: "Invited" };
  if (worker.invitation_status === "expired") return { tone: "warning", text: "Invite expired" };
  if (detailed && worker.lower_pool) return { tone: "warning", text: "Lower pool" };
  return { tone: "success", text: "Active" };
}

export function WorkerStatusPill({
  worker,
  detailed = false,
}: {
  worker: Parameters<typeof workerStatus>[0];
  detailed?: boolean;
}) {
  const { tone, text } = workerStatus(worker, { detailed });
  return <StatePill tone={tone}>{text}</StatePill>;
}
