/**
 * Previous and next of a record within a list, as the list shows it (its filters, its order,
 * page after page). Pure: the hook (use-list-neighbors.ts) feeds it the pages it reads.
 */

/** A record as a list page holds it: its id and what to call it ("Ada Lovelace"). */
export type NeighborItem = { id: number; label: string };

/** A page of a list, reduced to what previous/next needs. */
export type NeighborPage = {
  items: readonly NeighborItem[];
  hasMore: boolean;
  /** Records per page, to say "3 of 120"; the total only when the upstream gives one. */
  per: number;
  total: number | null;
};

/** A neighbor and the list page it is on (the list's memory moves there when it is opened). */
export type Neighbor = NeighborItem & { page: number };

export type Neighbors =
  | { state: "loading" }
  /** Not on the page of the list last shown (opened from elsewhere, or moved since). */
  | { state: "unlisted" }
  | {
      state: "ready";
      prev: Neighbor | null;
      next: Neighbor | null;
      /** 1-based place in the whole list. */
      position: number;
      total: number | null;
    };

/** Which other pages are needed: the one before for the first record, after for the last. */
export function adjacentPagesNeeded(
  id: number,
  page: number,
  current: NeighborPage,
): { before: boolean; after: boolean } {
  const at = current.items.findIndex((i) => i.id === id);
  if (at < 0) return { before: false, after: false };
  return {
    before: at === 0 && page > 1,
    after: at === current.items.length - 1 && current.hasMore,
  };
}

/**
 * The neighbors of `id` on `page`. `before`/`after` are the adjacent pages when they were
 * needed: undefined while they load, null when not needed.
 */
export function neighborsOf(
  id: number,
  page: number,
  current: NeighborPage | undefined,
  before: NeighborPage | null | undefined,
  after: NeighborPage | null | undefined,
): Neighbors {
  if (!current) return { state: "loading" };
  const at = current.items.findIndex((i) => i.id === id);
  if (at < 0) return { state: "unlisted" };
  const need = adjacentPagesNeeded(id, page, current);
  if ((need.before && before === undefined) || (need.after && after === undefined))
    return { state: "loading" };
  const on = (item: NeighborItem | undefined, p: number): Neighbor | null =>
    item ? { ...item, page: p } : null;
  const prev =
    at > 0
      ? on(current.items[at - 1], page)
      : need.before && before
        ? on(before.items.at(-1), page - 1)
        : null;
  const next =
    at < current.items.length - 1
      ? on(current.items[at + 1], page)
      : need.after && after
        ? on(after.items[0], page + 1)
        : null;
  return {
    state: "ready",
    prev,
    next,
    position: (page - 1) * current.per + at + 1,
    total: current.total,
  };
}
