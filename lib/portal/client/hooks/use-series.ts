"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiClientError, apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { unwrap } from "@/lib/portal/client/hooks/use-jobs";
import type { JobRequest, Series, SeriesDay } from "@/lib/portal/job-types";
import { normalizeList } from "@/lib/portal/normalize";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";

/**
 * Multi-day series (issue 27). Our API answers a series with its days (`job_requests`, ours);
 * the real service answers the bare umbrella, so the days are then read with
 * GET /job_requests?multi_day_job_request_id=, and a series is posted as the reference does:
 * the umbrella, then each day in turn.
 */

export const seriesKey = (id: number) => [...keys.jobRequests, "series", id] as const;

const FINAL = ["completed", "approved", "cancelled"];

const byStart = (a: SeriesDay, b: SeriesDay) =>
  (a.start_time ?? "9").localeCompare(b.start_time ?? "9") || a.id - b.id;

function dayOf(r: JobRequest): SeriesDay {
  const held = r.cached_job_states ?? {};
  const filled = ["filled", "in_progress", "paused", "completed", "approved"].reduce(
    (n, s) => n + (held[s] ?? 0),
    0,
  );
  return {
    id: r.id,
    request_name: r.request_name,
    start_time: r.start_time,
    timezone: r.timezone,
    state: r.state,
    slots: r.slots,
    filled,
  };
}

async function readSeries(id: number): Promise<Series & { job_requests: SeriesDay[] }> {
  const series = unwrap<Series>(
    "multi_day_job_request",
    (await apiFetch(`multi_day_job_requests/${id}`)).data,
  );
  if (Array.isArray(series.job_requests)) {
    return { ...series, job_requests: [...series.job_requests].sort(byStart) };
  }
  const { data } = await apiFetch<unknown>(
    `job_requests?multi_day_job_request_id=${id}&per=${MAX_PAGE_SIZE}`,
  );
  const page = normalizeList<JobRequest>("job_requests", data, 1, MAX_PAGE_SIZE);
  const days = page.items
    .filter((r) => r.multi_day_job_request_id === id)
    .map(dayOf)
    .sort(byStart);
  return { ...series, job_requests: days };
}

/** A series and its days, in day order; disabled for a posting outside any series. */
export function useSeries(id: number | null | undefined) {
  return useQuery({
    queryKey: seriesKey(id ?? 0),
    queryFn: () => readSeries(id!),
    enabled: typeof id === "number" && id > 0,
  });
}

export type SeriesRules = {
  repeat_type: "daily" | "weekly";
  repeat_number: number;
  same_workers: boolean;
};

/** A day's start: the first day's local date moved by whole days, the clock unchanged. */
export function dayStart(startTime: string, step: number, k: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(.*)$/.exec(startTime);
  if (!m) return startTime;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + k * step));
  return `${d.toISOString().slice(0, 10)}${m[4]}`;
}

/** Raised when the umbrella exists but not every day could be posted (the real service). */
export class PartialSeriesError extends Error {
  constructor(
    message: string,
    readonly seriesId: number,
    readonly postedIds: number[],
    readonly reason: unknown,
  ) {
    super(message);
    this.name = "PartialSeriesError";
  }
}

/**
 * Posts a series in one call (our API: the umbrella with `job_request`, one transaction). An
 * upstream that ignores `job_request` answers the bare umbrella: each day is then posted in
 * turn, pointing at it, and a day refused stops the rest and says plainly what was posted.
 */
export function useCreateSeries() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ rules, body }: { rules: SeriesRules; body: Record<string, unknown> }) =>
      postSeries(apiFetch, rules, body),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.jobRequests }),
  });
}

type Send = (path: string, init: { method: "POST"; json: unknown }) => Promise<{ data: unknown }>;

/** The series' writes, given how to send them (so the fallback is tested without a server). */
export async function postSeries(
  send: Send,
  rules: SeriesRules,
  body: Record<string, unknown>,
): Promise<{ seriesId: number; firstId: number }> {
  const series = unwrap<Series>(
    "multi_day_job_request",
    (
      await send("multi_day_job_requests", {
        method: "POST",
        json: { multi_day_job_request: rules, job_request: body },
      })
    ).data,
  );
  const ids = series.job_request_ids ?? [];
  if (ids.length >= rules.repeat_number) return { seriesId: series.id, firstId: ids[0]! };
  const step = rules.repeat_type === "weekly" ? 7 : 1;
  const start = typeof body.start_time === "string" ? body.start_time : "";
  const posted: number[] = [];
  for (let k = 0; k < rules.repeat_number; k++) {
    try {
      const day = unwrap<JobRequest>(
        "job_request",
        (
          await send("job_requests", {
            method: "POST",
            json: {
              job_request: {
                ...body,
                start_time: dayStart(start, step, k),
                multi_day: true,
                multi_day_job_request_id: series.id,
              },
            },
          })
        ).data,
      );
      posted.push(day.id);
    } catch (err) {
      if (k === 0) throw err;
      const why = err instanceof ApiClientError ? err.message : "the service did not answer";
      throw new PartialSeriesError(
        `Posted ${posted.length} of ${rules.repeat_number} days; day ${k + 1} was refused (${why}), so the days after it were not posted.`,
        series.id,
        posted,
        err,
      );
    }
  }
  return { seriesId: series.id, firstId: posted[0]! };
}

/**
 * "Cancel this and following days": our API's one call; an upstream without it gets each day
 * cancelled in turn (PATCH state cancelled), from that day on, skipping days already over.
 */
export function useCancelFollowing(seriesId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ from, days }: { from: number; days: SeriesDay[] }) => {
      try {
        await apiFetch(`multi_day_job_requests/${seriesId}/cancel`, {
          method: "POST",
          json: { from_job_request_id: from },
        });
        return;
      } catch (e) {
        if (!(e instanceof ApiClientError && (e.status === 404 || e.status === 405))) throw e;
      }
      const at = days.findIndex((d) => d.id === from);
      for (const d of days.slice(at)) {
        if (FINAL.includes(d.state) || d.state === "in_progress") continue;
        await apiFetch(`job_requests/${d.id}`, {
          method: "PATCH",
          json: { job_request: { state: "cancelled" } },
        });
      }
    },
    onSettled: () => {
      qc.invalidateQueries({ queryKey: keys.jobRequests });
      qc.invalidateQueries({ queryKey: keys.jobs });
    },
  });
}
