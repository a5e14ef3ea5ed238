"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useId, useMemo, useState } from "react";
import { STATE_CHIPS } from "@/components/jobs/list/job-list-params";
import { Alert } from "@/components/ui/alert";
import { Button, Spinner } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import {
  RANGE_PAGE_LIMIT,
  useJobCategories,
  useJobRequestRange,
} from "@/lib/portal/client/hooks/use-jobs";
import type { JobRequest } from "@/lib/portal/job-types";
import type { SessionPerson } from "@/lib/portal/types";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import {
  type Day,
  dayIn,
  daysOf,
  fetchWindow,
  rangeTitle,
  stepAnchor,
  today as todayOfViewer,
} from "./calendar-dates";
import { MonthGrid, WeekGrid } from "./calendar-grids";
import {
  type CalendarState,
  calendarFilters,
  calendarQueryString,
  hasCalendarFilters,
  readCalendarState,
} from "./calendar-params";

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * The calendar: a week (seven columns; a list of days on a phone) or a month of postings, each
 * on the day it starts in its own site's zone. The view, the day shown and the filters live in
 * the query string, as the jobs list's do.
 */
export function CalendarView({
  byStart,
  categoryFilter,
  me = null,
}: {
  /** Whether the upstream filters by start (ours); against the real service, pages are read. */
  byStart: boolean;
  /** Whether the upstream lists its categories (ours). */
  categoryFilter: boolean;
  me?: SessionPerson | null;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => readCalendarState(searchParams), [searchParams]);
  // "Today" and the viewer's zone are the browser's: unknown while rendering on the server.
  const [viewer, setViewer] = useState<{ today: Day; zone: string } | null>(null);
  useEffect(() => {
    setViewer({ today: todayOfViewer(), zone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  }, []);

  const anchor = state.date ?? viewer?.today ?? null;
  const days = useMemo(() => (anchor ? daysOf(state.view, anchor) : null), [anchor, state.view]);
  const filters = calendarFilters(state, me?.id ?? null);
  const range = useJobRequestRange(days ? { ...fetchWindow(days), ...filters, byStart } : null);
  const categories = useJobCategories(categoryFilter);

  // Each posting on the day it starts at its site; the window's margins (other zones' days)
  // hold postings of days not shown, which are left out.
  const byDay = useMemo(() => {
    const map = new Map<Day, JobRequest[]>();
    for (const d of days ?? []) map.set(d, []);
    for (const r of range.data?.items ?? []) {
      const day = r.start_time ? dayIn(r.start_time, r.timezone) : null;
      if (day) map.get(day)?.push(r);
    }
    return map;
  }, [days, range.data]);
  // A month counts its own days (the grid's days of the months around it are extra).
  const month = state.view === "month" && anchor ? anchor.slice(0, 7) : null;
  const shown = [...byDay.entries()].reduce(
    (n, [day, xs]) => n + (month === null || day.startsWith(month) ? xs.length : 0),
    0,
  );

  const href = (patch: Partial<CalendarState>) =>
    `${pathname}${calendarQueryString({ ...state, ...patch })}`;
  const navigate = (patch: Partial<CalendarState>) => router.push(href(patch), { scroll: false });
  const unit = state.view === "week" ? "week" : "month";

  const title = anchor && days ? rangeTitle(state.view, anchor, days) : null;
  const data = range.data;
  let summary = "";
  if (data && title) {
    summary = `${plural(shown, "posting", "postings")} ${state.view === "week" ? "this week" : `in ${title.split(" ")[0]}`}`;
  }

  return (
    // Wide: seven columns of postings use the width the shell allows a wide page.
    <div data-wide>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Calendar</h1>
          <p className="mt-1 text-base font-medium text-slate-700" aria-live="polite">
            {title ?? <span className="inline-block h-4 w-40 animate-pulse rounded bg-slate-200" />}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <nav aria-label={`Choose the ${unit}`} className="flex items-center gap-1">
            <StepLink
              href={anchor ? href({ date: stepAnchor(state.view, anchor, -1) }) : null}
              label={`Previous ${unit}`}
              dir={-1}
            />
            <Link
              href={href({ date: null })}
              className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              Today
            </Link>
            <StepLink
              href={anchor ? href({ date: stepAnchor(state.view, anchor, 1) }) : null}
              label={`Next ${unit}`}
              dir={1}
            />
          </nav>
          <nav aria-label="View" className="flex rounded-lg ring-1 ring-slate-300 ring-inset">
            {(["week", "month"] as const).map((v) => (
              <Link
                key={v}
                href={href({ view: v })}
                aria-current={state.view === v ? "true" : undefined}
                className={`px-3 py-2 text-sm font-semibold first:rounded-l-lg last:rounded-r-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                  state.view === v ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-50"
                }`}
              >
                {v === "week" ? "Week" : "Month"}
              </Link>
            ))}
          </nav>
        </div>
      </div>

      <div className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="space-y-4 border-b border-slate-200 p-4 sm:px-5">
          <Filters
            state={state}
            categories={
              !categoryFilter ? null : categories.isPending ? undefined : (categories.data ?? null)
            }
            mineOffered={me !== null}
            onChange={navigate}
          />
          <div className="flex min-h-5 flex-wrap items-center gap-3 text-sm text-slate-600">
            <p role="status" className="tabular-nums">
              {summary || (range.isPending && <span className="sr-only">Loading postings</span>)}
            </p>
            <p role="status" className="flex items-center gap-1.5 text-slate-500">
              {range.isFetching && !range.isPending && (
                <>
                  <Spinner className="size-3.5" />
                  Updating…
                </>
              )}
            </p>
          </div>
          {!byStart && (
            <Alert tone="info" title="This calendar may be incomplete">
              The connected service cannot list postings by their start, so the calendar places
              those among the {RANGE_PAGE_LIMIT * MAX_PAGE_SIZE} most recently changed postings.
            </Alert>
          )}
          {byStart && data && !data.complete && data.total !== null && (
            <Alert
              tone="warning"
              title={`Showing the first ${data.items.length} of ${data.total} postings`}
            >
              This {unit} holds more postings than the calendar shows at once; the earliest are
              shown. Narrow it with a state, a category or “Mine”, or open the week.
            </Alert>
          )}
        </div>
        <div className="p-3 sm:p-4" aria-busy={range.isFetching || undefined}>
          {range.isError && !range.isPlaceholderData ? (
            <Alert tone="error" title="Postings could not be loaded">
              <p>{range.error.message}</p>
              <Button
                variant="secondary"
                className="mt-3"
                busy={range.isFetching}
                onClick={() => range.refetch()}
              >
                Retry
              </Button>
            </Alert>
          ) : !days || !viewer || range.isPending ? (
            <div aria-hidden="true" className="grid min-h-64 grid-cols-1 gap-2 md:grid-cols-7">
              {Array.from({ length: 7 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders
                <div key={i} className="h-16 animate-pulse rounded-lg bg-slate-100 md:h-56" />
              ))}
            </div>
          ) : (
            <>
              {shown === 0 && (
                <p className="mb-3 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
                  {hasCalendarFilters(state)
                    ? `No postings match these filters in this ${unit}.`
                    : `No postings start in this ${unit}.`}{" "}
                  <Link href="/jobs/new" className="font-semibold text-indigo-700 hover:underline">
                    Post a job
                  </Link>
                </p>
              )}
              <div className={range.isPlaceholderData ? "opacity-60 transition-opacity" : ""}>
                {state.view === "week" ? (
                  <WeekGrid
                    days={days}
                    byDay={byDay}
                    today={viewer.today}
                    viewerZone={viewer.zone}
                  />
                ) : (
                  <MonthGrid
                    days={days}
                    byDay={byDay}
                    today={viewer.today}
                    viewerZone={viewer.zone}
                    month={anchor!.slice(0, 7)}
                    weekHref={(day) => href({ view: "week", date: day })}
                  />
                )}
              </div>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function StepLink({ href, label, dir }: { href: string | null; label: string; dir: -1 | 1 }) {
  const cls =
    "grid size-9 place-items-center rounded-lg text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
  const icon = (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
      <path
        fillRule="evenodd"
        d={
          dir < 0
            ? "M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z"
            : "M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
        }
        clipRule="evenodd"
      />
    </svg>
  );
  return href ? (
    <Link href={href} aria-label={label} title={label} className={cls}>
      {icon}
    </Link>
  ) : (
    <span aria-hidden="true" className={`${cls} opacity-50`}>
      {icon}
    </span>
  );
}

function Filters({
  state,
  categories,
  mineOffered,
  onChange,
}: {
  state: CalendarState;
  categories: string[] | null | undefined;
  mineOffered: boolean;
  onChange: (patch: Partial<CalendarState>) => void;
}) {
  const categoryId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="min-w-0">
        <legend className="sr-only">State</legend>
        <div className="-mx-1 flex flex-wrap gap-1.5">
          {STATE_CHIPS.map((c) => {
            const on = c.value === state.state;
            return (
              <button
                key={c.value || "all"}
                type="button"
                aria-pressed={on}
                onClick={() => onChange({ state: c.value })}
                className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                  on
                    ? "bg-indigo-600 text-white ring-indigo-600"
                    : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
                }`}
              >
                {c.label}
              </button>
            );
          })}
        </div>
      </fieldset>
      {categories !== null && (
        <div className="w-full sm:w-56">
          <label htmlFor={categoryId} className="block text-xs font-medium text-slate-600">
            Category
          </label>
          <select
            id={categoryId}
            value={state.category}
            onChange={(e) => onChange({ category: e.target.value })}
            disabled={categories === undefined}
            className={`${inputClass(false)} mt-1 py-1.5`}
          >
            <option value="">All categories</option>
            {[...new Set([...(state.category ? [state.category] : []), ...(categories ?? [])])].map(
              (c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ),
            )}
          </select>
        </div>
      )}
      {mineOffered && (
        <button
          type="button"
          aria-pressed={state.mine}
          onClick={() => onChange({ mine: !state.mine })}
          className={`rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
            state.mine
              ? "bg-indigo-50 text-indigo-800 ring-indigo-300"
              : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
          }`}
        >
          Mine<span className="sr-only">: only the jobs I requested</span>
        </button>
      )}
    </div>
  );
}
