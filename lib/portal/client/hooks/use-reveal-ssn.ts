"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";

/**
 * A worker's full SSN, asked for on purpose (GET /users/:id/ssn, our API's addition): a person
 * reads only its last four digits otherwise. The API records who revealed it in the worker's
 * history, so the history is read again. The number lives in this component's state only:
 * never cached with the worker, never in a draft.
 */
export function useRevealSsn(id: number) {
  const qc = useQueryClient();
  return useMutation({
    networkMode: "always",
    gcTime: 0,
    mutationFn: async () =>
      (await apiFetch<{ ssn: string | null }>(`users/${id}/ssn`)).data.ssn ?? "",
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.workerHistory(id) }),
  });
}
