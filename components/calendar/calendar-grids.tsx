import Link from "next/link";
import { useId } from "react";
import type { JobRequest } from "@/lib/portal/job-types";
import { type Day, longDay, shortWeekday } from "./calendar-dates";
import { CalendarPosting } from "./calendar-posting";

/** A month cell shows this many postings, then "+N more" (a link to that day's week). */
export const MONTH_CELL_LIMIT = 3;

type GridProps = {
  days: Day[];
  byDay: Map<Day, JobRequest[]>;
  today: Day;
  viewerZone: string | null;
};

function DayHeading({
  id,
  day,
  today,
  month,
  dim = false,
}: {
  id: string;
  day: Day;
  today: Day;
  month?: boolean;
  /** A day of the month before or after, in the month grid. */
  dim?: boolean;
}) {
  const isToday = day === today;
  return (
    <h2 id={id} className="flex items-baseline gap-2 text-sm">
      <span className="sr-only">
        {longDay(day)}
        {isToday && " (today)"}
      </span>
      {/* On a phone the day is a list heading; in the grid, the weekday over its number. */}
      <span aria-hidden="true" className="font-semibold text-slate-900 md:hidden">
        {longDay(day)}
      </span>
      <span aria-hidden="true" className="hidden items-baseline gap-1.5 md:flex">
        {!month && <span className="text-xs font-medium text-slate-600">{shortWeekday(day)}</span>}
        <span
          className={`grid size-7 place-items-center rounded-full text-sm font-semibold tabular-nums ${
            isToday ? "bg-indigo-600 text-white" : dim ? "text-slate-500" : "text-slate-900"
          }`}
        >
          {Number(day.slice(8))}
        </span>
      </span>
      {isToday && (
        <span
          aria-hidden="true"
          className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 md:hidden"
        >
          Today
        </span>
      )}
    </h2>
  );
}

/** Seven columns from md up; below, the same days as a list, one heading each. */
export function WeekGrid({ days, byDay, today, viewerZone }: GridProps) {
  const base = useId();
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-7 md:gap-2">
      {days.map((day, i) => {
        const items = byDay.get(day) ?? [];
        const id = `${base}-${i}`;
        return (
          <section
            key={day}
            aria-labelledby={id}
            className={`min-w-0 rounded-lg p-2 ring-1 md:min-h-56 ${
              day === today ? "bg-indigo-50/60 ring-indigo-200" : "bg-slate-50 ring-slate-200"
            }`}
          >
            <DayHeading id={id} day={day} today={today} />
            {items.length > 0 ? (
              <ul className="mt-2 space-y-2">
                {items.map((r) => (
                  <li key={r.id}>
                    <CalendarPosting request={r} viewerZone={viewerZone} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-xs text-slate-500 md:mt-2">No postings</p>
            )}
          </section>
        );
      })}
    </div>
  );
}

/**
 * Whole weeks from md up, days of other months dimmed; below md a list of the month's days
 * that hold postings (a 7-column grid of 50-pixel cells would show nothing readable).
 */
export function MonthGrid({
  days,
  byDay,
  today,
  viewerZone,
  month,
  weekHref,
}: GridProps & { month: string; weekHref: (day: Day) => string }) {
  const base = useId();
  return (
    <div>
      <div
        aria-hidden="true"
        className="hidden grid-cols-7 border-b border-slate-200 pb-1 text-center text-xs font-medium text-slate-600 md:grid"
      >
        {days.slice(0, 7).map((d) => (
          <span key={d}>{shortWeekday(d)}</span>
        ))}
      </div>
      <div className="grid grid-cols-1 gap-2 md:grid-cols-7 md:gap-px md:bg-slate-200 md:p-px">
        {days.map((day, i) => {
          const items = byDay.get(day) ?? [];
          const id = `${base}-${i}`;
          const inMonth = day.startsWith(month);
          const more = items.length - MONTH_CELL_LIMIT;
          return (
            <section
              key={day}
              aria-labelledby={id}
              className={`min-w-0 p-1.5 max-md:rounded-lg max-md:ring-1 max-md:ring-slate-200 md:min-h-28 ${
                inMonth ? "bg-white" : "bg-slate-50"
              } ${items.length === 0 || !inMonth ? "max-md:hidden" : ""}`}
            >
              <DayHeading id={id} day={day} today={today} month dim={!inMonth} />
              {items.length > 0 && (
                <ul className="mt-1 space-y-1">
                  {items.slice(0, MONTH_CELL_LIMIT).map((r) => (
                    <li key={r.id}>
                      <CalendarPosting request={r} viewerZone={viewerZone} compact />
                    </li>
                  ))}
                  {more > 0 && (
                    <li>
                      <Link
                        href={weekHref(day)}
                        className="block rounded px-1.5 text-xs font-semibold text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        +{more} more<span className="sr-only"> on {longDay(day)}: its week</span>
                      </Link>
                    </li>
                  )}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </div>
  );
}
