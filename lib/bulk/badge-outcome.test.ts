import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  type BadgeAction,
  type BadgeResult,
  badgePatchBody,
  classifyBadgeChange,
  countOutcomes,
  holdsBadge,
  type PatchAnswer,
  summaryLine,
} from "./badge-outcome";
import { badgeResultsCsv } from "./badge-results-csv";

const user = (...badgeIds: string[]) => ({
  id: 1,
  user_badges: badgeIds.map((badge_id, i) => ({ id: i + 1, user_id: 1, badge_id })),
});
const ok = (body: unknown): PatchAnswer => ({ ok: true, body });
const refused = (status: number, code: string, message: string): PatchAnswer => ({
  ok: false,
  status,
  code,
  message,
});

describe("badgePatchBody", () => {
  it("adds by badge id, and removes by badge id with _destroy", () => {
    expect(badgePatchBody("add", "12")).toEqual({ user_badges_attributes: [{ badge_id: "12" }] });
    expect(badgePatchBody("remove", "12")).toEqual({
      user_badges_attributes: [{ badge_id: "12", _destroy: true }],
    });
  });
});

describe("holdsBadge", () => {
  it("reads user_badges, and says null for what is not a user", () => {
    expect(holdsBadge(user("12"), "12")).toBe(true);
    expect(holdsBadge(user("13"), "12")).toBe(false);
    expect(holdsBadge({ user_badges: [{ badge_id: 12 }] }, "12")).toBe(true);
    expect(holdsBadge(null, "12")).toBeNull();
    expect(holdsBadge({ id: 1 }, "12")).toBeNull();
  });
});

describe("classifyBadgeChange", () => {
  const cases: [string, BadgeAction, boolean, PatchAnswer, BadgeResult][] = [
    ["added", "add", false, ok(user("12")), { outcome: "added" }],
    [
      "already held: the API's duplicate refusal",
      "add",
      true,
      refused(422, "duplicate_badge", "The worker already holds this badge"),
      { outcome: "unchanged", message: "Already held this badge" },
    ],
    [
      "already held by the time it was sent (the list was older)",
      "add",
      false,
      refused(422, "duplicate_badge", "The worker already holds this badge"),
      { outcome: "unchanged", message: "Already held this badge" },
    ],
    [
      "a 200 without the badge is not a success",
      "add",
      false,
      ok(user()),
      { outcome: "failed", message: "The API accepted the change but did not add the badge" },
    ],
    [
      "a 200 that is not a user object is taken at its word",
      "add",
      false,
      ok(null),
      { outcome: "added" },
    ],
    [
      "an unknown badge",
      "add",
      false,
      refused(422, "validation_failed", "User badges badge 9 does not exist"),
      { outcome: "failed", message: "User badges badge 9 does not exist" },
    ],
    [
      "a worker that is gone",
      "add",
      false,
      refused(404, "not_found", "User not found"),
      { outcome: "failed", message: "User not found" },
    ],
    [
      "a public-pool key",
      "remove",
      true,
      refused(403, "forbidden_for_public_pool", "Public pool keys cannot change workers"),
      { outcome: "failed", message: "Public pool keys cannot change workers" },
    ],
    [
      "no connection",
      "add",
      false,
      refused(0, "network_error", ""),
      { outcome: "failed", message: "HTTP 0" },
    ],
    ["removed", "remove", true, ok(user("13")), { outcome: "removed" }],
    [
      "not held: our API answers 200 and changes nothing",
      "remove",
      false,
      ok(user("13")),
      { outcome: "unchanged", message: "Did not hold this badge" },
    ],
    [
      "a 200 that still shows the badge is not a success",
      "remove",
      true,
      ok(user("12")),
      { outcome: "failed", message: "The API accepted the change but the badge is still there" },
    ],
    [
      "a duplicate refusal while removing is a failure (it cannot happen for a removal)",
      "remove",
      true,
      refused(422, "duplicate_badge", "dup"),
      { outcome: "failed", message: "dup" },
    ],
  ];
  it.each(cases)("%s", (_, action, heldBefore, answer, expected) => {
    expect(classifyBadgeChange(action, "12", heldBefore, answer)).toEqual(expected);
  });
});

describe("counts and summary", () => {
  const results: (BadgeResult | undefined)[] = [
    { outcome: "added" },
    { outcome: "added" },
    { outcome: "unchanged" },
    { outcome: "failed", message: "x" },
    undefined,
  ];
  it("counts each outcome, and what a cancel left undone", () => {
    expect(countOutcomes(results)).toEqual({
      added: 2,
      removed: 0,
      unchanged: 1,
      failed: 1,
      notDone: 1,
    });
    expect(countOutcomes([], 3).notDone).toBe(3);
  });
  it("says it in one line", () => {
    expect(summaryLine("add", countOutcomes(results.slice(0, 4)))).toBe(
      "2 added · 1 unchanged · 1 failed",
    );
    expect(summaryLine("add", countOutcomes(results))).toBe(
      "2 added · 1 unchanged · 1 failed · 1 not done",
    );
    expect(
      summaryLine("remove", { added: 0, removed: 1200, unchanged: 5, failed: 0, notDone: 0 }),
    ).toBe("1,200 removed · 5 unchanged · 0 failed");
  });
});

describe("badgeResultsCsv", () => {
  it("one row per worker with its result and message, cells guarded", () => {
    const csv = badgeResultsCsv([
      {
        worker: { id: 1, first_name: "Zoë", last_name: "Núñez", email: "z@example.com" },
        result: { outcome: "added" },
      },
      {
        worker: { id: 2, first_name: "=cmd", last_name: "X", email: "x@example.com" },
        result: { outcome: "failed", message: "Email is invalid, really" },
      },
      {
        worker: { id: 3, first_name: "Not", last_name: "Reached", email: "n@example.com" },
        result: undefined,
      },
    ]);
    expect(csv.startsWith("\uFEFFid,first_name,last_name,email,result,message\r\n")).toBe(true);
    const rows = Papa.parse<string[]>(csv.slice(1).trim(), { newline: "\r\n" }).data;
    expect(rows.slice(1)).toEqual([
      ["1", "Zoë", "Núñez", "z@example.com", "added", ""],
      ["2", "'=cmd", "X", "x@example.com", "failed", "Email is invalid, really"],
      ["3", "Not", "Reached", "n@example.com", "not done", ""],
    ]);
  });
});
