"use client";

import { useCallback } from "react";
import { useToast } from "@/components/ui/toast";
import { countOutcomes } from "@/lib/bulk/badge-outcome";
import { badgeUndo } from "@/lib/bulk/badge-undo";
import { type BulkRun, useBulkBadges } from "@/lib/portal/client/hooks/use-bulk-badges";
import type { Worker } from "@/lib/portal/types";

const workersText = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "worker" : "workers"}`;

/** Long enough for a keyboard user to reach Undo; it also waits while focused or hovered. */
const UNDO_TOAST_MS = 10_000;

/**
 * The toast after a bulk badge change is closed: what it did, and Undo when it changed anyone.
 * Undo sends the other change to exactly the workers this one changed (lib/bulk/badge-undo.ts),
 * in the background, and says how that went.
 */
export function useBulkBadgeToasts({ onSaved }: { onSaved?: (workers: Worker[]) => void }) {
  const toast = useToast();
  const undoer = useBulkBadges({ onSaved });
  const { start } = undoer;
  const undoing = undoer.run?.phase === "collecting" || undoer.run?.phase === "running";

  const announce = useCallback(
    (run: BulkRun) => {
      const counts = countOutcomes(run.results, run.workers.length);
      const changed = run.action === "add" ? counts.added : counts.removed;
      if (changed === 0 && counts.failed === 0) return;
      const name = `“${run.badge.name}”`;
      const notes = [
        counts.unchanged > 0 &&
          `${workersText(counts.unchanged)} ${run.action === "add" ? "already had it" : "did not have it"}.`,
        counts.failed > 0 && `${workersText(counts.failed)} failed.`,
        counts.notDone > 0 && `${workersText(counts.notDone)} not reached.`,
      ].filter(Boolean);
      const undo = badgeUndo(run.action, run.badge.id, run.workers, run.results, run.after);

      const runUndo = async () => {
        if (!undo) return;
        const busy = toast.show({ tone: "info", message: "Undoing…", durationMs: 120_000 });
        const done = await start(undo.action, run.badge, { kind: "picked", workers: undo.workers });
        toast.dismiss(busy);
        if (!done) return;
        const after = countOutcomes(done.results, done.workers.length);
        const left = after.failed + after.notDone;
        if (left === 0) {
          toast.show({
            message:
              run.action === "add"
                ? `Undone: ${name} taken off the ${workersText(undo.workers.length)} it was added to`
                : `Undone: ${name} given back to ${workersText(undo.workers.length)}`,
          });
        } else {
          toast.show({
            tone: "error",
            message: `Undo incomplete: ${workersText(left)} could not be changed back`,
            detail: `Select them and ${run.action === "add" ? "remove" : "add"} ${name} to finish.`,
            durationMs: UNDO_TOAST_MS,
          });
        }
      };

      toast.show({
        tone: counts.failed > 0 ? "error" : "success",
        message:
          run.action === "add"
            ? `Added ${name} to ${workersText(changed)}`
            : `Removed ${name} from ${workersText(changed)}`,
        detail: notes.join(" ") || undefined,
        action: undo ? { label: "Undo", onAction: () => void runUndo() } : undefined,
        durationMs: undo ? UNDO_TOAST_MS : undefined,
      });
    },
    [toast, start],
  );
  return { announce, undoing };
}
