import { describe, expect, it } from "vitest";
import type { BadgeResult } from "./badge-outcome";
import { badgeUndo } from "./badge-undo";

const BADGE = "7";
const held = (userId: number, badgeId = BADGE) => ({
  id: 100 + userId,
  user_id: userId,
  badge_id: badgeId,
  created_at: "2026-01-01T00:00:00Z",
});
const worker = (id: number, badges: string[] = []) => ({
  id,
  user_badges: badges.map((b) => held(id, b)),
});

const added: BadgeResult = { outcome: "added" };
const removed: BadgeResult = { outcome: "removed" };
const already: BadgeResult = { outcome: "unchanged", message: "Already held this badge" };
const notHeld: BadgeResult = { outcome: "unchanged", message: "Did not hold this badge" };
const failed: BadgeResult = { outcome: "failed", message: "HTTP 500" };

describe("undo of a bulk add", () => {
  it("removes the badge only from those it was added to, never from earlier holders", () => {
    const before = [worker(1), worker(2, [BADGE]), worker(3, ["9"]), worker(4), worker(5)];
    const after = [worker(1, [BADGE]), undefined, worker(3, ["9", BADGE]), undefined, undefined];
    const undo = badgeUndo("add", BADGE, before, [added, already, added, failed, undefined], after);
    expect(undo?.action).toBe("remove");
    expect(undo?.workers.map((w) => w.id)).toEqual([1, 3]);
    // As the API answered: they hold it now, so the undo run can tell "removed".
    expect(undo?.workers[1]?.user_badges.map((b) => b.badge_id)).toEqual(["9", BADGE]);
  });

  it("keeps the badge of a worker whose copy showed it, even if the API reported it added", () => {
    // A service that accepts a second copy answers 200: the copy the run started from decides.
    const undo = badgeUndo("add", BADGE, [worker(1, [BADGE]), worker(2)], [added, added]);
    expect(undo?.workers.map((w) => w.id)).toEqual([2]);
  });

  it("without the API's answer, gives the worker as holding the badge", () => {
    const undo = badgeUndo("add", BADGE, [worker(1, ["9"])], [added]);
    expect(undo?.workers[0]?.user_badges.map((b) => b.badge_id)).toEqual(["9", BADGE]);
  });

  it("offers nothing when everyone held it already or failed", () => {
    expect(badgeUndo("add", BADGE, [worker(1, [BADGE]), worker(2)], [already, failed])).toBeNull();
    expect(badgeUndo("add", BADGE, [], [])).toBeNull();
  });
});

describe("undo of a bulk remove", () => {
  it("gives the badge back only to those who lost it", () => {
    const before = [worker(1, [BADGE]), worker(2), worker(3, [BADGE]), worker(4, [BADGE])];
    const undo = badgeUndo("remove", BADGE, before, [removed, notHeld, failed, removed]);
    expect(undo?.action).toBe("add");
    expect(undo?.workers.map((w) => w.id)).toEqual([1, 4]);
    expect(undo?.workers[0]?.user_badges).toEqual([]);
  });

  it("offers nothing when nobody held it", () => {
    expect(badgeUndo("remove", BADGE, [worker(1)], [notHeld])).toBeNull();
  });
});
