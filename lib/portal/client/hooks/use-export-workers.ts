"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { exportFileName } from "@/lib/bulk/csv-text";
import { loadOnce } from "@/lib/portal/client/load-once";
import { saveBlob } from "@/lib/portal/client/save-file";
import type { Worker } from "@/lib/portal/types";

const loadDownload = loadOnce(() => import("@/lib/portal/client/export-download"));

export type ExportState =
  | { status: "idle" }
  /** `total` is null when nobody can say (the real service has no totals): count only. */
  | { status: "running"; rows: number; total: number | null }
  | { status: "done"; rows: number; fileName: string }
  | { status: "cancelled" }
  | { status: "failed"; message: string };

/**
 * Exports the workers list as CSV: every worker the filters show (streamed from
 * /api/export/workers by ../export-download.ts, loaded when an export starts), or the picked
 * ones, written here.
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
      const { downloadWorkersExport } = await loadDownload();
      const outcome = await downloadWorkersExport(
        filters,
        knownTotal,
        controller.signal,
        (rows, total) => setState({ status: "running", rows, total }),
      );
      setState(outcome);
    } catch {
      // The chunk itself did not load (a dropped connection): nothing was downloaded.
      setState(
        controller.signal.aborted
          ? { status: "cancelled" }
          : { status: "failed", message: "The export could not start. Try again." },
      );
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
