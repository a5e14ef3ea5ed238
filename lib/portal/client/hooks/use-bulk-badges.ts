"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  type BadgeAction,
  type BadgeResult,
  badgePatchBody,
  classifyBadgeChange,
  type PatchAnswer,
} from "@/lib/bulk/badge-outcome";
import { type PoolControl, runPool } from "@/lib/bulk/run-pool";
import { collectWorkers } from "@/lib/portal/client/collect-workers";
import { ApiClientError, apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import type { Worker } from "@/lib/portal/types";

/** Whom a bulk change is for: workers picked in the list, or all that match a filter. */
export type BulkTarget =
  | { kind: "picked"; workers: Worker[] }
  | { kind: "matching"; filters: URLSearchParams };

export type BulkBadge = { id: string; name: string };

export type BulkRun = {
  /** collecting: paging through the filter for ids; failed: could not even collect them. */
  phase: "collecting" | "running" | "done" | "failed";
  action: BadgeAction;
  badge: BulkBadge;
  /** Workers found so far while collecting. */
  found: number;
  workers: Worker[];
  /** By the index of `workers`; undefined while not done (or never reached after a cancel). */
  results: (BadgeResult | undefined)[];
  /** By the index of `workers`: the worker as the API answered its change (for an undo). */
  after: (Worker | undefined)[];
  done: number;
  paused: boolean;
  /** Asked to stop: items already sent finish, no new ones start. */
  stopping: boolean;
  cancelled: boolean;
  error?: string;
};

/** As many at once as the API comfortably takes from one browser tab. */
const CONCURRENCY = 4;
const REDRAW_EVERY_MS = 100;
const RETRIES = 3;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One worker: PATCH /users/{id} with the badge change. Busy answers (429, 503) are tried again
 * after a pause; everything else becomes that worker's result, never an exception, so one
 * refusal does not stop the others.
 */
async function changeOne(
  action: BadgeAction,
  badgeId: string,
  worker: Worker,
  on: { sessionEnded: () => void; saved: (worker: Worker) => void },
): Promise<BadgeResult> {
  const heldBefore = worker.user_badges.some((b) => b.badge_id === badgeId);
  for (let attempt = 0; ; attempt++) {
    let answer: PatchAnswer;
    try {
      const { data } = await apiFetch<unknown>(`users/${worker.id}`, {
        method: "PATCH",
        json: badgePatchBody(action, badgeId),
      });
      answer = { ok: true, body: data };
      if (typeof data === "object" && data !== null && "id" in data) on.saved(data as Worker);
    } catch (err) {
      if (err instanceof ApiClientError) {
        if ((err.status === 429 || err.status === 503) && attempt < RETRIES) {
          await sleep(1000 * 2 ** attempt);
          continue;
        }
        if (err.status === 401) on.sessionEnded();
        answer = { ok: false, status: err.status, code: err.code, message: err.message };
      } else {
        answer = {
          ok: false,
          status: 0,
          code: "error",
          message: err instanceof Error ? err.message : "The change could not be sent.",
        };
      }
    }
    return classifyBadgeChange(action, badgeId, heldBefore, answer);
  }
}

/**
 * Adds or removes one badge for many workers: first (for "all matching") pages through the
 * filter to collect them, then runs the PATCHes through runPool with pause and cancel, keeping
 * a result per worker. Afterwards the worker queries are refreshed; the finished run is also
 * what `start` resolves to (null when it never got to sending).
 */
export function useBulkBadges({
  onSaved,
}: {
  /** The workers as the API returned them after the change (for whoever holds copies). */
  onSaved?: (workers: Worker[]) => void;
} = {}) {
  const qc = useQueryClient();
  const [run, setRun] = useState<BulkRun | null>(null);
  const control = useRef<PoolControl | null>(null);
  const stopCollecting = useRef(false);
  const results = useRef<(BadgeResult | undefined)[]>([]);
  const doneCount = useRef(0);
  const redraw = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });

  const flush = useCallback(() => {
    redraw.current = null;
    setRun((r) => r && { ...r, results: results.current.slice(), done: doneCount.current });
  }, []);
  const scheduleRedraw = useCallback(() => {
    redraw.current ??= setTimeout(flush, REDRAW_EVERY_MS);
  }, [flush]);

  useEffect(
    () => () => {
      // Leaving the page mid-run: send nothing more.
      control.current?.cancel();
      stopCollecting.current = true;
      if (redraw.current) clearTimeout(redraw.current);
    },
    [],
  );

  const start = useCallback(
    async (action: BadgeAction, badge: BulkBadge, target: BulkTarget): Promise<BulkRun | null> => {
      stopCollecting.current = false;
      results.current = [];
      doneCount.current = 0;
      const base: BulkRun = {
        phase: target.kind === "matching" ? "collecting" : "running",
        action,
        badge,
        found: 0,
        workers: target.kind === "picked" ? target.workers : [],
        results: [],
        after: [],
        done: 0,
        paused: false,
        stopping: false,
        cancelled: false,
      };
      setRun(base);

      let workers: Worker[];
      if (target.kind === "matching") {
        try {
          workers = await collectWorkers(target.filters, {
            onProgress: (found) => setRun((r) => r && { ...r, found }),
            shouldStop: () => stopCollecting.current,
          });
        } catch (err) {
          setRun(
            (r) =>
              r && {
                ...r,
                phase: "failed",
                error: err instanceof Error ? err.message : "The workers could not be listed.",
              },
          );
          return null;
        }
        if (stopCollecting.current) {
          setRun((r) => r && { ...r, phase: "done", cancelled: true, stopping: false });
          return null;
        }
      } else {
        workers = target.workers;
      }

      results.current = new Array(workers.length);
      const after: (Worker | undefined)[] = new Array(workers.length);
      setRun((r) => r && { ...r, phase: "running", workers, results: results.current.slice() });
      const pool = runPool(
        workers,
        (w, i) =>
          changeOne(action, badge.id, w, {
            sessionEnded: () => control.current?.cancel(),
            saved: (u) => {
              after[i] = u;
            },
          }),
        {
          concurrency: CONCURRENCY,
          onResult: (i, result) => {
            results.current[i] = result;
            scheduleRedraw();
          },
          onProgress: (p) => {
            doneCount.current = p.done;
            scheduleRedraw();
          },
        },
      );
      control.current = pool.control;
      const { cancelled } = await pool.done;
      control.current = null;
      if (redraw.current) clearTimeout(redraw.current);
      redraw.current = null;
      const finished: BulkRun = {
        ...base,
        phase: "done",
        found: workers.length,
        workers,
        results: results.current.slice(),
        after,
        done: doneCount.current,
        cancelled,
      };
      setRun((r) => r && finished);
      const saved = after.filter((u) => u !== undefined);
      if (saved.length > 0) onSavedRef.current?.(saved);
      // Badges show in the list, the worker pages and their history; each change also queued
      // a user.updated event.
      void qc.invalidateQueries({ queryKey: keys.workers });
      void qc.invalidateQueries({ queryKey: keys.deliveries });
      return finished;
    },
    [qc, scheduleRedraw],
  );

  const pause = useCallback(() => {
    control.current?.pause();
    setRun((r) => r && { ...r, paused: true });
  }, []);
  const resume = useCallback(() => {
    control.current?.resume();
    setRun((r) => r && { ...r, paused: false });
  }, []);
  const cancel = useCallback(() => {
    stopCollecting.current = true;
    control.current?.cancel();
    setRun((r) => r && { ...r, stopping: true, paused: false });
  }, []);
  const reset = useCallback(() => setRun(null), []);

  return { run, start, pause, resume, cancel, reset };
}
