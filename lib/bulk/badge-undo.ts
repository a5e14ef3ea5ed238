import type { BadgeAction, BadgeResult } from "@/lib/bulk/badge-outcome";
import type { UserBadgeJson } from "@/lib/schemas/user-fields";

type BadgeHolder = { id: number; user_badges: readonly UserBadgeJson[] };

/** What undoing a finished bulk badge change sends: the other action, to exactly these workers. */
export type BadgeUndo<W> = { action: BadgeAction; workers: W[] };

const holds = (w: BadgeHolder, badgeId: string) =>
  w.user_badges.some((b) => b.badge_id === badgeId);

/**
 * Undo puts back only what the change did, never more:
 * - after "add", the badge comes off only the workers it was added to: the API said so (not
 *   "unchanged": a 422 duplicate_badge means they held it already) and the copy the run started
 *   from did not show it either. A worker who held the badge before keeps it.
 * - after "remove", it goes back only to the workers who lost it ("removed", which already
 *   means they held it before).
 * Failed and never-reached workers are left alone. Each worker is given as the API answered the
 * change (`after`), so the undo run knows what they hold now; without that answer, as they were
 * with the change applied. Null when there is nothing to undo.
 */
export function badgeUndo<W extends BadgeHolder>(
  action: BadgeAction,
  badgeId: string,
  before: readonly W[],
  results: readonly (BadgeResult | undefined)[],
  after: readonly (W | undefined)[] = [],
): BadgeUndo<W> | null {
  const workers: W[] = [];
  before.forEach((worker, i) => {
    const outcome = results[i]?.outcome;
    const changed =
      action === "add" ? outcome === "added" && !holds(worker, badgeId) : outcome === "removed";
    if (!changed) return;
    workers.push(after[i] ?? applied(worker, action, badgeId));
  });
  return workers.length > 0 ? { action: action === "add" ? "remove" : "add", workers } : null;
}

/** The worker with the change applied, as far as this badge goes. */
function applied<W extends BadgeHolder>(worker: W, action: BadgeAction, badgeId: string): W {
  const others = worker.user_badges.filter((b) => b.badge_id !== badgeId);
  return {
    ...worker,
    user_badges:
      action === "add"
        ? [...others, { id: 0, user_id: worker.id, badge_id: badgeId, created_at: "" }]
        : others,
  };
}
