"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useResendInvitation } from "@/lib/portal/client/hooks/use-invitation";
import type { Worker } from "@/lib/portal/types";

/**
 * "Resend invitation" for a worker who has not accepted: says at once what happened (sent to
 * whom, or why not: accepted meanwhile, too many resends, offline), in a live region.
 */
export function ResendInvitation({ worker }: { worker: Worker }) {
  const resend = useResendInvitation(worker.id);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  if (worker.invitation_status !== "invited" && worker.invitation_status !== "expired") {
    return null;
  }
  const send = () => {
    setSaid(null);
    resend.mutate(undefined, {
      onSuccess: () => setSaid({ ok: true, text: `New invitation sent to ${worker.email}.` }),
      onError: (e) =>
        setSaid({
          ok: false,
          text:
            e instanceof ApiClientError && e.fields?.invitation
              ? `Not sent: the invitation ${e.fields.invitation[0]}.`
              : `Not sent: ${e.message}`,
        }),
    });
  };
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-xs"
        onClick={send}
        busy={resend.isPending}
      >
        Resend invitation
      </Button>
      <p
        aria-live="polite"
        className={`text-xs ${said?.ok ? "text-emerald-700" : "text-rose-700"}`}
      >
        {said?.text}
      </p>
    </div>
  );
}
