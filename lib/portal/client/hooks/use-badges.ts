"use client";

import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { normalizeList } from "@/lib/portal/normalize";
import type { Badge, ListPage } from "@/lib/portal/types";
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

type BadgeLists = ListPage<Badge>;

/** Every cached badge list, changed in place: the page shows the change before the refetch. */
function patchLists(qc: QueryClient, change: (items: Badge[]) => Badge[]) {
  qc.setQueriesData<BadgeLists>({ queryKey: keys.badges }, (page) =>
    page && Array.isArray(page.items) ? { ...page, items: change(page.items) } : page,
  );
}

/** Rename a badge (PATCH /badges/:id, our API's addition). */
export function useRenameBadge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: number; name: string }) =>
      (await apiFetch<Badge>(`badges/${id}`, { method: "PATCH", json: { name } })).data,
    onSuccess: (_badge, { id, name }) => {
      patchLists(qc, (items) => items.map((b) => (b.id === id ? { ...b, name } : b)));
      // Worker pages name their badges from the badge lists: those refresh with them.
      return qc.invalidateQueries({ queryKey: keys.badges });
    },
  });
}

/**
 * Delete a badge, taking it from the workers who hold it (DELETE /badges/:id with our API's
 * `remove_from_workers=true`, one transaction on the server). Their pages change too.
 */
export function useDeleteBadge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiFetch<null>(`badges/${id}?remove_from_workers=true`, { method: "DELETE" });
    },
    onSuccess: (_data, id) => {
      patchLists(qc, (items) => items.filter((b) => b.id !== id));
      return Promise.all([
        qc.invalidateQueries({ queryKey: keys.badges }),
        qc.invalidateQueries({ queryKey: keys.workers }),
      ]);
    },
  });
}
