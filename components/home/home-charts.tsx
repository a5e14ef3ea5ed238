"use client";

import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { useId } from "react";
import type { Home } from "@/lib/schemas/home";

/**
 * The home page's charts, drawn with visx (small, modular d3 scales and React SVG shapes: only
 * what is drawn ships, and the SVG is ours to label). Loaded on demand (next/dynamic) so the
 * page's first load stays light. Each chart is an <svg role="img"> with a title and a summary,
 * and the same numbers as a table one click away.
 */

const W = 360;
const H = 200;
const M = { top: 12, right: 8, bottom: 28, left: 36 };

type Series = { key: string; label: string; className: string };
type Row = { label: string; values: Record<string, number> };

function GroupedBars({
  rows,
  series,
  title,
  summary,
  unit,
  max,
}: {
  rows: Row[];
  series: Series[];
  title: string;
  summary: string;
  unit: string;
  max?: number;
}) {
  const id = useId();
  const innerW = W - M.left - M.right;
  const innerH = H - M.top - M.bottom;
  const x0 = scaleBand({ domain: rows.map((r) => r.label), range: [0, innerW], padding: 0.25 });
  const x1 = scaleBand({
    domain: series.map((s) => s.key),
    range: [0, x0.bandwidth()],
    padding: 0.1,
  });
  const top = max ?? Math.max(1, ...rows.flatMap((r) => series.map((s) => r.values[s.key] ?? 0)));
  const y = scaleLinear({ domain: [0, top], range: [innerH, 0], nice: true });
  return (
    <figure className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <figcaption className="text-sm font-semibold text-slate-900" id={`${id}-t`}>
        {title}
      </figcaption>
      <ul className="mt-1 flex flex-wrap gap-3 text-xs text-slate-600" aria-hidden="true">
        {series.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <svg viewBox="0 0 10 10" aria-hidden="true" className={`size-2.5 ${s.className}`}>
              <rect width="10" height="10" rx="2" />
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="mt-2 h-auto w-full text-slate-400"
        role="img"
        aria-labelledby={`${id}-svg-t ${id}-d`}
      >
        <title id={`${id}-svg-t`}>{title}</title>
        <desc id={`${id}-d`}>{summary}</desc>
        <Group left={M.left} top={M.top}>
          {rows.map((r) => (
            <Group key={r.label} left={x0(r.label) ?? 0}>
              {series.map((s) => {
                const v = r.values[s.key] ?? 0;
                const h = innerH - y(v);
                return (
                  <Bar
                    key={s.key}
                    x={x1(s.key) ?? 0}
                    y={innerH - h}
                    width={x1.bandwidth()}
                    height={h}
                    rx={2}
                    className={s.className}
                  />
                );
              })}
            </Group>
          ))}
          <AxisLeft
            scale={y}
            numTicks={4}
            stroke="currentColor"
            tickStroke="currentColor"
            tickFormat={(v) => `${Number(v)}${unit}`}
            tickLabelProps={{
              className: "fill-slate-600",
              fontSize: 10,
              textAnchor: "end",
              dx: -2,
            }}
          />
          <AxisBottom
            top={innerH}
            scale={x0}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ className: "fill-slate-600", fontSize: 10, textAnchor: "middle" }}
          />
        </Group>
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-indigo-700 hover:text-indigo-600">
          Show as a table
        </summary>
        <table className="mt-2 w-full text-left text-xs text-slate-700">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-2 font-medium">
                &nbsp;
              </th>
              {series.map((s) => (
                <th key={s.key} scope="col" className="py-1 pr-2 text-right font-medium">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-2 font-normal">
                  {r.label}
                </th>
                {series.map((s) => (
                  <td key={s.key} className="py-1 pr-2 text-right tabular-nums">
                    {r.values[s.key] ?? 0}
                    {unit}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** "Nov 23": a week by its first day, in the zone the page asked for. */
function weekLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone }).format(
    new Date(iso),
  );
}

export function HomeCharts({ charts, timeZone }: { charts: Home["charts"]; timeZone: string }) {
  const fill = charts.fill_rate.map((w) => ({
    label: weekLabel(w.week_start, timeZone),
    values: { posted: w.posted_slots, filled: w.filled_slots },
  }));
  const posted = charts.fill_rate.reduce((n, w) => n + w.posted_slots, 0);
  const filled = charts.fill_rate.reduce((n, w) => n + w.filled_slots, 0);
  const noShow = charts.no_shows.map((w) => ({
    label: weekLabel(w.week_start, timeZone),
    values: { rate: w.jobs > 0 ? Math.round((w.no_shows / w.jobs) * 100) : 0 },
  }));
  const shows = charts.no_shows.reduce((n, w) => n + w.jobs, 0);
  const missed = charts.no_shows.reduce((n, w) => n + w.no_shows, 0);
  const cats = charts.hours_by_category.slice(0, 6).map((c) => ({
    label: c.category.length > 12 ? `${c.category.slice(0, 11)}…` : c.category,
    values: { now: c.this_week, before: Math.round((c.previous_weeks / 4) * 10) / 10 },
  }));
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <GroupedBars
        title="Fill rate by week"
        summary={`Last 8 weeks: ${filled} of ${posted} posted slots filled${posted ? ` (${Math.round((filled / posted) * 100)}%)` : ""}.`}
        unit=""
        rows={fill}
        series={[
          { key: "posted", label: "Posted slots", className: "fill-slate-300" },
          { key: "filled", label: "Filled slots", className: "fill-indigo-600" },
        ]}
      />
      <GroupedBars
        title="Hours by category"
        summary={
          cats.length
            ? `This week against the weekly average of the 4 weeks before: ${cats.map((c) => `${c.label} ${c.values.now} h vs ${c.values.before} h`).join("; ")}.`
            : "No hours worked in the last 5 weeks."
        }
        unit="h"
        rows={cats}
        series={[
          { key: "now", label: "This week", className: "fill-indigo-600" },
          { key: "before", label: "Weekly average, 4 weeks before", className: "fill-slate-300" },
        ]}
      />
      <GroupedBars
        title="No-show rate by week"
        summary={`Last 8 weeks: ${missed} no-shows of ${shows} jobs${shows ? ` (${Math.round((missed / shows) * 100)}%)` : ""}.`}
        unit="%"
        max={Math.max(10, ...noShow.map((r) => r.values.rate))}
        rows={noShow}
        series={[{ key: "rate", label: "No-show rate", className: "fill-amber-500" }]}
      />
    </div>
  );
}
