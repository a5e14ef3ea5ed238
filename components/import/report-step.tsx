"use client";

import Link from "next/link";
import Papa from "papaparse";
import { useId, useMemo, useState } from "react";
import { ListLink } from "@/components/portal/list-link";
import { Button, buttonClass } from "@/components/ui/button";
import { StatePill } from "@/components/ui/state-pill";
import type { RowCheck } from "@/lib/bulk/csv-import";
import { type RowOutcome, reportCsv } from "@/lib/bulk/import-runner";
import type { ImportRunState } from "@/lib/portal/client/import-run";
import { fmt, ICONS, Icon, Pager, plural, StatTile, StepHeading, useWide } from "./import-parts";
import { OUTCOME, OUTCOMES, type Outcome } from "./outcomes";

type ReportRow = { check: RowCheck; outcome: RowOutcome | null; status: Outcome };

const PER_PAGE = 50;
const NOT_SENT_REASON = "Not sent: the import was stopped before this row.";

/** The report as CSV: each row's outcome, then the rows a cancel left unsent. */
function reportFile(rows: readonly ReportRow[]): string {
  const sent = rows.flatMap((r) => (r.outcome ? [r.outcome] : []));
  const unsent = rows.filter((r) => !r.outcome);
  let csv = reportCsv(sent);
  if (unsent.length > 0) {
    csv += `${Papa.unparse(
      unsent.map(({ check: { row, values: v } }) => [
        row,
        "not_sent",
        "",
        v.first_name ?? "",
        v.last_name ?? "",
        v.email ?? "",
        v.phone ?? "",
        v.external_id ?? "",
        NOT_SENT_REASON,
      ]),
      { newline: "\r\n" },
    )}\r\n`;
  }
  return csv;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

const fullName = (c: RowCheck) =>
  [c.values.first_name, c.values.last_name].filter(Boolean).join(" ") || "—";

function reasonOf(r: ReportRow): string | null {
  if (r.status === "not_sent") return NOT_SENT_REASON;
  if (r.status === "existing") return "Already in your pool: left as it is.";
  return r.outcome?.reason ?? null;
}

function WorkerLink({ row }: { row: ReportRow }) {
  const id = row.outcome?.id;
  if (id == null) return <span className="text-slate-400">—</span>;
  return (
    <Link
      href={`/workers/${id}`}
      className="rounded-sm font-medium whitespace-nowrap text-indigo-700 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      View<span className="sr-only"> {fullName(row.check)}</span>
    </Link>
  );
}

/** Step 5: what happened to every row, a CSV of it, and what to do next. */
export function ReportStep({
  run,
  onRetry,
  onAnother,
}: {
  run: ImportRunState;
  onRetry: (rows: RowCheck[]) => void;
  onAnother: () => void;
}) {
  const wide = useWide();
  const filterName = useId();
  const [filter, setFilter] = useState<Outcome | "all">("all");
  const [page, setPage] = useState(1);

  const rows = useMemo<ReportRow[]>(
    () =>
      run.checks.map((check) => {
        const outcome = run.outcomes.get(check.row) ?? null;
        return { check, outcome, status: outcome?.status ?? "not_sent" };
      }),
    [run.checks, run.outcomes],
  );
  const count = useMemo(() => {
    const c: Record<Outcome, number> = {
      created: 0,
      existing: 0,
      refused: 0,
      failed: 0,
      not_sent: 0,
    };
    for (const r of rows) c[r.status]++;
    return c;
  }, [rows]);
  const shown = useMemo(
    () => (filter === "all" ? rows : rows.filter((r) => r.status === filter)),
    [rows, filter],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PER_PAGE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * PER_PAGE, current * PER_PAGE);

  const summary = [
    `${fmt(count.created)} created`,
    `${fmt(count.existing)} existing`,
    `${fmt(count.refused)} refused`,
    ...(count.failed ? [`${fmt(count.failed)} failed`] : []),
    ...(count.not_sent ? [`${fmt(count.not_sent)} not sent`] : []),
  ].join(" · ");
  const cancelled = run.phase === "cancelled";
  const clean = count.failed === 0 && count.not_sent === 0;
  const took = run.finishedAt ? run.finishedAt - run.pass.startedAt : 0;
  const reportName = `${run.fileName.replace(/\.(csv|tsv|txt)$/i, "")}-report.csv`;

  return (
    <section aria-labelledby="import-report-title" className="space-y-6">
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <span
            aria-hidden="true"
            className={`grid size-12 shrink-0 place-items-center rounded-full ring-8 ${
              clean
                ? "bg-emerald-100 text-emerald-700 ring-emerald-50"
                : "bg-amber-100 text-amber-700 ring-amber-50"
            }`}
          >
            <Icon d={clean ? ICONS.check : ICONS.warning} className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <StepHeading id="import-report-title">
              {cancelled ? "Import stopped" : "Import finished"}
            </StepHeading>
            <p className="mt-1 text-base font-medium text-slate-800 tabular-nums" role="status">
              {summary}
            </p>
            <p className="mt-1 text-sm text-slate-500">
              {run.fileName}
              {took > 0 && <> · sent in {Math.max(1, Math.round(took / 1000))} s</>}
            </p>
          </div>
        </div>

        <dl aria-label="Outcomes" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <StatTile label="Created" value={count.created} tone="success" />
          <StatTile label="Already in pool" value={count.existing} tone="info" />
          <StatTile label="Refused" value={count.refused} tone="danger" />
          <StatTile
            label={count.not_sent ? "Failed or not sent" : "Failed"}
            value={count.failed + count.not_sent}
            tone="warning"
          />
        </dl>

        <div className="mt-6 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => download(reportName, reportFile(rows))}>
            <Icon d={ICONS.download} className="-ml-0.5 size-4" />
            Download report (CSV)
          </Button>
          {count.failed > 0 && (
            <Button
              onClick={() => onRetry(rows.filter((r) => r.status === "failed").map((r) => r.check))}
            >
              Retry {plural(count.failed, "failed row")}
            </Button>
          )}
          {count.not_sent > 0 && (
            <Button
              onClick={() =>
                onRetry(rows.filter((r) => r.status === "not_sent").map((r) => r.check))
              }
            >
              Send the {plural(count.not_sent, "row")} not sent
            </Button>
          )}
          <Button variant="secondary" onClick={onAnother}>
            Import another file
          </Button>
          <ListLink path="/workers" className={buttonClass("ghost", "sm:ml-auto")}>
            Go to workers
            <Icon d={ICONS.arrowRight} className="-mr-0.5 size-4" />
          </ListLink>
        </div>
      </div>

      <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <fieldset className="border-b border-slate-200 px-4 py-3 sm:px-5">
          <legend className="sr-only">Show rows</legend>
          <div className="flex flex-wrap gap-2">
            {(["all", ...OUTCOMES.map((o) => o.key)] as const)
              .filter((k) => k === "all" || count[k] > 0 || k === filter)
              .map((k) => {
                const label = k === "all" ? "All" : OUTCOME[k].label;
                const n = k === "all" ? rows.length : count[k];
                const on = filter === k;
                return (
                  <label
                    key={k}
                    className={`inline-flex cursor-pointer items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium ring-1 transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 ${
                      on
                        ? "bg-slate-900 text-white ring-slate-900"
                        : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
                    }`}
                  >
                    <input
                      type="radio"
                      name={filterName}
                      value={k}
                      checked={on}
                      onChange={() => {
                        setFilter(k);
                        setPage(1);
                      }}
                      className="sr-only"
                    />
                    {label}
                    <span
                      className={`rounded-full px-1.5 text-xs tabular-nums ${on ? "bg-white/20" : "bg-slate-100 text-slate-600"}`}
                    >
                      {fmt(n)}
                    </span>
                  </label>
                );
              })}
          </div>
        </fieldset>

        {wide ? (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <caption className="sr-only">Outcome of each row</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th scope="col" className="w-16 py-2.5 pr-2 pl-5">
                    Row
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    E-mail
                  </th>
                  <th scope="col" className="w-36 px-3 py-2.5">
                    Outcome
                  </th>
                  <th scope="col" className="w-20 px-3 py-2.5">
                    Worker
                  </th>
                  <th scope="col" className="px-3 py-2.5 pr-5">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {slice.map((r) => (
                  <tr key={r.check.row} className="hover:bg-slate-50/70">
                    <th
                      scope="row"
                      className="py-2.5 pr-2 pl-5 align-top font-medium text-slate-500 tabular-nums"
                    >
                      <span className="sr-only">Row </span>
                      {r.check.row}
                    </th>
                    <td className="px-3 py-2.5 align-top font-medium text-slate-900">
                      {fullName(r.check)}
                    </td>
                    <td className="max-w-64 truncate px-3 py-2.5 align-top text-slate-600">
                      {r.check.values.email ?? "—"}
                    </td>
                    <td className="px-3 py-2.5 align-top">
                      <StatePill tone={OUTCOME[r.status].tone}>{OUTCOME[r.status].label}</StatePill>
                    </td>
                    <td className="px-3 py-2.5 align-top">
                      <WorkerLink row={r} />
                    </td>
                    <td className="px-3 py-2.5 pr-5 align-top text-slate-600">
                      {r.status === "created" ? (
                        <span className="text-slate-400">—</span>
                      ) : (
                        reasonOf(r)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <ul aria-label="Outcome of each row" className="divide-y divide-slate-100">
            {slice.map((r) => (
              <li key={r.check.row} className="px-4 py-3.5">
                <div className="flex items-center justify-between gap-3">
                  <p className="min-w-0 truncate text-sm font-semibold text-slate-900">
                    <span className="font-normal text-slate-500 tabular-nums">
                      Row {r.check.row}
                    </span>
                    <span aria-hidden="true" className="text-slate-300">
                      {" "}
                      ·{" "}
                    </span>
                    <span className="sr-only">, </span>
                    {fullName(r.check)}
                  </p>
                  <StatePill tone={OUTCOME[r.status].tone}>{OUTCOME[r.status].label}</StatePill>
                </div>
                <p className="mt-0.5 truncate text-sm text-slate-600">
                  {r.check.values.email ?? "—"}
                </p>
                {r.status !== "created" && reasonOf(r) && (
                  <p className="mt-1 text-sm text-slate-600">{reasonOf(r)}</p>
                )}
                {r.outcome?.id != null && (
                  <p className="mt-1 text-sm">
                    <WorkerLink row={r} />
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        <Pager
          label="Pages of the report"
          page={current}
          per={PER_PAGE}
          total={shown.length}
          onPage={setPage}
        />
      </div>
    </section>
  );
}
