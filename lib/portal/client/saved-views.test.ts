import { describe, expect, it } from "vitest";
import {
  currentView,
  deleteView,
  MAX_VIEW_NAME,
  MAX_VIEWS,
  parseViews,
  type SavedView,
  saveView,
  viewQuery,
} from "./saved-views";

const saved = (views: readonly SavedView[], name: string, query: string) => {
  const r = saveView(views, name, query);
  if (!r.ok) throw new Error(r.error);
  return r.views;
};

describe("saved views", () => {
  it("keeps a view without its page, parameters in a stable order", () => {
    expect(viewQuery("?sort=city&q=ann&page=3")).toBe("?q=ann&sort=city");
    expect(viewQuery("?page=2")).toBe("");
    expect(saved([], "  CA   forklift ", "?badge=4&page=2")).toEqual([
      { name: "CA forklift", query: "?badge=4" },
    ]);
  });

  it("replaces a view saved under the same name in another case, keeping its place", () => {
    let views = saved([], "Active", "?suspended=false");
    views = saved(views, "Night", "?badge=2");
    views = saved(views, "ACTIVE", "?suspended=false&sort=city");
    expect(views).toEqual([
      { name: "ACTIVE", query: "?sort=city&suspended=false" },
      { name: "Night", query: "?badge=2" },
    ]);
  });

  it.each<[string, string, string, string]>([
    ["an empty name", "   ", "?q=a", "Give the view a name."],
    ["a name too long", "x".repeat(MAX_VIEW_NAME + 1), "?q=a", "60 characters or fewer"],
    ["filters too long", "Long", `?q=${"a".repeat(1200)}`, "too long to keep"],
  ])("refuses %s", (_, name, query, error) => {
    const r = saveView([], name, query);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(error);
  });

  it(`keeps at most ${MAX_VIEWS} views, but a full list can still replace one`, () => {
    let views: SavedView[] = [];
    for (let i = 0; i < MAX_VIEWS; i++) views = saved(views, `View ${i}`, `?q=${i}`);
    const r = saveView(views, "One more", "?q=x");
    expect(r).toEqual({
      ok: false,
      error: `You can keep up to ${MAX_VIEWS} views: delete one first.`,
    });
    expect(saved(views, "view 3", "?q=new")[3]).toEqual({ name: "view 3", query: "?q=new" });
  });

  it("deletes by name, in any case", () => {
    const views = saved(saved([], "A", "?q=a"), "B", "?q=b");
    expect(deleteView(views, "a")).toEqual([{ name: "B", query: "?q=b" }]);
  });

  it("finds the view the list shows, on any page", () => {
    const views = saved(saved([], "A", "?q=a"), "B", "?sort=city&q=b");
    expect(currentView(views, "?q=b&sort=city&page=4")?.name).toBe("B");
    expect(currentView(views, "?q=c")).toBeNull();
  });

  it("reads what is stored leniently: junk, duplicates and oversize entries are dropped", () => {
    expect(parseViews(null)).toEqual([]);
    expect(parseViews("not json")).toEqual([]);
    expect(parseViews('{"name":"A"}')).toEqual([]);
    expect(
      parseViews(
        JSON.stringify([
          { name: "A", query: "?q=a" },
          { name: "a", query: "?q=dup" },
          { name: "", query: "" },
          { name: "B", query: "no question mark" },
          { name: "C", query: 3 },
          { name: "x".repeat(MAX_VIEW_NAME + 1), query: "" },
          "junk",
          { name: "D", query: "" },
        ]),
      ),
    ).toEqual([
      { name: "A", query: "?q=a" },
      { name: "D", query: "" },
    ]);
  });
});
