"use client";

import Link from "next/link";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass } from "@/components/ui/button";
import { useUpdateJobRequest } from "@/lib/portal/client/hooks/use-jobs";
import type { JobRequest } from "@/lib/portal/job-types";
import { ConfirmDialog } from "./confirm-dialog";
import { errorText } from "./error-text";
import { REQUEST_ACTION_TARGET, type RequestAction, requestActions } from "./job-state";

const HINTS: Record<RequestAction, string> = {
  post: "Publish it: the best-matching workers are told about it",
  unpost: "Take it off the workers' list (back to unassigned); hired workers stay",
  cancel: "Cancel the request and every job still under way",
};

/**
 * The request's own buttons (Post, Unpost, Cancel request), only those its state allows.
 * Cancelling asks first: it also cancels the jobs under way, and the workers are told.
 */
export function RequestActions({
  request,
  pool,
  activeJobs,
  seriesDay = null,
}: {
  request: JobRequest;
  pool: "private" | "public" | null;
  /** Jobs still under way, which a cancellation also cancels. */
  activeJobs: number;
  /** A day of a series ("Day 3 (Wed Dec 9)"): cancelling cancels that day only. */
  seriesDay?: string | null;
}) {
  const update = useUpdateJobRequest(request.id);
  const [pending, setPending] = useState<RequestAction | null>(null);
  const [confirming, setConfirming] = useState(false);
  const actions = requestActions(request.state, pool);
  // Any posting can be posted again, whatever its state, by whoever may post.
  const again = pool === "private";
  if (actions.length === 0 && !again) return null;

  const run = (action: RequestAction) => {
    setPending(action);
    update.mutate(
      { state: REQUEST_ACTION_TARGET[action] },
      { onSuccess: () => setConfirming(false) },
    );
  };
  const error = update.isError ? errorText(update.error) : null;

  return (
    <div className="flex flex-col items-stretch gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        {again && (
          <Link
            href={`/jobs/new?from=${request.id}`}
            className={buttonClass("secondary")}
            title="A new posting filled from this one, a week later"
          >
            Post again
          </Link>
        )}
        {actions.includes("post") && (
          <Button
            onClick={() => run("post")}
            busy={update.isPending && pending === "post"}
            disabled={update.isPending}
            title={HINTS.post}
          >
            Post
          </Button>
        )}
        {actions.includes("unpost") && (
          <Button
            variant="secondary"
            onClick={() => run("unpost")}
            busy={update.isPending && pending === "unpost"}
            disabled={update.isPending}
            title={HINTS.unpost}
          >
            Unpost
          </Button>
        )}
        {actions.includes("cancel") && (
          <Button
            variant="secondary"
            className="text-red-700"
            onClick={() => {
              update.reset();
              setConfirming(true);
            }}
            disabled={update.isPending}
            title={HINTS.cancel}
          >
            {seriesDay ? "Cancel this day" : "Cancel request"}
          </Button>
        )}
      </div>
      {error && !confirming && (
        <div className="sm:max-w-md">
          <Alert tone="error" title="The job request was not changed">
            {error}
          </Alert>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={seriesDay ? `Cancel ${seriesDay} only?` : "Cancel this job request?"}
        confirmLabel={seriesDay ? "Yes, cancel this day" : "Yes, cancel the request"}
        keepLabel={seriesDay ? "Keep the day" : "Keep the request"}
        busy={update.isPending}
        error={confirming ? error : null}
        onConfirm={() => run("cancel")}
        onClose={() => setConfirming(false)}
      >
        <p>
          Nobody more can be hired onto it
          {activeJobs > 0
            ? `, and the ${activeJobs === 1 ? "job" : `${activeJobs} jobs`} still under way ${
                activeJobs === 1 ? "is" : "are"
              } cancelled too: the ${activeJobs === 1 ? "worker is" : "workers are"} told.`
            : "."}
        </p>
        {seriesDay && <p>The other days of the series are kept.</p>}
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
