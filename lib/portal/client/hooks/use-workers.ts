"use client";

import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys, type WorkerListParams } from "@/lib/portal/client/hooks/query-keys";
import { normalizeList } from "@/lib/portal/normalize";
import type { Worker } from "@/lib/portal/types";

function toQuery(p: WorkerListParams): string {
  const q = new URLSearchParams();
  q.set("page", String(p.page));
  q.set("per", String(p.per));
  if (p.q) q.set("q", p.q);
  if (p.sort) q.set("sort", p.sort);
  if (p.badge_id) q.set("badge_id", p.badge_id);
  if (p.suspended) q.set("suspended", p.suspended);
  if (p.invitation_status) q.set("invitation_status", p.invitation_status);
  return q.toString();
}

/** One page of the workers list: shared by the list and the editor's previous/next links. */
export function workerListQuery(params: WorkerListParams) {
  return queryOptions({
    queryKey: keys.workerList(params),
    queryFn: async () => {
      const { data } = await apiFetch<unknown>(`users?${toQuery(params)}`);
      return normalizeList<Worker>("users", data, params.page, params.per);
    },
  });
}

export function useWorkers(params: WorkerListParams, opts: { enabled?: boolean } = {}) {
  return useQuery({
    ...workerListQuery(params),
    enabled: opts.enabled ?? true,
    // Keep the current rows on screen while the next page or search loads: no layout jump.
    placeholderData: keepPreviousData,
  });
}

export type WorkerWithEtag = { worker: Worker; etag: string | null };

export function useWorker(id: number) {
  return useQuery({
    queryKey: keys.worker(id),
    queryFn: async (): Promise<WorkerWithEtag> => {
      const { data, etag } = await apiFetch<Worker>(`users/${id}`);
      return { worker: data, etag };
    },
  });
}

export function useInviteWorker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      (await apiFetch<Worker>("users/invite", { method: "POST", json: body })).data,
    onSuccess: (worker) => {
      qc.invalidateQueries({ queryKey: [...keys.workers, "list"] });
      qc.setQueryData(keys.worker(worker.id), { worker, etag: null });
      // An invitation queues its e-mail and a user.invited event.
      qc.invalidateQueries({ queryKey: keys.mails });
      qc.invalidateQueries({ queryKey: keys.deliveries });
    },
  });
}

/**
 * PATCH with If-Match: a 412 means someone else saved first (the caller shows what changed).
 * `ifMatch: null` overwrites knowingly.
 */
export function useUpdateWorker(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      body,
      ifMatch,
    }: {
      body: Record<string, unknown>;
      ifMatch: string | null;
    }) => {
      const { data, etag } = await apiFetch<Worker>(`users/${id}`, {
        method: "PATCH",
        json: { user: body },
        ifMatch,
      });
      return { worker: data, etag } satisfies WorkerWithEtag;
    },
    onSuccess: (result) => {
      qc.setQueryData(keys.worker(id), result);
      qc.invalidateQueries({ queryKey: [...keys.workers, "list"] });
      // The save is recorded in the worker's history and queues a user.updated event.
      qc.invalidateQueries({ queryKey: keys.workerHistory(id) });
      qc.invalidateQueries({ queryKey: keys.deliveries });
    },
  });
}
