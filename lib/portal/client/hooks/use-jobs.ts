"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/lib/portal/client/fetcher";
import {
  type JobRequestListParams,
  type JobRequestRangeParams,
  keys,
} from "@/lib/portal/client/hooks/query-keys";
import type {
  CandidatePage,
  Job,
  JobRequest,
  RequestorJobState,
  SimulatedWorkerAction,
} from "@/lib/portal/job-types";
import { normalizeList } from "@/lib/portal/normalize";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** `{"job_request": {...}}` (the reference's wrapping) or the bare object (older answers). */
export function unwrap<T>(key: string, body: unknown): T {
  return (isObject(body) && isObject(body[key]) ? body[key] : body) as T;
}

function listQuery(p: JobRequestListParams): string {
  const q = new URLSearchParams({ page: String(p.page), per: String(p.per) });
  for (const k of ["state", "category", "classification", "zip"] as const) {
    const v = p[k];
    if (v) q.set(k, v);
  }
  if (p.employer_id !== undefined) q.set("employer_id", String(p.employer_id));
  return q.toString();
}

export function useJobRequests(params: JobRequestListParams) {
  return useQuery({
    queryKey: keys.jobRequestList(params),
    queryFn: async () => {
      const { data } = await apiFetch<unknown>(`job_requests?${listQuery(params)}`);
      return normalizeList<JobRequest>("job_requests", data, params.page, params.per);
    },
    placeholderData: keepPreviousData,
  });
}

export function useJobRequest(id: number) {
  return useQuery({
    queryKey: keys.jobRequest(id),
    queryFn: async () =>
      unwrap<JobRequest>("job_request", (await apiFetch(`job_requests/${id}`)).data),
  });
}

/** The company's job categories (ours: GET /job_requests/categories). Null when the upstream lacks the list. */
export function useJobCategories(enabled = true) {
  return useQuery({
    enabled,
    queryKey: keys.categories,
    queryFn: async (): Promise<string[] | null> => {
      try {
        const { data } = await apiFetch<unknown>("job_requests/categories");
        const list = isObject(data) && Array.isArray(data.categories) ? data.categories : null;
        return list ? list.filter((c): c is string => typeof c === "string") : null;
      } catch (e) {
        if (e instanceof ApiClientError && (e.status === 404 || e.status === 405)) return null;
        throw e;
      }
    },
    staleTime: 5 * 60_000,
  });
}

function afterRequestChange(qc: ReturnType<typeof useQueryClient>, request: JobRequest) {
  qc.setQueryData(keys.jobRequest(request.id), request);
  qc.invalidateQueries({ queryKey: [...keys.jobRequests, "list"] });
  // A day of a series: the series' strip shows its state.
  qc.invalidateQueries({ queryKey: [...keys.jobRequests, "series"] });
  qc.invalidateQueries({ queryKey: [...keys.jobRequests, "candidates", request.id] });
  qc.invalidateQueries({ queryKey: keys.jobs });
  // Posting e-mails the top candidates and queues job_request.* events.
  qc.invalidateQueries({ queryKey: keys.mails });
  qc.invalidateQueries({ queryKey: keys.deliveries });
}

export function useCreateJobRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      unwrap<JobRequest>(
        "job_request",
        (await apiFetch("job_requests", { method: "POST", json: { job_request: body } })).data,
      ),
    onSuccess: (request) => afterRequestChange(qc, request),
  });
}

export function useUpdateJobRequest(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      unwrap<JobRequest>(
        "job_request",
        (await apiFetch(`job_requests/${id}`, { method: "PATCH", json: { job_request: body } }))
          .data,
      ),
    onSuccess: (request) => afterRequestChange(qc, request),
  });
}

/** Every job of a request (slots are at most 500: ten pages at the most). */
export function useJobsOfRequest(jobRequestId: number, opts: { refetchInterval?: number } = {}) {
  return useQuery({
    queryKey: keys.jobsOfRequest(jobRequestId),
    queryFn: () => allJobs(`job_request_id=${jobRequestId}`),
    refetchInterval: opts.refetchInterval,
  });
}

/** The worker's jobs, newest first (ours: the worker_id filter; the first page is enough). */
export function useJobsOfWorker(workerId: number) {
  return useQuery({
    queryKey: keys.jobsOfWorker(workerId),
    queryFn: async () => {
      const { data } = await apiFetch<unknown>(`jobs?worker_id=${workerId}&per=${MAX_PAGE_SIZE}`);
      const page = normalizeList<Job>("jobs", data, 1, MAX_PAGE_SIZE);
      // An upstream that ignores the filter answers every job: keep only this worker's.
      return page.items.filter((j) => (j.worker?.id ?? j.user_id) === workerId);
    },
  });
}

async function allJobs(filter: string): Promise<Job[]> {
  const out: Job[] = [];
  for (let page = 1; page <= 20; page++) {
    const { data } = await apiFetch<unknown>(`jobs?${filter}&per=${MAX_PAGE_SIZE}&page=${page}`);
    const p = normalizeList<Job>("jobs", data, page, MAX_PAGE_SIZE);
    out.push(...p.items);
    if (!p.hasMore) break;
  }
  return out;
}

/**
 * The ranked candidates (ours). `null` when the upstream has no ranking (the real service):
 * the page then hides the panel.
 */
export function useCandidates(jobRequestId: number, page: number, enabled = true) {
  return useQuery({
    queryKey: keys.candidates(jobRequestId, page),
    queryFn: async (): Promise<CandidatePage | null> => {
      try {
        const { data } = await apiFetch<CandidatePage>(
          `job_requests/${jobRequestId}/candidates?page=${page}&per=25`,
        );
        return isObject(data) && Array.isArray(data.candidates) ? data : null;
      } catch (e) {
        // No such route upstream (the request itself was found by the page already).
        if (e instanceof ApiClientError && (e.status === 404 || e.status === 405)) return null;
        throw e;
      }
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

function afterJobChange(qc: ReturnType<typeof useQueryClient>, job: Job) {
  qc.invalidateQueries({ queryKey: keys.jobs });
  qc.invalidateQueries({ queryKey: keys.jobRequest(job.job_request_id) });
  qc.invalidateQueries({ queryKey: [...keys.jobRequests, "list"] });
  // A same-workers series hires onto every remaining day: each day's fill may have moved.
  qc.invalidateQueries({ queryKey: [...keys.jobRequests, "series"] });
  qc.invalidateQueries({ queryKey: [...keys.jobRequests, "detail"] });
  qc.invalidateQueries({ queryKey: [...keys.jobRequests, "candidates", job.job_request_id] });
  qc.invalidateQueries({ queryKey: keys.mails });
  qc.invalidateQueries({ queryKey: keys.deliveries });
}

/** Hire: POST /jobs/assign. A second hire of the same worker is refused by the database (409). */
export function useAssignJob(jobRequestId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: { worker_id: number; requestor_notes?: string | null }) =>
      unwrap<Job>(
        "job",
        (
          await apiFetch("jobs/assign", {
            method: "POST",
            json: { job: { ...body, job_request_id: jobRequestId } },
          })
        ).data,
      ),
    onSuccess: (job) => afterJobChange(qc, job),
    // A refusal (taken, full) also means what the page shows is stale.
    onError: () => {
      qc.invalidateQueries({ queryKey: keys.jobsOfRequest(jobRequestId) });
      qc.invalidateQueries({ queryKey: keys.jobRequest(jobRequestId) });
      qc.invalidateQueries({ queryKey: [...keys.jobRequests, "candidates", jobRequestId] });
    },
  });
}

export function useUpdateJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      ...body
    }: {
      id: number;
      state?: RequestorJobState;
      cancelled_reason?: string | null;
      rating?: number | null;
      requestor_notes?: string | null;
    }) =>
      unwrap<Job>(
        "job",
        (await apiFetch(`jobs/${id}`, { method: "PATCH", json: { job: body } })).data,
      ),
    onSuccess: (job) => afterJobChange(qc, job),
  });
}

/** The demo's stand-in for the worker's app (ours, test environment of our API only). */
export function useSimulateWorker() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: SimulatedWorkerAction }) =>
      unwrap<Job>(
        "job",
        (await apiFetch(`jobs/${id}/simulate`, { method: "POST", json: { action } })).data,
      ),
    onSuccess: (job) => afterJobChange(qc, job),
  });
}

/** Pages the calendar reads at most: 4 × MAX_PAGE_SIZE postings in one week or month. */
export const RANGE_PAGE_LIMIT = 4;

export type JobRequestRange = {
  items: JobRequest[];
  /** How many postings the window holds (ours); null when the upstream cannot say. */
  total: number | null;
  /** False when postings may be missing: past the page limit, or read without the filter. */
  complete: boolean;
};

/**
 * The postings that start in a window, earliest first. Ours filters and sorts by start in the
 * database (start_after, start_before, sort=start_time): up to RANGE_PAGE_LIMIT pages, the
 * first telling the total. The real service has no such filter: its newest-changed
 * RANGE_PAGE_LIMIT pages are read and those in the window kept — possibly not all of them.
 * `get` is the fetcher (a parameter, so the paging is tested without a server).
 */
export async function readJobRequestRange(
  get: (path: string) => Promise<{ data: unknown }>,
  params: JobRequestRangeParams,
): Promise<JobRequestRange> {
  const { byStart, start_after, start_before, ...filters } = params;
  const read = async (page: number) => {
    const q = new URLSearchParams({ page: String(page), per: String(MAX_PAGE_SIZE) });
    if (byStart) {
      q.set("start_after", start_after);
      q.set("start_before", start_before);
      q.set("sort", "start_time");
    }
    for (const [k, v] of Object.entries(filters)) if (v !== undefined) q.set(k, String(v));
    const { data } = await get(`job_requests?${q}`);
    return normalizeList<JobRequest>("job_requests", data, page, MAX_PAGE_SIZE);
  };
  if (byStart) {
    const first = await read(1);
    const total = first.total ?? first.items.length;
    const pages = Math.min(Math.ceil(total / MAX_PAGE_SIZE), RANGE_PAGE_LIMIT);
    const rest = await Promise.all(
      Array.from({ length: Math.max(0, pages - 1) }, (_, i) => read(i + 2)),
    );
    const items = [first, ...rest].flatMap((p) => p.items);
    return { items, total, complete: items.length >= total };
  }
  const from = Date.parse(start_after);
  const to = Date.parse(start_before);
  const seen = new Map<number, JobRequest>();
  let complete = false;
  for (let page = 1; page <= RANGE_PAGE_LIMIT && !complete; page++) {
    const p = await read(page);
    for (const r of p.items) {
      const t = r.start_time ? Date.parse(r.start_time) : Number.NaN;
      if (t >= from && t < to) seen.set(r.id, r);
    }
    // Every page read: nothing can be missing.
    complete = !p.hasMore;
  }
  const items = [...seen.values()].sort(
    (a, b) => Date.parse(a.start_time!) - Date.parse(b.start_time!) || a.id - b.id,
  );
  return { items, total: complete ? items.length : null, complete };
}

export function useJobRequestRange(params: JobRequestRangeParams | null) {
  return useQuery({
    // Null until the page knows which days it shows (the viewer's today is the browser's).
    enabled: params !== null,
    queryKey: params ? keys.jobRequestRange(params) : ["job_requests", "range", null],
    queryFn: () => readJobRequestRange((path) => apiFetch<unknown>(path), params!),
    placeholderData: keepPreviousData,
  });
}
