"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useOnline } from "@/lib/portal/client/use-online";

/**
 * A save that got no answer: the browser was offline (nothing was sent), or the connection
 * failed on the way ("unreachable": it may or may not have arrived).
 */
export type Unsent = { reason: "offline" | "unreachable"; attempts: number };

function wording(unsent: Unsent, online: boolean): { title: string; body: string } {
  if (unsent.reason === "offline" && online) {
    return {
      title: "You're back online — not saved yet",
      body: "Your changes are still only in this form. Retry to save them now.",
    };
  }
  if (unsent.reason === "offline") {
    return {
      title: unsent.attempts > 1 ? "Still offline — not saved" : "You're offline — not saved",
      body: "Nothing was sent. Your changes stay in this form, even if you reload; retry when the connection is back.",
    };
  }
  // The request left while the browser thought it was online: it may have arrived. A retry
  // still carries the version it was based on, so if it did, the conflict panel shows it.
  return {
    title: "The connection failed — the save is not confirmed",
    body: "Your changes stay in this form. Retry when your connection works; if the first try did arrive, you will see the saved version to compare.",
  };
}

/**
 * Says at once that a save did not happen and offers to send it again. Nothing is re-sent on
 * its own: when the connection comes back, this only says that retrying can work now.
 */
export function UnsentNotice({
  unsent,
  busy,
  onRetry,
  onCancel,
}: {
  unsent: Unsent;
  busy: boolean;
  onRetry: () => void;
  onCancel: () => void;
}) {
  const online = useOnline();
  const { title, body } = wording(unsent, online);
  const canWork = online || unsent.reason === "unreachable";
  return (
    <Alert tone="warning">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-64">
          <p className="font-semibold">{title}</p>
          <p className="mt-0.5">{body}</p>
        </div>
        <div className="ml-auto flex gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant={canWork ? "primary" : "secondary"} onClick={onRetry} busy={busy}>
            Retry
          </Button>
        </div>
      </div>
    </Alert>
  );
}
