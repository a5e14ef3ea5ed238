"use client";

import { useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/jobs/detail/confirm-dialog";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { type Teammate, useUpdateTeammate } from "@/lib/portal/client/hooks/use-team";
import { refusal } from "./refusal";
import { teammateName } from "./team-format";

/**
 * Asks before deactivating a teammate, and says what it does: they are signed out everywhere at
 * once and cannot sign in until reactivated. The last admin's refusal is shown in the dialog.
 */
export function DeactivateTeammateDialog({
  teammate,
  me,
  onClose,
  onDone,
}: {
  /** Who to deactivate; null keeps the dialog closed. */
  teammate: Teammate | null;
  me: boolean;
  onClose: () => void;
  onDone: (t: Teammate) => void;
}) {
  const update = useUpdateTeammate();
  const [error, setError] = useState<string | null>(null);
  // The last teammate asked about stays in the closing dialog instead of flashing empty.
  const [shown, setShown] = useState<Teammate | null>(teammate);
  useEffect(() => {
    if (teammate) setShown(teammate);
    setError(null);
  }, [teammate]);
  const name = shown ? teammateName(shown) : "";

  return (
    <ConfirmDialog
      open={teammate !== null}
      title={`Deactivate ${name}?`}
      confirmLabel="Deactivate"
      keepLabel="Keep active"
      busy={update.isPending}
      error={error}
      onClose={onClose}
      onConfirm={async () => {
        if (!teammate) return;
        setError(null);
        try {
          await update.mutateAsync({ id: teammate.id, change: { suspended: true } });
          onDone(teammate);
        } catch (err) {
          if (err instanceof ApiClientError && err.status === 401) return;
          setError(refusal(err, "suspended", teammateName(teammate), "Not deactivated"));
        }
      }}
    >
      <p>
        <strong className="font-semibold text-slate-900">
          {me ? "You will be signed out at once" : "Their open sessions end at once"}
        </strong>{" "}
        on every device, and they cannot sign in until an admin reactivates them.
      </p>
      <p>
        Jobs they requested and everything they changed keep their name. You can reactivate them at
        any time from this page.
      </p>
    </ConfirmDialog>
  );
}
