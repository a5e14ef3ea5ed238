"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { apiFetch } from "../fetcher";
import { normalizeList } from "../normalize";
import type { Badge } from "../types";
import { keys } from "./query-keys";

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
