import { describe, expect, it } from "vitest";
import { adjacentPagesNeeded, type NeighborPage, neighborsOf } from "./list-neighbors";

const page = (ids: number[], hasMore: boolean, total: number | null = null): NeighborPage => ({
  items: ids.map((id) => ({ id, label: `W${id}` })),
  hasMore,
  per: 3,
  total,
});

describe("neighborsOf", () => {
  it("inside a page: the records either side, and the place in the whole list", () => {
    expect(neighborsOf(5, 2, page([4, 5, 6], true, 8), null, null)).toEqual({
      state: "ready",
      prev: { id: 4, label: "W4", page: 2 },
      next: { id: 6, label: "W6", page: 2 },
      position: 5,
      total: 8,
    });
  });

  it("first on a page: the previous is the last of the page before", () => {
    const current = page([4, 5, 6], true, 8);
    expect(adjacentPagesNeeded(4, 2, current)).toEqual({ before: true, after: false });
    expect(neighborsOf(4, 2, current, undefined, null)).toEqual({ state: "loading" });
    const n = neighborsOf(4, 2, current, page([1, 2, 3], true, 8), null);
    expect(n).toMatchObject({ prev: { id: 3, page: 1 }, next: { id: 5, page: 2 }, position: 4 });
  });

  it("last on a page: the next is the first of the page after", () => {
    const current = page([4, 5, 6], true, 8);
    expect(adjacentPagesNeeded(6, 2, current)).toEqual({ before: false, after: true });
    const n = neighborsOf(6, 2, current, null, page([7, 8], false, 8));
    expect(n).toMatchObject({ prev: { id: 5, page: 2 }, next: { id: 7, page: 3 }, position: 6 });
  });

  it("the ends of the list: no previous before the first, no next after the last", () => {
    expect(adjacentPagesNeeded(1, 1, page([1, 2, 3], true))).toEqual({
      before: false,
      after: false,
    });
    expect(neighborsOf(1, 1, page([1, 2, 3], true), null, null)).toMatchObject({
      prev: null,
      next: { id: 2 },
    });
    expect(neighborsOf(8, 3, page([7, 8], false, 8), null, null)).toMatchObject({
      prev: { id: 7 },
      next: null,
      position: 8,
    });
  });

  it("a full last page without a total (the real service): the next page turns out empty", () => {
    const n = neighborsOf(6, 2, page([4, 5, 6], true), null, page([], false));
    expect(n).toMatchObject({ next: null, total: null });
  });

  it("a record not on the page (opened from elsewhere, or moved): unlisted", () => {
    expect(neighborsOf(42, 1, page([1, 2, 3], true), null, null)).toEqual({ state: "unlisted" });
    expect(neighborsOf(42, 1, undefined, null, null)).toEqual({ state: "loading" });
  });
});
