import type { BadgeOutcome, BadgeResult } from "@/lib/bulk/badge-outcome";
import type { Worker } from "@/lib/portal/types";
import { fullName } from "../list/worker-parts";

const PILL: Record<BadgeOutcome, { label: string; className: string }> = {
  added: { label: "Added", className: "bg-emerald-50 text-emerald-700 ring-emerald-600/20" },
  removed: { label: "Removed", className: "bg-indigo-50 text-indigo-700 ring-indigo-600/20" },
  unchanged: { label: "Unchanged", className: "bg-slate-100 text-slate-700 ring-slate-500/20" },
  failed: { label: "Failed", className: "bg-red-50 text-red-700 ring-red-600/20" },
};

/** Enough to read on screen; the rest is in the results download. */
const SHOWN = 100;

/**
 * Each worker's result, failures first (they are what needs doing), then in the order the
 * workers were sent.
 */
export function BulkResults({
  workers,
  results,
}: {
  workers: readonly Worker[];
  results: readonly (BadgeResult | undefined)[];
}) {
  const rows = workers
    .map((worker, i) => ({ worker, result: results[i] }))
    .filter((r): r is { worker: Worker; result: BadgeResult } => r.result !== undefined);
  rows.sort(
    (a, b) => Number(b.result.outcome === "failed") - Number(a.result.outcome === "failed"),
  );
  if (rows.length === 0) return null;
  const shown = rows.slice(0, SHOWN);
  return (
    <div className="mt-4">
      <ul
        aria-label="Result for each worker"
        className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
      >
        {shown.map(({ worker, result }) => {
          const pill = PILL[result.outcome];
          return (
            <li key={worker.id} className="flex items-start gap-3 px-3 py-2 text-sm">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{fullName(worker)}</p>
                <p className="truncate text-xs text-slate-500">
                  {result.outcome === "failed" && result.message ? (
                    <span className="text-red-700">{result.message}</span>
                  ) : (
                    worker.email
                  )}
                </p>
              </div>
              <span
                className={`mt-0.5 shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${pill.className}`}
              >
                {pill.label}
              </span>
            </li>
          );
        })}
      </ul>
      {rows.length > SHOWN && (
        <p className="mt-2 text-xs text-slate-500">
          Showing {SHOWN.toLocaleString("en-US")} of {rows.length.toLocaleString("en-US")} results.
          Download the results for all of them.
        </p>
      )}
    </div>
  );
}
