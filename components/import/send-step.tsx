"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { StatePill } from "@/components/ui/state-pill";
import type { RowCheck } from "@/lib/bulk/csv-import";
import {
  cancelImport,
  type ImportRunState,
  pauseImport,
  resumeImport,
} from "@/lib/portal/client/import-run";
import { signInPath } from "@/lib/portal/sign-in-path";
import { fmt, ICONS, Icon, ProgressBar, plural, StatTile, StepHeading } from "./import-parts";
import { OUTCOME } from "./outcomes";

/** Where to sign in again without leaving the import: a new tab that says to come back. */
const SIGN_IN_AGAIN = signInPath("/workers/import?signed_in=1", { ended: true });

function duration(ms: number): string {
  const s = Math.max(1, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${String(s % 60).padStart(2, "0")} s`;
}

/** Step 4, before anything is sent: what will happen, and one clear button. */
export function ConfirmSend({
  checks,
  fileName,
  onBack,
  onStart,
}: {
  checks: readonly RowCheck[];
  fileName: string;
  onBack: () => void;
  onStart: () => void;
}) {
  const ready = checks.filter((c) => c.body !== null).length;
  const skipped = checks.length - ready;
  return (
    <section aria-labelledby="import-confirm-title" className="space-y-6">
      <div className="mx-auto max-w-2xl rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
        <span
          aria-hidden="true"
          className="mx-auto grid size-14 place-items-center rounded-full bg-indigo-50 text-indigo-600 ring-8 ring-indigo-50/50"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            fill="none"
            className="size-7"
            stroke="currentColor"
          >
            <path
              strokeWidth="1.75"
              strokeLinecap="round"
              strokeLinejoin="round"
              d="M21.75 6.75v10.5a2.25 2.25 0 0 1-2.25 2.25h-15a2.25 2.25 0 0 1-2.25-2.25V6.75m19.5 0A2.25 2.25 0 0 0 19.5 4.5h-15a2.25 2.25 0 0 0-2.25 2.25m19.5 0v.243a2.25 2.25 0 0 1-1.07 1.916l-7.5 4.615a2.25 2.25 0 0 1-2.36 0L3.32 8.91a2.25 2.25 0 0 1-1.07-1.916V6.75"
            />
          </svg>
        </span>
        <div className="mt-5">
          <StepHeading id="import-confirm-title">
            Ready to invite {plural(ready, "worker")}
          </StepHeading>
        </div>
        <p className="mt-2 text-sm text-slate-600">
          Each one gets an invitation e-mail with a link to join your pool. Workers already in your
          pool are recognised and left as they are.
        </p>
        <ul className="mx-auto mt-6 max-w-md space-y-2 text-left text-sm">
          <li className="flex items-start gap-2.5">
            <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700">
              <Icon d={ICONS.check} className="size-3.5" />
            </span>
            <span>
              <strong className="font-semibold">{plural(ready, "row")}</strong> from{" "}
              <span className="break-all">{fileName}</span> will be sent, four at a time.
            </span>
          </li>
          {skipped > 0 && (
            <li className="flex items-start gap-2.5">
              <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-rose-100 text-rose-700">
                <Icon d={ICONS.warning} className="size-3.5" />
              </span>
              <span>
                <strong className="font-semibold">{plural(skipped, "row")} with problems</strong>{" "}
                will be skipped and reported as refused.
              </span>
            </li>
          )}
          <li className="flex items-start gap-2.5">
            <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-slate-100 text-slate-600">
              <Icon d={ICONS.pause} className="size-3" />
            </span>
            <span>You can pause or stop at any time; a report follows at the end.</span>
          </li>
        </ul>
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <Button variant="secondary" onClick={onBack}>
            Back to review
          </Button>
          <Button onClick={onStart} disabled={ready === 0} className="sm:px-6">
            Invite {plural(ready, "worker")}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** Step 4, sending: live progress and counters, pause / resume / cancel. */
export function SendProgress({ run }: { run: ImportRunState }) {
  const { pass, counts, phase, sessionLost } = run;
  const elapsed = Date.now() - pass.startedAt;
  const rate = pass.done > 0 ? pass.done / elapsed : 0;
  const left = rate > 0 ? (pass.total - pass.done) / rate : null;
  const pct = pass.total > 0 ? Math.floor((pass.done / pass.total) * 100) : 0;
  const title =
    phase === "stopping"
      ? "Stopping after the rows in flight…"
      : sessionLost
        ? "Paused: your session ended"
        : phase === "paused"
          ? "Paused"
          : "Sending invitations…";

  return (
    <section aria-labelledby="import-send-title" className="space-y-6">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <StepHeading id="import-send-title">{title}</StepHeading>
            <p className="mt-1 truncate text-sm text-slate-600">From {run.fileName}</p>
          </div>
          <div className="flex gap-2">
            {phase === "paused" ? (
              <Button onClick={resumeImport}>
                <Icon d={ICONS.play} className="-ml-0.5 size-4" />
                Resume
              </Button>
            ) : (
              <Button variant="secondary" onClick={pauseImport} disabled={phase !== "sending"}>
                <Icon d={ICONS.pause} className="-ml-0.5 size-4" />
                Pause
              </Button>
            )}
            <Button variant="secondary" onClick={cancelImport} disabled={phase === "stopping"}>
              Cancel
            </Button>
          </div>
        </div>

        <div className="mt-6">
          <div className="mb-2 flex items-baseline justify-between gap-3 text-sm">
            <p className="font-medium text-slate-900 tabular-nums">
              {fmt(pass.done)} of {plural(pass.total, "row")} done
            </p>
            {/* Announced in steps of a tenth, not at every row. */}
            <p role="status" className="sr-only">
              {Math.floor(pct / 10) * 10}% done
            </p>
            <p className="text-slate-500 tabular-nums">
              {pct}%
              {phase === "sending" && left !== null && pass.done < pass.total && (
                <> · about {duration(left)} left</>
              )}
            </p>
          </div>
          <ProgressBar
            label="Rows done"
            done={pass.done}
            total={pass.total}
            animated={phase === "sending"}
            segments={[
              { value: counts.created, className: "bg-emerald-500" },
              { value: counts.existing, className: "bg-sky-500" },
              { value: counts.refused, className: "bg-rose-400" },
              { value: counts.failed, className: "bg-amber-500" },
            ]}
          />
        </div>

        {sessionLost && (
          <div className="mt-6">
            <Alert tone="warning" title="Sign in again to go on">
              <p>
                {fmt(pass.done)} of {plural(pass.total, "row")} are done and nothing was lost: the
                rows that met the ended session will be sent again. Sign in in a new tab, then come
                back here and press Resume.
              </p>
              <div className="mt-3 flex flex-wrap gap-3">
                <a
                  href={SIGN_IN_AGAIN}
                  target="_blank"
                  rel="noopener"
                  className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-amber-950 underline underline-offset-2 hover:text-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                >
                  Sign in again (opens a new tab)
                </a>
              </div>
            </Alert>
          </div>
        )}

        <dl aria-label="Outcomes so far" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <StatTile label="Created" value={counts.created} tone="success" />
          <StatTile label="Already in pool" value={counts.existing} tone="info" />
          <StatTile label="Refused" value={counts.refused} tone="danger" />
          <StatTile label="Failed" value={counts.failed} tone="warning" />
        </dl>

        {run.recent.length > 0 && (
          <div className="mt-6">
            <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              Latest rows
            </h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
              {run.recent.map((o) => (
                <li key={o.row} className="flex items-center gap-3 px-4 py-2.5 text-sm">
                  <span className="w-16 shrink-0 text-slate-500 tabular-nums">Row {o.row}</span>
                  <span className="min-w-0 flex-1 truncate">
                    <span className="font-medium text-slate-900">
                      {[o.values.first_name, o.values.last_name].filter(Boolean).join(" ") || "—"}
                    </span>
                    <span className="hidden text-slate-500 sm:inline"> · {o.values.email}</span>
                  </span>
                  <StatePill tone={OUTCOME[o.status].tone}>{OUTCOME[o.status].label}</StatePill>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      {!sessionLost && (
        <p className="text-center text-xs text-slate-500">
          You may open other pages of the portal meanwhile: the sending goes on in this tab and the
          import page shows it again. Closing the tab stops it.
        </p>
      )}
    </section>
  );
}
