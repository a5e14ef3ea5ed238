import { describe, expect, it } from "vitest";
import type { Action } from "@/lib/schemas/permissions";
import { matchPages } from "./palette-pages";

describe("the command palette's Team page", () => {
  it("is offered only to those who hold team.write", () => {
    const admin = (a: Action) => a === "team.write";
    expect(matchPages("team").map((p) => p.href)).toEqual([]);
    expect(matchPages("team", admin).map((p) => p.href)).toEqual(["/team"]);
    expect(matchPages("roles", admin).map((p) => p.label)).toEqual(["Team"]);
    expect(matchPages("").some((p) => p.href === "/team")).toBe(false);
  });
});
