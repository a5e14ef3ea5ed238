"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { type HomeFromLists, readHomeFromLists } from "../home-from-lists";
import { HOME_REFRESH_MS } from "./use-home";

/**
 * The home page against the real service (no GET /home): the sections its lists give, read in
 * a bounded number of calls (home-from-lists.ts), refreshed like the full page.
 */
export function useHomeFromLists(timeZone: string | null) {
  return useQuery({
    enabled: timeZone !== null,
    queryKey: [...keys.home, "lists", timeZone] as const,
    queryFn: (): Promise<HomeFromLists> =>
      readHomeFromLists((path) => apiFetch<unknown>(path), timeZone ?? "UTC", Date.now()),
    placeholderData: keepPreviousData,
    refetchInterval: HOME_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}
