"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useResendNotifications } from "@/lib/portal/client/hooks/use-customer";
import type { JobRequest } from "@/lib/portal/job-types";
import { errorText } from "./error-text";

const time = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit" }).format(new Date(iso));

/**
 * "Resend notifications" on a posted or unassigned request (POST
 * /job_requests/:id/resend_notifications): preferred workers who have not accepted are told
 * again first, then (posted) the best-ranked pool. The API allows it once every 10 minutes and
 * says so (429): that message shows here as it is.
 */
export function ResendNotificationsButton({
  request,
  pool,
}: {
  request: JobRequest;
  pool: "private" | "public" | null;
}) {
  const resend = useResendNotifications(request.id);
  if (pool === "public" || (request.state !== "posted" && request.state !== "unassigned")) {
    return null;
  }
  const told = resend.data?.notified?.length;
  return (
    <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
      <Button
        variant="secondary"
        onClick={() => resend.mutate()}
        busy={resend.isPending}
        disabled={resend.isPending}
        title="Tell the preferred workers who have not accepted, then the best-matching workers, again"
      >
        Resend notifications
      </Button>
      <p aria-live="polite" className="text-sm text-slate-600">
        {resend.isSuccess &&
          `${told === 0 ? "Nobody to tell right now" : `Told ${told} ${told === 1 ? "worker" : "workers"} again`}${
            resend.data.next_resend_at
              ? `. Next resend from ${time(resend.data.next_resend_at)}.`
              : "."
          }`}
      </p>
      {resend.isError && (
        <div className="sm:max-w-md">
          <Alert tone="error" title="Nothing was sent">
            {errorText(resend.error)}
          </Alert>
        </div>
      )}
    </div>
  );
}
