import { describe, expect, it } from "vitest";
import { nextSort, sortedColumn } from "./columns";
import { readListState } from "./list-params";
import { applyRange, rangeOf } from "./range-selection";

describe("rangeOf (shift-click)", () => {
  const ids = [10, 11, 12, 13, 14];
  it.each<[string, number | null, number, number[]]>([
    ["downwards, both ends included", 11, 13, [11, 12, 13]],
    ["upwards, in list order", 14, 12, [12, 13, 14]],
    ["on the anchor itself", 12, 12, [12]],
    ["without an anchor: the one clicked", null, 13, [13]],
    ["with an anchor no longer on the page: the one clicked", 99, 13, [13]],
    ["a target not on the page: nothing", 11, 99, []],
  ])("%s", (_, anchor, target, expected) => {
    expect(rangeOf(ids, anchor, target)).toEqual(expected);
  });
});

describe("applyRange", () => {
  const item = (id: number) => ({ id });
  it("ticks a range and keeps what was ticked elsewhere", () => {
    const picked = new Map([[1, item(1)]]);
    const next = applyRange(picked, [item(3), item(4)], (i) => i.id, true);
    expect([...next.keys()]).toEqual([1, 3, 4]);
    expect([...picked.keys()]).toEqual([1]); // not changed in place
  });
  it("unticks a range", () => {
    const picked = new Map([1, 2, 3, 4].map((i) => [i, item(i)] as const));
    const next = applyRange(picked, [item(2), item(3)], (i) => i.id, false);
    expect([...next.keys()]).toEqual([1, 4]);
  });
});

describe("column header sort", () => {
  it.each<[string, string, string | null]>([
    ["name, not sorted by it: last name A–Z", "-updated_at", "last_name"],
    ["name, sorted A–Z: Z–A", "last_name", "-last_name"],
    ["name, sorted Z–A: A–Z", "-last_name", "last_name"],
    ["email after name", "last_name", "email"],
    ["city", "-email", "city"],
    ["status, sorted active first: suspended first", "status", "-status"],
    ["phone: not sortable", "-updated_at", null],
  ])("%s", (label, sort, expected) => {
    const column = label.split(/[ ,:]/)[0] as Parameters<typeof nextSort>[1];
    expect(nextSort(sort, column)).toBe(expected);
  });

  it("says which column a sort orders by, and which way (for aria-sort)", () => {
    expect(sortedColumn("-city")).toEqual({ key: "city", dir: "descending" });
    expect(sortedColumn("first_name")).toEqual({ key: "name", dir: "ascending" });
    expect(sortedColumn("-updated_at")).toBeNull();
  });

  it("every header sort is one the list accepts from its URL", () => {
    for (const sort of [
      "last_name",
      "-last_name",
      "email",
      "-email",
      "city",
      "-city",
      "status",
      "-status",
    ]) {
      expect(readListState(new URLSearchParams({ sort })).sort).toBe(sort);
    }
  });
});
