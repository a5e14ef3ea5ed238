"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";

export type QualifiedWorkersParams = {
  lat: number;
  lng: number;
  /** Miles. */
  distance: number;
  /** Comma-separated badge ids, "" for none. */
  badgeIds: string;
};

/**
 * How many workers a posting here would reach (ours: GET /job_requests/qualified_workers).
 * Null params (no site yet) ask nothing; the last answer stays while the next one loads.
 */
export function useQualifiedWorkers(params: QualifiedWorkersParams | null) {
  return useQuery({
    enabled: params !== null,
    queryKey: keys.qualifiedWorkers(params ?? { lat: 0, lng: 0, distance: 0, badgeIds: "" }),
    queryFn: async () => {
      const p = params!;
      const q = new URLSearchParams({
        latitude: String(p.lat),
        longitude: String(p.lng),
        distance: String(p.distance),
      });
      if (p.badgeIds) q.set("badge_ids", p.badgeIds);
      const { data } = await apiFetch<{ count: number; distance: number }>(
        `job_requests/qualified_workers?${q}`,
      );
      return data;
    },
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
