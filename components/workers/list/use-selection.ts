"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import type { Worker } from "@/lib/portal/types";
import { applyRange, rangeOf } from "./range-selection";

type SelectionState = {
  /** The filter the selection belongs to: a new search or filter starts a new selection. */
  filterKey: string;
  /** Picked workers, as they were listed (kept across pages of the same filter). */
  picked: ReadonlyMap<number, Worker>;
  /** Everyone matching the filter, including pages never opened. */
  allMatching: boolean;
};

const empty = (filterKey: string): SelectionState => ({
  filterKey,
  picked: new Map(),
  allMatching: false,
});

/**
 * Which workers of the list are selected. Survives paging, sorting and page size within the
 * same filter; cleared when the search or a filter changes (what was selected may no longer be
 * in the list).
 */
export function useWorkerSelection(filterKey: string, pageWorkers: readonly Worker[]) {
  const [state, setState] = useState<SelectionState>(() => empty(filterKey));
  // Adjusting state while rendering (not in an effect): no frame shows a stale selection.
  let current = state;
  if (state.filterKey !== filterKey) {
    current = empty(filterKey);
    setState(current);
  }
  const { picked, allMatching } = current;

  const isSelected = useCallback(
    (id: number) => allMatching || picked.has(id),
    [allMatching, picked],
  );

  const onPage = pageWorkers.filter((w) => picked.has(w.id)).length;
  const pageState: "none" | "some" | "all" =
    pageWorkers.length > 0 && (allMatching || onPage === pageWorkers.length)
      ? "all"
      : onPage > 0
        ? "some"
        : "none";

  // The checkbox clicked last, where a shift-click's range starts.
  const anchor = useRef<number | null>(null);
  const toggle = useCallback(
    (worker: Worker, opts: { range?: boolean } = {}) => {
      const from = opts.range ? anchor.current : null;
      anchor.current = worker.id;
      setState((s) => {
        // Unticking one of "all matching" leaves the rest of this page ticked.
        const base = s.allMatching ? new Map(pageWorkers.map((w) => [w.id, w] as const)) : s.picked;
        const ids = rangeOf(
          pageWorkers.map((w) => w.id),
          from,
          worker.id,
        );
        const range = pageWorkers.filter((w) => ids.includes(w.id));
        // The whole range takes the clicked box's new state.
        const next = applyRange(
          base,
          range.length ? range : [worker],
          (w) => w.id,
          !base.has(worker.id),
        );
        return { ...s, picked: next, allMatching: false };
      });
    },
    [pageWorkers],
  );

  const togglePage = useCallback(
    () =>
      setState((s) => {
        const next = new Map(s.allMatching ? [] : s.picked);
        const all = s.allMatching || pageWorkers.every((w) => s.picked.has(w.id));
        for (const w of pageWorkers) {
          if (all) next.delete(w.id);
          else next.set(w.id, w);
        }
        return { ...s, picked: next, allMatching: false };
      }),
    [pageWorkers],
  );

  const selectAllMatching = useCallback(() => setState((s) => ({ ...s, allMatching: true })), []);
  const clear = useCallback(() => {
    anchor.current = null;
    setState((s) => empty(s.filterKey));
  }, []);

  /**
   * Newer copies of workers (a reloaded page, the answers of a bulk change): picked ones are
   * kept as they are now, so the next bulk action starts from what they hold.
   */
  const refresh = useCallback(
    (fresh: readonly Worker[]) =>
      setState((s) => {
        const stale = fresh.filter((w) => {
          const known = s.picked.get(w.id);
          return known !== undefined && known !== w && known.updated_at !== w.updated_at;
        });
        if (stale.length === 0) return s;
        const next = new Map(s.picked);
        for (const w of stale) next.set(w.id, w);
        return { ...s, picked: next };
      }),
    [],
  );

  const pickedWorkers = useMemo(() => [...picked.values()], [picked]);

  return {
    picked: pickedWorkers,
    pickedCount: picked.size,
    allMatching,
    pageState,
    isSelected,
    toggle,
    togglePage,
    selectAllMatching,
    clear,
    refresh,
  };
}
