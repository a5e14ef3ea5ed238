/**
 * Bulk badges: what to send for one worker, and what its answer means. Pure, so the rules are
 * tested without a browser.
 */

export type BadgeAction = "add" | "remove";
export type BadgeOutcome = "added" | "removed" | "unchanged" | "failed";
export type BadgeResult = { outcome: BadgeOutcome; message?: string };

/** The API's answer to one PATCH, as the browser's fetcher reports it. */
export type PatchAnswer =
  | { ok: true; body: unknown }
  | { ok: false; status: number; code: string; message: string };

/** The PATCH /users/{id} body that adds or removes one badge. */
export function badgePatchBody(action: BadgeAction, badgeId: string) {
  return {
    user_badges_attributes: [
      action === "add" ? { badge_id: badgeId } : { badge_id: badgeId, _destroy: true },
    ],
  };
}

/** Whether a user object holds the badge; null when the body is not a user object. */
export function holdsBadge(user: unknown, badgeId: string): boolean | null {
  if (typeof user !== "object" || user === null) return null;
  const list = (user as { user_badges?: unknown }).user_badges;
  if (!Array.isArray(list)) return null;
  return list.some(
    (b: unknown) =>
      typeof b === "object" &&
      b !== null &&
      String((b as { badge_id?: unknown }).badge_id) === badgeId,
  );
}

/**
 * One worker's result.
 * - Adding: a 200 whose worker holds the badge is "added"; 422 `duplicate_badge` means the
 *   worker already held it (the API refuses a second copy, and applies nothing): "unchanged".
 * - Removing: the API answers 200 whether or not the worker held the badge, so `heldBefore`
 *   (from the list the worker was picked from) tells "removed" from "unchanged".
 * - A 200 that does not show the change (an upstream that ignored it) is a failure, not a
 *   success: the user must not be told it worked.
 */
export function classifyBadgeChange(
  action: BadgeAction,
  badgeId: string,
  heldBefore: boolean,
  answer: PatchAnswer,
): BadgeResult {
  if (!answer.ok) {
    if (action === "add" && answer.status === 422 && answer.code === "duplicate_badge")
      return { outcome: "unchanged", message: "Already held this badge" };
    return { outcome: "failed", message: answer.message || `HTTP ${answer.status}` };
  }
  const holds = holdsBadge(answer.body, badgeId);
  if (action === "add") {
    if (holds === false)
      return {
        outcome: "failed",
        message: "The API accepted the change but did not add the badge",
      };
    return { outcome: "added" };
  }
  if (holds === true)
    return {
      outcome: "failed",
      message: "The API accepted the change but the badge is still there",
    };
  return heldBefore
    ? { outcome: "removed" }
    : { outcome: "unchanged", message: "Did not hold this badge" };
}

type OutcomeCounts = Record<BadgeOutcome, number> & { notDone: number };

/** Counts per outcome; `notDone` are workers a cancelled run never reached. */
export function countOutcomes(
  results: readonly (BadgeResult | undefined)[],
  total = results.length,
): OutcomeCounts {
  const counts: OutcomeCounts = { added: 0, removed: 0, unchanged: 0, failed: 0, notDone: 0 };
  let seen = 0;
  for (const r of results) {
    if (!r) continue;
    counts[r.outcome]++;
    seen++;
  }
  counts.notDone = Math.max(0, total - seen);
  return counts;
}

const fmt = (n: number) => n.toLocaleString("en-US");

/** "25 added · 5 unchanged · 0 failed" (and "· 3 not done" after a cancel). */
export function summaryLine(action: BadgeAction, counts: OutcomeCounts): string {
  const parts = [
    action === "add" ? `${fmt(counts.added)} added` : `${fmt(counts.removed)} removed`,
    `${fmt(counts.unchanged)} unchanged`,
    `${fmt(counts.failed)} failed`,
  ];
  if (counts.notDone > 0) parts.push(`${fmt(counts.notDone)} not done`);
  return parts.join(" · ");
}

export type ResultRow = {
  worker: { id: number; first_name: string; last_name: string; email: string };
  result: BadgeResult | undefined;
};
