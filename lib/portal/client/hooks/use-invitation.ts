"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import type { Worker } from "@/lib/portal/types";
import type { WorkerWithEtag } from "./use-workers";

/**
 * A new invitation link for a worker who has not accepted (POST /users/:id/invitation, our
 * API's addition). The worker's data and ETag do not change, so an editor open on the worker
 * keeps its draft and can still save; only the status is refreshed.
 */
export function useResendInvitation(id: number) {
  const qc = useQueryClient();
  return useMutation({
    // Never paused and replayed later: the user pressed the button now, and is told now.
    networkMode: "always",
    mutationFn: async () =>
      (await apiFetch<Worker>(`users/${id}/invitation`, { method: "POST" })).data,
    onSuccess: (worker) => {
      qc.setQueryData<WorkerWithEtag>(keys.worker(id), (old) =>
        old
          ? { ...old, worker: { ...old.worker, invitation_status: worker.invitation_status } }
          : old,
      );
      qc.invalidateQueries({ queryKey: [...keys.workers, "list"] });
      qc.invalidateQueries({ queryKey: keys.mails });
    },
  });
}
