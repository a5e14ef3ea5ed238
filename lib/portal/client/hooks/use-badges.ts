"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { normalizeList } from "@/lib/portal/normalize";
import type { Badge } from "@/lib/portal/types";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";

/** Badges whose name contains `query` (server-side search), first page. */
export function useBadges(query = "", opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: keys.badgeList(query),
    queryFn: async () => {
      const q = new URLSearchParams({ per: String(MAX_PAGE_SIZE), page: "1" });
      if (query) q.set("query", query);
      const { data } = await apiFetch<unknown>(`badges?${q}`);
      return normalizeList<Badge>("badges", data, 1, MAX_PAGE_SIZE);
    },
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

export function useCreateBadge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      name: string;
      description: string;
      info_url?: string | null;
      is_soft?: boolean;
    }) => (await apiFetch<Badge>("badges", { method: "POST", json: body })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.badges }),
  });
}
