"use client";

import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { type ReactNode, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { type BadgeAction, countOutcomes, summaryLine } from "@/lib/bulk/badge-outcome";
import { badgeResultsCsv } from "@/lib/bulk/badge-results-csv";
import { exportFileName } from "@/lib/bulk/csv-text";
import type { BulkBadge, BulkRun } from "@/lib/portal/client/hooks/use-bulk-badges";
import { saveBlob } from "@/lib/portal/client/save-file";
import { BadgeSelect } from "./badge-select";
import { BulkResults } from "./bulk-results";

const fmt = (n: number) => n.toLocaleString("en-US");

const VERB: Record<BadgeAction, { title: string; button: string; ing: string; to: string }> = {
  add: { title: "Add a badge", button: "Add badge", ing: "Adding", to: "to" },
  remove: { title: "Remove a badge", button: "Remove badge", ing: "Removing", to: "from" },
};

/**
 * Choose a badge, confirm, then watch it being applied worker by worker: progress, pause,
 * stop, and a result per worker at the end. It cannot be dismissed while changes are being
 * sent (Stop is the way out), so a run is never left going unseen.
 */
export function BulkBadgeDialog({
  action,
  targetLabel,
  run,
  onStart,
  onPause,
  onResume,
  onStop,
  onClose,
}: {
  /** Open for this action; null: closed. */
  action: BadgeAction | null;
  /** Whom it is for, in words: "30 workers", "all 137 workers matching this filter". */
  targetLabel: string;
  run: BulkRun | null;
  onStart: (badge: BulkBadge) => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onClose: () => void;
}) {
  const [badge, setBadge] = useState<BulkBadge | null>(null);
  // Keeps the words while the dialog closes.
  const [shownAction, setShownAction] = useState<BadgeAction>("add");
  if (action && action !== shownAction) setShownAction(action);
  const verb = VERB[run?.action ?? shownAction];
  const busy = run?.phase === "collecting" || run?.phase === "running";

  const close = () => {
    if (busy) return;
    setBadge(null);
    onClose();
  };

  let title: string;
  let body: ReactNode;
  let buttons: ReactNode;

  if (!run) {
    title = `${verb.title} ${verb.to} ${targetLabel}`;
    body = (
      <>
        <Description className="mt-2 text-sm text-slate-600">
          {shownAction === "add"
            ? "Workers who already hold the badge keep it as it is; nobody gets it twice."
            : "Workers who do not hold the badge are left as they are."}
        </Description>
        <div className="mt-5">
          <BadgeSelect
            label="Badge"
            hint="Type to search your company's badges."
            value={badge}
            onChange={setBadge}
          />
        </div>
      </>
    );
    buttons = (
      <>
        {/* Focus starts here, not in the picker: its list would open over the dialog at once. */}
        <Button variant="secondary" onClick={close} autoFocus>
          Cancel
        </Button>
        <Button
          variant={shownAction === "remove" ? "danger" : "primary"}
          disabled={!badge}
          onClick={() => badge && onStart(badge)}
        >
          {verb.button}
        </Button>
      </>
    );
  } else if (run.phase === "failed") {
    title = `${verb.title} ${verb.to} ${targetLabel}`;
    body = (
      <div className="mt-4">
        <Alert tone="error" title="The workers could not be listed">
          <p>{run.error}</p>
          <p className="mt-1">No badge was changed. Close this and try again.</p>
        </Alert>
      </div>
    );
    buttons = (
      <Button variant="secondary" onClick={close}>
        Close
      </Button>
    );
  } else {
    // While running, the ones not reached yet are not "not done": they are on their way.
    const counts = countOutcomes(run.results, run.phase === "done" ? run.workers.length : 0);
    const total = run.workers.length;
    const finished = run.phase === "done";
    const gerund = run.action === "add" ? "adding" : "removing";
    // Says what was done, not what it achieved: the line below has the counts (maybe 0 removed).
    title = finished
      ? `${run.cancelled ? "Stopped" : "Finished"} ${gerund} “${run.badge.name}”`
      : `${verb.ing} “${run.badge.name}” ${verb.to} ${
          run.phase === "collecting"
            ? targetLabel
            : `${fmt(total)} ${total === 1 ? "worker" : "workers"}`
        }`;
    const progressText =
      run.phase === "collecting"
        ? `Finding the workers… ${fmt(run.found)} found`
        : `${fmt(run.done)} of ${fmt(total)} done${run.paused ? " · paused" : ""}${
            run.stopping && !finished ? " · stopping after the ones already sent" : ""
          }`;
    body = (
      <>
        {!finished && (
          <div className="mt-4">
            <ProgressBar
              label={run.phase === "collecting" ? "Finding the workers" : "Badge changes sent"}
              value={run.phase === "collecting" ? run.found : run.done}
              max={run.phase === "collecting" ? null : total}
              valueText={progressText}
              tone={run.paused ? "amber" : "indigo"}
            />
            <p className="mt-2 text-sm text-slate-600 tabular-nums">{progressText}</p>
          </div>
        )}
        {run.phase !== "collecting" && (
          // Announced once, at the end: a live region updated ten times a second is only noise.
          <p
            role={finished ? "status" : undefined}
            className={`mt-3 text-sm font-medium tabular-nums ${
              finished
                ? counts.failed > 0
                  ? "text-red-700"
                  : "text-emerald-700"
                : "text-slate-700"
            }`}
          >
            {finished && total === 0
              ? run.cancelled
                ? "Stopped before any change was sent."
                : "No workers matched, so nothing was changed."
              : summaryLine(run.action, counts)}
          </p>
        )}
        {finished && counts.failed > 0 && (
          <p className="mt-1 text-sm text-slate-600">
            The failed ones are listed first, with the reason. Select them again to retry.
          </p>
        )}
        <BulkResults workers={run.workers} results={run.results} />
      </>
    );
    buttons = finished ? (
      <>
        {total > 0 && (
          <Button
            variant="secondary"
            onClick={() =>
              saveBlob(
                new Blob(
                  [
                    badgeResultsCsv(
                      run.workers.map((worker, i) => ({ worker, result: run.results[i] })),
                    ),
                  ],
                  { type: "text/csv;charset=utf-8" },
                ),
                exportFileName(new Date(), `badge-${run.action}-results`),
              )
            }
          >
            Download results
          </Button>
        )}
        {/* Mounted when the run ends: focus moves here from the Stop button that went away. */}
        <Button onClick={close} autoFocus>
          Close
        </Button>
      </>
    ) : (
      <>
        {run.phase === "running" &&
          (run.paused ? (
            <Button variant="secondary" onClick={onResume} disabled={run.stopping} autoFocus>
              Resume
            </Button>
          ) : (
            // Takes the focus from the Cancel/Resume button it replaces.
            <Button variant="secondary" onClick={onPause} disabled={run.stopping} autoFocus>
              Pause
            </Button>
          ))}
        <Button variant="danger" onClick={onStop} busy={run.stopping}>
          {run.stopping ? "Stopping…" : "Stop"}
        </Button>
      </>
    );
  }

  return (
    <Dialog
      open={action !== null}
      onClose={close}
      className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center"
    >
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      {/* The whole panel scrolls (a long result list), its buttons stay in view at the bottom. */}
      <DialogPanel className="relative max-h-[calc(100dvh-2rem)] w-full max-w-lg overflow-y-auto overscroll-contain rounded-xl bg-white shadow-xl ring-1 ring-slate-200">
        <div className="px-6 pt-6 pb-4">
          <DialogTitle className="text-base font-semibold text-pretty text-slate-900">
            {title}
          </DialogTitle>
          {body}
        </div>
        <div className="sticky bottom-0 flex flex-col-reverse gap-3 border-t border-slate-100 bg-white px-6 py-4 sm:flex-row sm:justify-end">
          {buttons}
        </div>
      </DialogPanel>
    </Dialog>
  );
}
