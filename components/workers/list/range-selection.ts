/**
 * Shift-click selection, as in a mail client: the checkboxes from the last one clicked (the
 * anchor) to the one shift-clicked all take the clicked one's new state.
 */

/** The ids from `anchor` to `target` inclusive, in list order; just `target` without an anchor on the page. */
export function rangeOf(ids: readonly number[], anchor: number | null, target: number): number[] {
  const to = ids.indexOf(target);
  if (to < 0) return [];
  const from = anchor === null ? -1 : ids.indexOf(anchor);
  if (from < 0) return [target];
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  return ids.slice(lo, hi + 1);
}

/** `picked` with every worker of `range` ticked (`select`) or unticked. */
export function applyRange<T>(
  picked: ReadonlyMap<number, T>,
  range: readonly T[],
  idOf: (item: T) => number,
  select: boolean,
): Map<number, T> {
  const next = new Map(picked);
  for (const item of range) {
    if (select) next.set(idOf(item), item);
    else next.delete(idOf(item));
  }
  return next;
}
