"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";

export type HistoryBadge = { badge_id: string; name: string };

/** One change to a worker: who, when, and what (values in the API's own formats). */
export type HistoryEntry = {
  id: number;
  user_id: number;
  /** personal_data_revealed (ours): someone read the full SSN; no value. */
  kind: "invited" | "updated" | "invitation_accepted" | "personal_data_revealed";
  occurred_at: string;
  actor: {
    type: "api_key" | "worker" | "operator" | "employer";
    api_key: string | null;
    company_id: number | null;
    company_name: string | null;
    /** Ours: the teammate who made the change with their own sign-in. */
    user?: { id: number; name: string } | null;
  };
  changes: Record<string, { from: unknown; to: unknown }>;
  badges_added: HistoryBadge[];
  badges_removed: HistoryBadge[];
};

type HistoryPage = { history: HistoryEntry[]; page: number; per: number; total: number };

/** The worker's change history, newest first (saving the worker invalidates it). */
export function useWorkerHistory(id: number, per = MAX_PAGE_SIZE) {
  return useQuery({
    queryKey: keys.workerHistory(id),
    queryFn: async () => {
      const q = new URLSearchParams({ page: "1", per: String(per) });
      const { data } = await apiFetch<HistoryPage>(`users/${id}/history?${q}`);
      return { ...data, history: data.history ?? [] };
    },
  });
}
