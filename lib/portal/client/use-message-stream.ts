"use client";

import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { keys } from "@/lib/portal/client/hooks/query-keys";

/** The first wait before a stream that failed outright (not a dropped one) is opened again. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;
/**
 * `job` events are gathered this long before the pages read again: cancelling a request with
 * forty jobs announces forty-one changes, and one refetch answers them all.
 */
export const JOB_EVENTS_DEBOUNCE_MS = 300;

/** An id of an event's `data`: ids only (docs/messages.md); the page reads the rest. */
function idOf(data: string, field: "job_id" | "job_request_id"): number | null {
  try {
    const parsed: unknown = JSON.parse(data);
    const id =
      typeof parsed === "object" && parsed !== null
        ? (parsed as Record<string, unknown>)[field]
        : undefined;
    return typeof id === "number" && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * Marks what is under `queryKey` stale and reads what is on screen again, even a query still on
 * its first answer. React Query folds a refetch into a fetch already under way when the query has
 * no data yet (a page's first load), and that answer may have been read before the change an
 * event announces: the count would stay behind until the next event. Such a first fetch is
 * dropped silently (whoever awaits it gets the new one's answer) and asked again.
 */
function readAgainNow(qc: QueryClient, queryKey: QueryKey): void {
  for (const q of qc.getQueryCache().findAll({ queryKey, fetchStatus: "fetching" })) {
    if (q.state.data === undefined) void q.cancel({ silent: true });
  }
  void qc.invalidateQueries({ queryKey });
}

/**
 * Follows the company's messages and job requests (or one job request's) through the portal's
 * push channel, /api/live/messages (Server-Sent Events from our API): a `message` or `read`
 * event says which job's conversation changed, and that conversation and the unread counts are
 * read again; a `job` event (issue 27) says a request or one of its jobs changed, and the job
 * page's request and jobs (or the list's rows) are read again, the events of 300 ms together.
 * Nothing is asked while nothing happens: a page that follows the stream does not poll. A
 * stream that drops is reopened by the browser; one that could not be opened (the session
 * ended, too many open) or that the API ended (`event: end`: the token expired) is tried again
 * later, each wait longer. Each time the stream opens (the first time too), and
 * when the API says it may have missed notices (`resync`), the conversations, counts and job
 * data are read again: events may have been missed before it listened.
 */
export function useMessageStream(jobRequestId: number | null, enabled: boolean) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const url = `/api/live/messages${jobRequestId === null ? "" : `?job_request_id=${jobRequestId}`}`;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let wait = RETRY_FIRST_MS;
    let stopped = false;
    let jobTimer: ReturnType<typeof setTimeout> | undefined;
    /** The requests `job` events named since the last refetch; null: read all again. */
    let pendingRequests: Set<number> | null = new Set();

    const changed = (e: MessageEvent<string>) => {
      const jobId = idOf(e.data, "job_id");
      if (jobId === null) readAgainNow(qc, keys.messages);
      else readAgainNow(qc, keys.thread(jobId));
      readAgainNow(qc, keys.unreadAll);
    };
    /** Reads the named requests (null: the page's) again; only queries on screen refetch. */
    const refreshJobs = (requests: Set<number> | null) => {
      const ids = requests ?? new Set(jobRequestId === null ? [] : [jobRequestId]);
      for (const id of ids) {
        readAgainNow(qc, keys.jobRequest(id));
        readAgainNow(qc, keys.jobsOfRequest(id));
      }
      // The list's rows and a series' day strip show the requests' states.
      readAgainNow(qc, [...keys.jobRequests, "list"]);
      readAgainNow(qc, [...keys.jobRequests, "series"]);
    };
    const jobChanged = (e: MessageEvent<string>) => {
      const id = idOf(e.data, "job_request_id");
      if (id === null) pendingRequests = null;
      else pendingRequests?.add(id);
      if (jobTimer !== undefined) return;
      jobTimer = setTimeout(() => {
        jobTimer = undefined;
        const requests = pendingRequests;
        pendingRequests = new Set();
        refreshJobs(requests);
      }, JOB_EVENTS_DEBOUNCE_MS);
    };
    /** Everything the page read may be stale (a first open, a gap, a missed notice). */
    const readAgain = () => {
      readAgainNow(qc, keys.messages);
      refreshJobs(null);
    };
    const open = () => {
      if (stopped) return;
      const s = new EventSource(url);
      source = s;
      // What the page read before the stream was listening (its first load, or before a gap)
      // may have changed in between: read it again once the stream is open.
      s.addEventListener("open", () => {
        wait = RETRY_FIRST_MS;
        readAgain();
      });
      const later = () => {
        s.close();
        timer = setTimeout(open, wait);
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      };
      s.addEventListener("message", changed);
      s.addEventListener("read", changed);
      s.addEventListener("job", jobChanged);
      // The API's listener reconnected: notices sent meanwhile were lost.
      s.addEventListener("resync", readAgain);
      // The API ended the stream (the token expired or was revoked): not at once again.
      s.addEventListener("end", later);
      s.addEventListener("error", () => {
        // CONNECTING: the browser reconnects by itself. CLOSED: it gave up (a refusal).
        if (s.readyState === EventSource.CLOSED) later();
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(jobTimer);
      source?.close();
    };
  }, [enabled, jobRequestId, qc]);
}
