import { STATE_CHIPS, type StateChip } from "@/components/jobs/list/job-list-params";
import type { JobRequestListParams } from "@/lib/portal/client/hooks/query-keys";
import { type CalendarView, type Day, isDay } from "./calendar-dates";

/** What the calendar shows, from the address bar (shareable, reloadable, like the jobs list). */
export type CalendarState = {
  view: CalendarView;
  /** A day in the shown week or month; null: today's. */
  date: Day | null;
  state: StateChip;
  category: string;
  mine: boolean;
};

type Readable = { get(name: string): string | null };

/** Lenient, as the jobs list is: a stale or hand-edited link falls back to defaults. */
export function readCalendarState(sp: Readable): CalendarState {
  const date = sp.get("date") ?? "";
  const state = sp.get("state") ?? "";
  return {
    view: sp.get("view") === "month" ? "month" : "week",
    date: isDay(date) ? date : null,
    state: (STATE_CHIPS.find((c) => c.value === state)?.value ?? "") as StateChip,
    category: (sp.get("category") ?? "").slice(0, 255),
    mine: sp.get("mine") === "1",
  };
}

/** The query string for a state, defaults left out. */
export function calendarQueryString(s: CalendarState): string {
  const q = new URLSearchParams();
  if (s.view !== "week") q.set("view", s.view);
  if (s.date) q.set("date", s.date);
  if (s.state) q.set("state", s.state);
  if (s.category) q.set("category", s.category);
  if (s.mine) q.set("mine", "1");
  const str = q.toString();
  return str ? `?${str}` : "";
}

export const hasCalendarFilters = (s: CalendarState) => Boolean(s.state || s.category || s.mine);

/** The list's filters for a state (the window and paging are the fetch's business). */
export function calendarFilters(
  s: CalendarState,
  me: number | null,
): Pick<JobRequestListParams, "state" | "category" | "employer_id"> {
  const states = STATE_CHIPS.find((c) => c.value === s.state)?.states ?? "";
  return {
    ...(states && { state: states }),
    ...(s.category && { category: s.category }),
    ...(s.mine && me !== null && { employer_id: me }),
  };
}
