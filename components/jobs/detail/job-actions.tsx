"use client";

import { useId, useState } from "react";
import { Button, Spinner } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { useSimulateWorker, useUpdateJob } from "@/lib/portal/client/hooks/use-jobs";
import type { Job, SimulatedWorkerAction } from "@/lib/portal/job-types";
import { ConfirmDialog } from "./confirm-dialog";
import { errorText } from "./error-text";
import {
  CANCELLED_REASON_LABELS,
  type CancelledReason,
  canRate,
  JOB_ACTION_TARGET,
  type JobAction,
  jobActions,
  workerMoves,
} from "./job-state";

/** Visible words and accessible names; the names are stable, the tests find buttons by them. */
const ACTION_TEXT: Record<JobAction, { text: string; name: (who: string) => string }> = {
  grant: { text: "Grant", name: (w) => `Grant ${w}'s application` },
  reject: { text: "Reject", name: (w) => `Reject ${w}'s application` },
  start: { text: "Start", name: (w) => `Start ${w}'s job` },
  approve: { text: "Approve", name: (w) => `Approve ${w}'s job` },
  no_show: { text: "No-show", name: (w) => `Mark ${w} as a no-show` },
  cancel: { text: "Cancel", name: (w) => `Cancel ${w}'s job` },
};

const ACTION_HINT: Partial<Record<JobAction, string>> = {
  start: "Start the job for the worker (they have arrived)",
  approve: "Approve the completed work (a rating is optional)",
  no_show: "The worker did not come: the slot opens again",
};

const WORKER_TEXT: Record<SimulatedWorkerAction, { text: string; name: (w: string) => string }> = {
  start: { text: "Worker starts", name: (w) => `Demo: ${w} starts the job` },
  pause: { text: "Worker takes a break", name: (w) => `Demo: ${w} pauses the job` },
  resume: { text: "Worker resumes", name: (w) => `Demo: ${w} resumes the job` },
  complete: { text: "Worker completes", name: (w) => `Demo: ${w} completes the job` },
  withdraw: { text: "Worker withdraws", name: (w) => `Demo: ${w} withdraws from the job` },
};

/** Keeps the buttons' colours by what they do: the main move, a neutral one, a destructive one. */
const VARIANT: Record<JobAction, "primary" | "secondary"> = {
  grant: "primary",
  approve: "primary",
  start: "primary",
  reject: "secondary",
  no_show: "secondary",
  cancel: "secondary",
};

const small = "px-3 py-1.5";

/**
 * What the requestor may do with one job from its state (and, in the demo, what its worker
 * may do), each a button named for the worker. One change at a time per job: every button
 * waits while one is on its way; a refusal is shown under the buttons, on this job's row.
 */
export function JobActions({
  job,
  name,
  pool,
  simulate,
  classification,
}: {
  job: Job;
  name: string;
  pool: "private" | "public" | null;
  simulate: boolean;
  classification: string | null;
}) {
  const update = useUpdateJob();
  const act = useSimulateWorker();
  const [clicked, setClicked] = useState<string | null>(null);
  const [dialog, setDialog] = useState<"cancel" | "no_show" | null>(null);
  const [reason, setReason] = useState<CancelledReason>("decided_to_cancel");
  const reasonId = useId();
  const errorId = useId();

  const busy = update.isPending || act.isPending;
  const failed = update.isError ? update.error : act.isError ? act.error : null;
  const error = failed ? errorText(failed) : null;
  const actions = jobActions(job.state, pool);
  const rateable = canRate(job.state, pool);
  const moves = simulate && pool !== "public" ? workerMoves(job.state, classification) : [];

  const send = (key: string, body: Parameters<typeof update.mutate>[0], after?: () => void) => {
    setClicked(key);
    act.reset();
    update.mutate(body, { onSuccess: () => after?.() });
  };
  const run = (action: JobAction) => {
    if (action === "cancel" || action === "no_show") {
      update.reset();
      setDialog(action);
      return;
    }
    send(action, { id: job.id, state: JOB_ACTION_TARGET[action] });
  };
  const moveAsWorker = (action: SimulatedWorkerAction) => {
    setClicked(`worker:${action}`);
    update.reset();
    act.mutate({ id: job.id, action });
  };

  if (actions.length === 0 && !rateable && moves.length === 0) return null;

  return (
    <div className="space-y-3">
      {(actions.length > 0 || rateable) && (
        <div className="flex flex-wrap items-center gap-2">
          {actions.map((a) => (
            <Button
              key={a}
              variant={VARIANT[a]}
              className={`${small} ${a === "cancel" || a === "no_show" ? "text-red-700" : ""}`}
              aria-label={ACTION_TEXT[a].name(name)}
              aria-describedby={error ? errorId : undefined}
              title={ACTION_HINT[a]}
              busy={busy && clicked === a}
              disabled={busy}
              onClick={() => run(a)}
            >
              {ACTION_TEXT[a].text}
            </Button>
          ))}
          {rateable && (
            <Stars
              name={name}
              value={job.rating ?? null}
              approves={job.state === "completed"}
              busy={busy}
              pendingStars={busy && clicked?.startsWith("rate:") ? Number(clicked.slice(5)) : null}
              onRate={(stars) =>
                send(`rate:${stars}`, {
                  id: job.id,
                  rating: stars,
                  ...(job.state === "completed" ? { state: "approved" as const } : {}),
                })
              }
            />
          )}
        </div>
      )}

      {moves.length > 0 && (
        <fieldset className="rounded-lg border border-dashed border-amber-300 bg-amber-50/60 px-3 pt-1 pb-3">
          <legend className="px-1 text-xs font-semibold text-amber-900">
            Demo: act as the worker
          </legend>
          <div className="flex flex-wrap gap-2">
            {moves.map((m) => (
              <button
                key={m}
                type="button"
                aria-label={WORKER_TEXT[m].name(name)}
                aria-describedby={error ? errorId : undefined}
                disabled={busy}
                aria-busy={(busy && clicked === `worker:${m}`) || undefined}
                onClick={() => moveAsWorker(m)}
                className="inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1 text-xs font-semibold text-amber-950 shadow-sm ring-1 ring-amber-300 ring-inset hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed disabled:text-amber-800/70"
              >
                {busy && clicked === `worker:${m}` ? (
                  <Spinner className="size-3" />
                ) : (
                  <span aria-hidden="true">▶</span>
                )}
                {WORKER_TEXT[m].text}
              </button>
            ))}
          </div>
        </fieldset>
      )}

      {error && dialog === null && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}

      <ConfirmDialog
        open={dialog === "cancel"}
        title={`Cancel ${name}'s job?`}
        confirmLabel="Yes, cancel the job"
        keepLabel="Keep the job"
        busy={update.isPending}
        error={dialog === "cancel" ? error : null}
        onConfirm={() =>
          send("cancel", { id: job.id, state: "cancelled", cancelled_reason: reason }, () =>
            setDialog(null),
          )
        }
        onClose={() => setDialog(null)}
      >
        <p>{name} is told the job is off, and the slot opens again.</p>
        <div>
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-800">
            Reason
          </label>
          <select
            id={reasonId}
            value={reason}
            onChange={(e) => setReason(e.target.value as CancelledReason)}
            className={`mt-1 ${inputClass(false)}`}
          >
            {(Object.keys(CANCELLED_REASON_LABELS) as CancelledReason[]).map((r) => (
              <option key={r} value={r}>
                {CANCELLED_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
      </ConfirmDialog>

      <ConfirmDialog
        open={dialog === "no_show"}
        title={`Mark ${name} as a no-show?`}
        confirmLabel="Yes, a no-show"
        keepLabel="Go back"
        busy={update.isPending}
        error={dialog === "no_show" ? error : null}
        onConfirm={() => send("no_show", { id: job.id, state: "no_show" }, () => setDialog(null))}
        onClose={() => setDialog(null)}
      >
        <p>
          The job ends as a no-show on {name}&apos;s record, and the slot opens again for someone
          else.
        </p>
      </ConfirmDialog>
    </div>
  );
}

/**
 * One to five stars. On a completed job a star approves it with that rating (the API: "approved
 * OR rated"); on an approved job it changes the rating.
 */
function Stars({
  name,
  value,
  approves,
  busy,
  pendingStars,
  onRate,
}: {
  name: string;
  value: number | null;
  approves: boolean;
  busy: boolean;
  pendingStars: number | null;
  onRate: (stars: number) => void;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? pendingStars ?? value ?? 0;
  return (
    <div className="flex items-center gap-1.5">
      <span className="text-xs text-slate-600">
        {approves ? "or rate:" : value ? "Rating:" : "Rate:"}
      </span>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset */}
      <div
        role="group"
        aria-label={`Rating for ${name}${approves ? " (approves the job)" : ""}`}
        className="flex"
        onMouseLeave={() => setHover(null)}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            aria-label={`${n} ${n === 1 ? "star" : "stars"} for ${name}`}
            aria-pressed={value === n}
            disabled={busy}
            onMouseEnter={() => setHover(n)}
            onFocus={() => setHover(n)}
            onBlur={() => setHover(null)}
            onClick={() => onRate(n)}
            className="rounded p-0.5 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className={`size-5 ${n <= shown ? "fill-amber-400 text-amber-500" : "fill-slate-200 text-slate-300"}`}
              stroke="currentColor"
              strokeWidth="0.75"
            >
              <path d="M10.868 2.884c-.321-.772-1.415-.772-1.736 0l-1.83 4.401-4.753.381c-.833.067-1.171 1.107-.536 1.651l3.62 3.102-1.106 4.637c-.194.813.691 1.456 1.405 1.02L10 15.591l4.069 2.485c.713.436 1.598-.207 1.404-1.02l-1.106-4.637 3.62-3.102c.635-.544.297-1.584-.536-1.65l-4.752-.382-1.831-4.401Z" />
            </svg>
          </button>
        ))}
      </div>
    </div>
  );
}
