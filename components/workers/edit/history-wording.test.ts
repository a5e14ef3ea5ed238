import { describe, expect, it } from "vitest";
import type { HistoryEntry } from "@/lib/portal/client/hooks/use-worker-history";
import { actorName, summary } from "./history-wording";

const entry = (over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: 1,
  user_id: 2,
  kind: "updated",
  occurred_at: "2026-06-01T10:00:00.000Z",
  actor: { type: "api_key", api_key: "pk_test_x", company_id: 1, company_name: "Demo Co" },
  changes: {},
  badges_added: [],
  badges_removed: [],
  ...over,
});
const dana = {
  type: "employer" as const,
  api_key: null,
  company_id: 1,
  company_name: "Demo Co",
  user: { id: 9, name: "Dana Lee" },
};

describe("history wording", () => {
  it("reads 'Dana Lee changed City' when a teammate made the change", () => {
    const e = entry({ actor: dana, changes: { city: { from: "Oakland", to: "Fresno" } } });
    expect(`${actorName(e)} ${summary(e)}`).toBe("Dana Lee changed City");
  });

  it("falls back to today's wording when no person is named (key pairs, the real service)", () => {
    const e = entry({ changes: { city: { from: null, to: "Boston" } } });
    expect(actorName(e)).toBe("Demo Co");
    expect(actorName(entry({ actor: { ...e.actor, company_name: null } }))).toBe("An API client");
    expect(actorName(entry({ actor: { ...e.actor, type: "operator", user: null } }))).toBe(
      "An operator",
    );
    expect(actorName(entry({ kind: "invitation_accepted", actor: dana }))).toBe("The worker");
  });

  it.each([
    [{ city: { from: 1, to: 2 } }, "changed City"],
    [{ city: { from: 1, to: 2 }, zip: { from: 1, to: 2 } }, "changed City and ZIP code"],
    [
      { city: { from: 1, to: 2 }, zip: { from: 1, to: 2 }, phone: { from: 1, to: 2 } },
      "changed 3 fields",
    ],
  ])("names one or two fields, counts more", (changes, text) => {
    expect(summary(entry({ changes }))).toBe(text);
  });

  it("says who revealed the SSN, and never a value", () => {
    const e = entry({ kind: "personal_data_revealed", actor: dana });
    expect(`${actorName(e)} ${summary(e)}`).toBe("Dana Lee revealed the full SSN");
  });
});
