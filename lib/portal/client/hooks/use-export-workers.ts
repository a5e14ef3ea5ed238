"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { createRecordCounter, exportFileName } from "@/lib/bulk/csv-text";
import { SESSION_EXPIRED_EVENT } from "@/lib/portal/client/fetcher";
import { fileNameFrom, saveBlob } from "@/lib/portal/client/save-file";
import type { PortalError, Worker } from "@/lib/portal/types";

export type ExportState =
  | { status: "idle" }
  /** `total` is null when nobody can say (the real service has no totals): count only. */
  | { status: "running"; rows: number; total: number | null }
  | { status: "done"; rows: number; fileName: string }
  | { status: "cancelled" }
  | { status: "failed"; message: string };

/** How often the running count is drawn: often enough to move, rarely enough to stay cheap. */
const PROGRESS_EVERY_MS = 120;

/**
 * Downloads /api/export/workers for the given filters: reads the body as it streams, counting
 * rows against the total (from the response's X-Total-Count, else the list's `knownTotal`),
 * then saves the whole file at once. Cancel aborts the request, which also stops the server
 * from reading further pages.
 */
export function useExportWorkers() {
  const [state, setState] = useState<ExportState>({ status: "idle" });
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const start = useCallback(async (filters: URLSearchParams, knownTotal: number | null) => {
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setState({ status: "running", rows: 0, total: knownTotal });
    try {
      const res = await fetch(`/api/export/workers?${filters}`, {
        credentials: "same-origin",
        headers: { accept: "text/csv, application/json" },
        signal: controller.signal,
      });
      if (!res.ok) {
        const err = (await res.json().catch(() => null)) as { error?: PortalError } | null;
        if (res.status === 401) window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT));
        setState({
          status: "failed",
          message: err?.error?.message ?? `The export failed (HTTP ${res.status}).`,
        });
        return;
      }
      const header = Number(res.headers.get("x-total-count"));
      const total =
        Number.isInteger(header) && header >= 0 && res.headers.has("x-total-count")
          ? header
          : knownTotal;
      const fileName = fileNameFrom(
        res.headers.get("content-disposition"),
        exportFileName(new Date()),
      );
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      const decoder = new TextDecoder();
      const counter = createRecordCounter();
      const reader = res.body?.getReader();
      if (!reader) throw new Error("The browser cannot read the download.");
      let drawn = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value as Uint8Array<ArrayBuffer>);
        counter.push(decoder.decode(value, { stream: true }));
        const now = performance.now();
        if (now - drawn > PROGRESS_EVERY_MS) {
          drawn = now;
          // The first record is the header.
          setState({ status: "running", rows: Math.max(0, counter.records - 1), total });
        }
      }
      counter.push(decoder.decode());
      const rows = Math.max(0, counter.records - 1);
      saveBlob(new Blob(chunks, { type: "text/csv;charset=utf-8" }), fileName);
      setState({ status: "done", rows, fileName });
    } catch (err) {
      if (controller.signal.aborted) {
        setState({ status: "cancelled" });
        return;
      }
      // A page that failed on the server aborts the response: the read fails here, and
      // nothing is saved, so no half file can pass for a whole one.
      setState({
        status: "failed",
        message:
          err instanceof TypeError
            ? "The download broke off before the end, so no file was saved. Try again."
            : err instanceof Error
              ? err.message
              : "The export failed.",
      });
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  }, []);

  /**
   * The picked workers (as the list holds them, kept fresh by the list) as the same CSV the
   * export route writes, made here: they are already in the browser, and the upstream has no
   * "these ids" filter. The CSV writer (papaparse) loads only now.
   */
  const exportPicked = useCallback(
    async (
      workers: readonly Worker[],
      badgeNames: ReadonlyMap<string, string>,
      opts: { includeSensitive: boolean },
    ) => {
      abortRef.current?.abort();
      setState({ status: "running", rows: 0, total: workers.length });
      try {
        const csv = await import("@/lib/bulk/worker-csv");
        const rows = workers.map((w) =>
          csv.workerCsvRow(w as unknown as Record<string, unknown>, badgeNames, opts),
        );
        const text = csv.CSV_BOM + csv.csvLines([csv.WORKER_CSV_HEADER, ...rows]);
        const fileName = exportFileName(new Date(), "workers-selected");
        saveBlob(new Blob([text], { type: "text/csv;charset=utf-8" }), fileName);
        setState({ status: "done", rows: rows.length, fileName });
      } catch (err) {
        setState({
          status: "failed",
          message: err instanceof Error ? err.message : "The export failed.",
        });
      }
    },
    [],
  );

  const cancel = useCallback(() => abortRef.current?.abort(), []);
  const reset = useCallback(() => setState({ status: "idle" }), []);

  return { state, start, exportPicked, cancel, reset };
}
