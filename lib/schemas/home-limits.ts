/**
 * GET /api_v2/home (ours): the home page's sections in one call. Bounds, documented in
 * docs/home.md and the OpenAPI entry: each list holds at most `HOME_LIMITS.list` rows, with
 * its total; charts cover `HOME_LIMITS.weeks` weeks.
 */
export const HOME_LIMITS = { list: 50, weeks: 8, categoryWeeks: 4 } as const;

export const HOME_VIEWS = ["company", "mine"] as const;
export type HomeView = (typeof HOME_VIEWS)[number];

/** Job states that hold a filled slot for spend, hours and fill rate (docs/home.md). */
export const FILLED_JOB_STATES = [
  "filled",
  "in_progress",
  "paused",
  "completed",
  "approved",
] as const;
