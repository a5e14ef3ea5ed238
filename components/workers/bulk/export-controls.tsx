"use client";

import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import type { ExportState } from "@/lib/portal/client/hooks/use-export-workers";

const fmt = (n: number) => n.toLocaleString("en-US");

/** "Export CSV": every worker the current search and filters show, all pages. */
export function ExportButton({ state, onStart }: { state: ExportState; onStart: () => void }) {
  const running = state.status === "running";
  return (
    <Button variant="secondary" busy={running} onClick={onStart}>
      {!running && (
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="-ml-1 size-4">
          <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
          <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
        </svg>
      )}
      {running ? "Exporting…" : "Export CSV"}
    </Button>
  );
}

/** "Export 3 selected": only the ticked workers (all matching, when that is what is ticked). */
export function ExportSelectedButton({
  count,
  state,
  onStart,
}: {
  count: number;
  state: ExportState;
  onStart: () => void;
}) {
  return (
    <Button variant="secondary" disabled={state.status === "running"} onClick={onStart}>
      Export {fmt(count)} selected
    </Button>
  );
}

/**
 * "Include SSN and date of birth": the export leaves those columns empty unless this is ticked
 * (never remembered past the page), so personal data leaves only when meant to.
 */
export function ExportSensitiveToggle({
  checked,
  onChange,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      Include SSN and date of birth
    </label>
  );
}

const dismissClass = `${buttonClass("ghost")} -my-1 px-2.5 py-1.5`;

/** What the export is doing: rows so far against the total, or how it ended. */
export function ExportProgress({
  state,
  onCancel,
  onRetry,
  onDismiss,
}: {
  state: ExportState;
  onCancel: () => void;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  if (state.status === "idle") return null;
  if (state.status === "failed") {
    return (
      <div className="mt-4">
        <Alert tone="error" title="The export failed">
          <p>{state.message}</p>
          <div className="mt-3 flex gap-2">
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
            <Button variant="ghost" onClick={onDismiss}>
              Dismiss
            </Button>
          </div>
        </Alert>
      </div>
    );
  }
  if (state.status === "running") {
    const text =
      state.total === null
        ? `${fmt(state.rows)} ${state.rows === 1 ? "worker" : "workers"} so far`
        : `${fmt(Math.min(state.rows, state.total))} of ${fmt(state.total)} workers`;
    return (
      <div className="mt-4 rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">Exporting to CSV</span>
            <span aria-hidden="true"> · </span>
            <span className="tabular-nums">{text}</span>
          </p>
          <Button variant="ghost" className="-my-1 px-2.5 py-1.5" onClick={onCancel}>
            Cancel
          </Button>
        </div>
        <ProgressBar
          className="mt-2"
          label="Export progress"
          value={state.rows}
          max={state.total}
          valueText={text}
        />
      </div>
    );
  }
  return (
    <div
      role="status"
      className={`mt-4 flex items-center justify-between gap-3 rounded-lg px-4 py-2.5 text-sm ring-1 ring-inset ${
        state.status === "done"
          ? "bg-emerald-50 text-emerald-900 ring-emerald-200"
          : "bg-slate-50 text-slate-700 ring-slate-200"
      }`}
    >
      <p className="min-w-0">
        {state.status === "done" ? (
          <>
            Exported {fmt(state.rows)} {state.rows === 1 ? "worker" : "workers"} to{" "}
            <span className="font-medium">{state.fileName}</span>.
          </>
        ) : (
          "Export cancelled. Nothing was saved."
        )}
      </p>
      <button type="button" className={dismissClass} onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}
