"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import type { Home, HomeView } from "@/lib/schemas/home";

/** The home page asks again this often while the tab is visible, and whenever it regains focus. */
export const HOME_REFRESH_MS = 30_000;

/** GET /home (ours): every section of the home page, in the browser's time zone. */
export function useHome(view: HomeView, timeZone: string) {
  return useQuery({
    queryKey: keys.homeOf(view, timeZone),
    queryFn: async (): Promise<Home> => {
      const q = new URLSearchParams({ view, time_zone: timeZone });
      const { data } = await apiFetch<{ home: Home }>(`home?${q}`);
      return data.home;
    },
    placeholderData: keepPreviousData,
    refetchInterval: HOME_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

export type ApproveOutcome = { approved: number[]; failed: { id: number; message: string }[] };

/**
 * Approve completed jobs, each with PATCH /jobs/:id (the same call as the job page's Approve),
 * one after another: each goes through the state machine with its history, events and webhooks,
 * and one refused job (approved meanwhile elsewhere) does not hold back the others.
 */
export function useApproveJobs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, rating }: { ids: number[]; rating?: number }) => {
      const out: ApproveOutcome = { approved: [], failed: [] };
      for (const id of ids) {
        try {
          await apiFetch(`jobs/${id}`, {
            method: "PATCH",
            json: { job: { state: "approved", ...(rating ? { rating } : {}) } },
          });
          out.approved.push(id);
        } catch (e) {
          out.failed.push({ id, message: e instanceof Error ? e.message : String(e) });
        }
      }
      return out;
    },
    onSettled: () => {
      qc.invalidateQueries({ queryKey: keys.home });
      qc.invalidateQueries({ queryKey: keys.jobs });
      qc.invalidateQueries({ queryKey: keys.jobRequests });
    },
  });
}
