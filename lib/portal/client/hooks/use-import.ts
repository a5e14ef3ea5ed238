"use client";

import { useQueryClient } from "@tanstack/react-query";
import type { CountryCode } from "libphonenumber-js";
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import type { ImportField, ParsedCsv, RowCheck } from "@/lib/bulk/csv-import";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import type { PoolCheck } from "@/lib/portal/client/import-precheck";
import {
  getImportRun,
  type ImportRunState,
  retryRows,
  startImport,
  subscribeImportRun,
} from "@/lib/portal/client/import-run";

/** Rows validated between two yields to the browser: a few milliseconds of work. */
const SLICE = 250;

type Scheduler = { yield?: () => Promise<void> };

/** Lets the browser paint and handle input before the next slice. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

export type RowChecks =
  | { state: "idle" }
  | { state: "checking"; step: "badges" | "rows"; checked: number; total: number }
  | { state: "failed"; message: string }
  | {
      state: "done";
      checks: RowCheck[];
      total: number;
      ms: number;
      /** The look-up of e-mails in the pool: going on (the rows are shown meanwhile), or done. */
      pool: { state: "looking"; checked: number; of: number } | ({ state: "done" } & PoolCheck);
    };

/**
 * Every row checked against the invite schema, for duplicates inside the file and for badge
 * names the company has none of, in slices with a yield between them, so a 5,000-row file never
 * freezes the page. Then the rows are shown, and meanwhile the first ready rows' e-mails are
 * looked up in the pool (bounded: see import-precheck.ts); those another worker holds become
 * errors when it ends. The look-up never holds the user up: a clash it has not reached is the
 * same error on the row when sent. Starts again when the file, the column mapping or the default country
 * changes.
 */
export function useRowChecks(
  parsed: ParsedCsv | null,
  mapping: readonly (ImportField | null)[],
  defaultCountry: CountryCode,
  enabled: boolean,
): RowChecks {
  const [result, setResult] = useState<RowChecks>({ state: "idle" });
  useEffect(() => {
    if (!parsed || !enabled) return;
    let stopped = false;
    const total = parsed.records.length;
    (async () => {
      const started = performance.now();
      // The checks load with the file (the source step read it with them), not with the page.
      const [
        { badgeIndex, checkRows, newDuplicateIndex, withEmailClashes },
        { checkPool, loadBadgeCatalogue },
      ] = await Promise.all([
        import("@/lib/bulk/csv-import"),
        import("@/lib/portal/client/import-precheck"),
      ]);
      if (stopped) return;
      let badges = badgeIndex([]);
      if (mapping.includes("badges")) {
        setResult({ state: "checking", step: "badges", checked: 0, total });
        try {
          badges = badgeIndex(await loadBadgeCatalogue());
        } catch (err) {
          if (!stopped)
            setResult({
              state: "failed",
              message: `Your company’s badges could not be loaded to read the badge column (${(err as Error).message}). Try again, or leave that column out.`,
            });
          return;
        }
      }
      setResult({ state: "checking", step: "rows", checked: 0, total });
      const seen = newDuplicateIndex();
      const checks: RowCheck[] = [];
      for (let from = 0; from < total; from += SLICE) {
        await yieldToBrowser();
        if (stopped) return;
        for (const c of checkRows(parsed, mapping, {
          defaultCountry,
          seen,
          badges,
          from,
          to: from + SLICE,
        }))
          checks.push(c);
        setResult({ state: "checking", step: "rows", checked: checks.length, total });
      }
      if (stopped) return;
      const ms = Math.round(performance.now() - started);
      const shown = { state: "done", checks, total, ms } as const;
      setResult({ ...shown, pool: { state: "looking", checked: 0, of: 0 } });
      let last = 0;
      const pool = await checkPool(checks, {
        shouldStop: () => stopped,
        onProgress: (checked, of) => {
          // One redraw a second, not one per answer.
          if (stopped || (checked < of && performance.now() - last < 1_000)) return;
          last = performance.now();
          setResult({ ...shown, pool: { state: "looking", checked, of } });
        },
      });
      if (!stopped)
        setResult({
          ...shown,
          checks: withEmailClashes(checks, pool.clashes),
          pool: { state: "done", ...pool },
        });
    })();
    return () => {
      stopped = true;
    };
  }, [parsed, mapping, defaultCountry, enabled]);
  return enabled ? result : { state: "idle" };
}

/** The import sending (or sent) in this tab; null when there is none. */
export function useImportRun(): ImportRunState | null {
  return useSyncExternalStore(subscribeImportRun, getImportRun, () => null);
}

/**
 * Starting and retrying an import. When a pass ends, the lists it changed are refetched: the
 * workers, and the outbox and deliveries (every invitation queues an e-mail and an event).
 */
export function useImportActions() {
  const qc = useQueryClient();
  const settled = useCallback(() => {
    void qc.invalidateQueries({ queryKey: [...keys.workers, "list"] });
    void qc.invalidateQueries({ queryKey: keys.mails });
    void qc.invalidateQueries({ queryKey: keys.deliveries });
  }, [qc]);
  const start = useCallback(
    (fileName: string, checks: readonly RowCheck[]) => startImport(fileName, checks, settled),
    [settled],
  );
  const retry = useCallback((rows: readonly RowCheck[]) => retryRows(rows, settled), [settled]);
  return { start, retry };
}
