"use client";

import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { unwrap } from "@/lib/portal/client/hooks/use-jobs";
import type { Message, UnreadCounts } from "@/lib/portal/message-types";
import { normalizeList } from "@/lib/portal/normalize";
import type { ListPage } from "@/lib/portal/types";

/** A page of the conversation: the API's most (50), newest first, as both upstreams list them. */
export const THREAD_PAGE = 50;

/** The real service has no push: an open conversation asks it again this often (tab visible). */
export const POLL_MS = 10_000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * One job's conversation, oldest first for reading top-down. Read newest first (every list's
 * default, the real service's too), one page of 50 at a time, so the latest messages come
 * first and "Show earlier messages" reads the next page back.
 */
export function useThread(jobId: number, opts: { enabled?: boolean; poll?: boolean } = {}) {
  const query = useInfiniteQuery({
    enabled: opts.enabled ?? true,
    queryKey: keys.thread(jobId),
    initialPageParam: 1,
    queryFn: async ({ pageParam }): Promise<ListPage<Message>> => {
      const q = new URLSearchParams({
        job_id: String(jobId),
        page: String(pageParam),
        per: String(THREAD_PAGE),
      });
      const { data } = await apiFetch<unknown>(`messages?${q}`);
      const page = normalizeList<Message>("messages", data, pageParam, THREAD_PAGE);
      // An upstream that ignores the filter answers every message: keep only this job's.
      return { ...page, items: page.items.filter((m) => m.job_id === jobId) };
    },
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    // react-query pauses the interval while the tab is hidden (refetchIntervalInBackground).
    refetchInterval: opts.poll ? POLL_MS : undefined,
  });
  return { ...query, messages: threadOf(query.data) };
}

/** The pages read so far as one conversation, oldest first, each message once. */
export function threadOf(data: InfiniteData<ListPage<Message>> | undefined): Message[] {
  const byId = new Map<number, Message>();
  for (const page of data?.pages ?? []) for (const m of page.items) byId.set(m.id, m);
  return [...byId.values()].sort(
    (a, b) =>
      (new Date(a.created_at).getTime() || 0) - (new Date(b.created_at).getTime() || 0) ||
      a.id - b.id,
  );
}

function readUnread(body: unknown): UnreadCounts | null {
  if (!isObject(body) || typeof body.total !== "number") return null;
  const counts = (v: unknown) =>
    Object.fromEntries(
      Object.entries(isObject(v) ? v : {}).filter(
        (e): e is [string, number] => typeof e[1] === "number" && e[1] > 0,
      ),
    );
  return { total: body.total, jobs: counts(body.jobs), job_requests: counts(body.job_requests) };
}

/**
 * Unread messages from workers (ours: GET /messages/unread), the company's or one job
 * request's. Null where the upstream has no such call.
 */
export function useUnread(jobRequestId: number | null, enabled = true) {
  return useQuery({
    enabled,
    queryKey: keys.unread(jobRequestId),
    queryFn: async (): Promise<UnreadCounts | null> => {
      const q = jobRequestId === null ? "" : `?job_request_id=${jobRequestId}`;
      try {
        return readUnread((await apiFetch<unknown>(`messages/unread${q}`)).data);
      } catch (e) {
        if (e instanceof ApiClientError && (e.status === 404 || e.status === 405)) return null;
        throw e;
      }
    },
  });
}

function afterMessage(qc: ReturnType<typeof useQueryClient>, jobId: number) {
  qc.invalidateQueries({ queryKey: keys.thread(jobId) });
  qc.invalidateQueries({ queryKey: keys.unreadAll });
  // The worker is e-mailed and a message.created event is queued (the events pages).
  qc.invalidateQueries({ queryKey: keys.mails });
  qc.invalidateQueries({ queryKey: keys.deliveries });
}

export type NewMessage = {
  job_id: number;
  sender_id: number;
  receiver_id: number;
  body: string;
};

/** POST /messages: an employer user writes to the job's worker. */
export function useSendMessage(jobId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (message: Omit<NewMessage, "job_id">) =>
      unwrap<Message>(
        "message",
        (
          await apiFetch("messages", {
            method: "POST",
            json: { message: { ...message, job_id: jobId } },
          })
        ).data,
      ),
    onSuccess: () => afterMessage(qc, jobId),
  });
}

/** The demo's worker answers (ours: POST /jobs/:id/simulate, action `message`, test environment). */
export function useWorkerReply(jobId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      (
        await apiFetch(`jobs/${jobId}/simulate`, {
          method: "POST",
          json: { action: "message", body },
        })
      ).data,
    onSuccess: () => afterMessage(qc, jobId),
  });
}

/**
 * Opening a conversation reads it (ours: POST /messages/mark_read sets read_at on the job's
 * unread messages from its worker, up to `upToId`, the last one shown: a message that arrives
 * while the request is on its way, or after the reader has left, stays unread). The counts
 * drop at once; the answer confirms them.
 */
export function useMarkRead(jobId: number, jobRequestId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (upToId: number) =>
      (
        await apiFetch<unknown>("messages/mark_read", {
          method: "POST",
          json: { job_id: jobId, up_to_id: upToId },
        })
      ).data,
    onMutate: () => {
      for (const [key, counts] of qc.getQueriesData<UnreadCounts | null>({
        queryKey: keys.unreadAll,
      })) {
        if (counts) qc.setQueryData(key, withoutJob(counts, jobId, jobRequestId));
      }
    },
    onSettled: () => {
      qc.invalidateQueries({ queryKey: keys.unreadAll });
      qc.invalidateQueries({ queryKey: keys.thread(jobId) });
    },
  });
}

/** The counts once a job's conversation is read (its request's count drops by as many). */
export function withoutJob(
  counts: UnreadCounts,
  jobId: number,
  jobRequestId: number,
): UnreadCounts {
  const n = counts.jobs[String(jobId)] ?? 0;
  if (n === 0) return counts;
  const jobs = { ...counts.jobs };
  delete jobs[String(jobId)];
  const requests = { ...counts.job_requests };
  const left = (requests[String(jobRequestId)] ?? 0) - n;
  if (left > 0) requests[String(jobRequestId)] = left;
  else delete requests[String(jobRequestId)];
  return { total: Math.max(0, counts.total - n), jobs, job_requests: requests };
}
