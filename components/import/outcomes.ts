import type { PillTone } from "@/components/ui/state-pill";
import type { RowStatus } from "@/lib/bulk/import-runner";

/** What happened to a row; "not_sent" when the import was stopped before it. */
export type Outcome = RowStatus | "not_sent";

export const OUTCOMES: { key: Outcome; label: string; tone: PillTone }[] = [
  { key: "created", label: "Created", tone: "success" },
  { key: "existing", label: "Already in pool", tone: "info" },
  { key: "refused", label: "Refused", tone: "danger" },
  { key: "failed", label: "Failed", tone: "warning" },
  { key: "not_sent", label: "Not sent", tone: "neutral" },
];

export const OUTCOME = Object.fromEntries(OUTCOMES.map((o) => [o.key, o])) as Record<
  Outcome,
  (typeof OUTCOMES)[number]
>;
