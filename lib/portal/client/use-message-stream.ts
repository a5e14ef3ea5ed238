"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { keys } from "@/lib/portal/client/hooks/query-keys";

/** The first wait before a stream that failed outright (not a dropped one) is opened again. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

/** `data` of an event: ids only (docs/messages.md); the page reads the rest through the API. */
function jobIdOf(data: string): number | null {
  try {
    const parsed: unknown = JSON.parse(data);
    const id =
      typeof parsed === "object" && parsed !== null
        ? (parsed as { job_id?: unknown }).job_id
        : undefined;
    return typeof id === "number" && Number.isInteger(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * Follows the company's messages (or one job request's) through the portal's push channel,
 * /api/live/messages (Server-Sent Events from our API): an event says which job's conversation
 * changed, and that conversation and the unread counts are read again. Nothing is asked while
 * nothing happens. A stream that drops is reopened by the browser; one that could not be opened
 * (the session ended, too many open) or that the API ended (`event: end`: the token expired) is
 * tried again later, each wait longer. Each time the stream opens (the first time too) the
 * conversations and counts are read again: events may have been missed before it listened.
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

    const changed = (e: MessageEvent<string>) => {
      const jobId = jobIdOf(e.data);
      if (jobId === null) qc.invalidateQueries({ queryKey: keys.messages });
      else qc.invalidateQueries({ queryKey: keys.thread(jobId) });
      qc.invalidateQueries({ queryKey: keys.unreadAll });
    };
    const open = () => {
      if (stopped) return;
      const s = new EventSource(url);
      source = s;
      // What the page read before the stream was listening (its first load, or before a gap)
      // may have changed in between: read it again once the stream is open.
      s.addEventListener("open", () => {
        wait = RETRY_FIRST_MS;
        qc.invalidateQueries({ queryKey: keys.messages });
      });
      const later = () => {
        s.close();
        timer = setTimeout(open, wait);
        wait = Math.min(wait * 2, RETRY_MAX_MS);
      };
      s.addEventListener("message", changed);
      s.addEventListener("read", changed);
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
      source?.close();
    };
  }, [enabled, jobRequestId, qc]);
}
