import { describe, expect, it } from "vitest";
import { parseDraft } from "./worker-draft";

describe("parseDraft", () => {
  it("keeps known fields of the right type and well-formed badge edits", () => {
    expect(
      parseDraft({
        values: { first_name: "Ada", suspended: true, not_a_field: "x", city: 42 },
        badges: { adds: [{ id: "3", name: "Forklift" }, { id: 4 }], removals: ["7", 8] },
      }),
    ).toEqual({
      values: { first_name: "Ada", suspended: true },
      badges: { adds: [{ id: "3", name: "Forklift" }], removals: ["7"] },
    });
  });

  it.each([null, undefined, "draft", 12, {}, { values: "x" }])("refuses %j", (raw) => {
    expect(parseDraft(raw)).toBeNull();
  });

  it("reads a draft without badges as no badge changes", () => {
    expect(parseDraft({ values: {} })).toEqual({ values: {}, badges: { adds: [], removals: [] } });
  });
});
