"use client";

import { useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/jobs/detail/confirm-dialog";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useDeleteBadge } from "@/lib/portal/client/hooks/use-badges";
import type { Badge } from "@/lib/portal/types";

/** What deleting costs, said before it happens: who holds the badge, and that they lose it. */
function consequence(count: number | null): string {
  if (count === null) return "Every worker who holds it loses it.";
  if (count === 0) return "No worker holds it.";
  return count === 1
    ? "1 worker holds it and will lose it."
    : `${count.toLocaleString("en-US")} workers hold it and will lose it.`;
}

/** Asks before deleting a badge; on success the caller hears which one went. */
export function DeleteBadgeDialog({
  badge,
  onClose,
  onDeleted,
}: {
  /** The badge to delete; null keeps the dialog closed. */
  badge: Badge | null;
  onClose: () => void;
  onDeleted: (badge: Badge) => void;
}) {
  const del = useDeleteBadge();
  const [error, setError] = useState<string | null>(null);
  // The last badge asked about stays in the closing dialog instead of flashing empty.
  const [shown, setShown] = useState<Badge | null>(badge);
  useEffect(() => {
    if (badge) setShown(badge);
    setError(null);
  }, [badge]);

  const count = typeof shown?.workers_count === "number" ? shown.workers_count : null;
  return (
    <ConfirmDialog
      open={badge !== null}
      title={`Delete “${shown?.name ?? ""}”?`}
      confirmLabel="Delete badge"
      keepLabel="Keep badge"
      busy={del.isPending}
      error={error}
      onClose={onClose}
      onConfirm={async () => {
        if (!badge) return;
        setError(null);
        try {
          await del.mutateAsync(badge.id);
          onDeleted(badge);
        } catch (err) {
          if (err instanceof ApiClientError && err.code === "session_expired") return;
          setError(`Not deleted: ${err instanceof Error ? err.message : "try again in a moment."}`);
        }
      }}
    >
      <p>
        <strong className="font-semibold text-slate-900">{consequence(count)}</strong>
      </p>
      <p>
        The badge goes from the badge list, from every worker’s profile and from the badge picker.
        This cannot be undone: a badge created again with the same name is a new badge that nobody
        holds.
      </p>
    </ConfirmDialog>
  );
}
