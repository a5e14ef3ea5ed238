"use client";

import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useToastClearance } from "@/components/ui/toast";
import type { BadgeAction } from "@/lib/bulk/badge-outcome";
import { type BulkTarget, useBulkBadges } from "@/lib/portal/client/hooks/use-bulk-badges";
import { useUnsavedChangesWarning } from "@/lib/portal/client/use-draft";
import type { Worker } from "@/lib/portal/types";
import { useBulkBadgeToasts } from "./bulk-badge-toasts";

/**
 * The dialog (Headless UI's Dialog and Combobox, and what they pull in) is half of the list's
 * code and is used only after "Add badge" or "Remove badge": it loads on the first click.
 */
const loadDialog = () => import("./bulk-badge-dialog");
const preloadDialog = () => void loadDialog();
const BulkBadgeDialog = dynamic(
  () => import("./bulk-badge-dialog").then((m) => m.BulkBadgeDialog),
  {
    ssr: false,
  },
);

const fmt = (n: number) => n.toLocaleString("en-US");

/**
 * The bar that follows the user down the list while workers are selected ("N selected",
 * Clear, Add badge, Remove badge), and the dialog that does the work.
 */
export function BulkActions({
  picked,
  allMatching,
  total,
  filtered,
  matchingFilters,
  onClear,
  onSaved,
}: {
  picked: Worker[];
  allMatching: boolean;
  /** Null against the real service: it gives no total. */
  total: number | null;
  filtered: boolean;
  /** GET /users filters for "all matching" (no paging). */
  matchingFilters: URLSearchParams;
  onClear: () => void;
  /** Workers as they are after the change, to refresh the selection's copies. */
  onSaved: (workers: Worker[]) => void;
}) {
  const bulk = useBulkBadges({ onSaved });
  const toasts = useBulkBadgeToasts({ onSaved });
  const bar = useRef<HTMLElement>(null);
  const [action, setAction] = useState<BadgeAction | null>(null);
  // Mounted from its first opening on, so it closes (and opens again) as it always has.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (action !== null && !dialogWanted) setDialogWanted(true);
  const running =
    bulk.run?.phase === "collecting" || bulk.run?.phase === "running" || toasts.undoing;
  // Leaving the page would stop the run (or its undo) half-way.
  useUnsavedChangesWarning(running);

  const count = allMatching ? total : picked.length;
  const selectedText =
    count === null
      ? `All ${filtered ? "matching " : ""}workers selected`
      : `${fmt(count)} selected`;
  const targetLabel = allMatching
    ? count === null
      ? filtered
        ? "all matching workers"
        : "all workers"
      : `all ${fmt(count)} ${count === 1 ? "worker" : "workers"}${filtered ? " matching this filter" : ""}`
    : `${fmt(picked.length)} ${picked.length === 1 ? "worker" : "workers"}`;

  const start = (badge: { id: string; name: string }) => {
    if (!action) return;
    const target: BulkTarget = allMatching
      ? { kind: "matching", filters: matchingFilters }
      : { kind: "picked", workers: picked };
    void bulk.start(action, badge, target);
  };

  const hasSelection = allMatching || picked.length > 0;
  // Toasts (a finished change, its Undo) show above the bar, not over its buttons.
  useToastClearance(bar, hasSelection);

  return (
    <>
      {hasSelection && (
        <section
          ref={bar}
          aria-label="Bulk actions"
          className="sticky bottom-3 z-20 mt-4 rounded-xl bg-white/95 px-4 py-2.5 shadow-lg ring-1 ring-slate-900/10 backdrop-blur sm:bottom-4 sm:px-5 sm:py-3"
        >
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <div className="flex items-center gap-3">
              <p role="status" className="text-sm font-semibold text-slate-900 tabular-nums">
                {selectedText}
              </p>
              <Button variant="ghost" className="-my-1 px-2.5 py-1.5" onClick={onClear}>
                Clear
              </Button>
            </div>
            <div className="flex flex-1 justify-end gap-3 sm:flex-none">
              <Button
                variant="secondary"
                className="flex-1 sm:flex-none"
                onClick={() => setAction("remove")}
                onPointerEnter={preloadDialog}
                onFocus={preloadDialog}
              >
                Remove badge
              </Button>
              <Button
                className="flex-1 sm:flex-none"
                onClick={() => setAction("add")}
                onPointerEnter={preloadDialog}
                onFocus={preloadDialog}
              >
                Add badge
              </Button>
            </div>
          </div>
        </section>
      )}
      {dialogWanted && (
        <BulkBadgeDialog
          action={action}
          targetLabel={targetLabel}
          run={bulk.run}
          onStart={start}
          onPause={bulk.pause}
          onResume={bulk.resume}
          onStop={bulk.cancel}
          onClose={() => {
            if (bulk.run?.phase === "done") toasts.announce(bulk.run);
            setAction(null);
            bulk.reset();
          }}
        />
      )}
    </>
  );
}
