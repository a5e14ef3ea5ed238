"use client";

import type { CountryCode } from "libphonenumber-js";
import { useId, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ImportField } from "@/lib/bulk/csv-import";
import type { RowChecks } from "@/lib/portal/client/hooks/use-import";

type PoolState = Extract<RowChecks, { state: "done" }>["pool"];

import {
  fmt,
  ICONS,
  Icon,
  Pager,
  ProgressBar,
  plural,
  StatTile,
  StepHeading,
  useWide,
} from "./import-parts";
import {
  hasProblems,
  isDuplicate,
  PreviewCards,
  PreviewTable,
  previewColumns,
} from "./preview-rows";

const PER_PAGE = 50;

const STEP_TEXT = {
  badges: "Loading your company’s badges…",
  rows: "Checking rows…",
} as const;

/** The look-up in the pool going on; then what it found, and what it left to the sending. */
function PoolNote({ pool, badges }: { pool: PoolState; badges: boolean }) {
  if (pool.state === "looking") {
    return (
      <div className="rounded-lg bg-white px-4 py-3 text-sm ring-1 ring-slate-200 ring-inset">
        <p className="font-medium text-slate-800 tabular-nums">
          {/* Announced once; the count beside it changes too often to be read out. */}
          <span role="status">Looking up the e-mails in your pool…</span>{" "}
          {pool.of > 0 && (
            <span className="font-normal text-slate-500">
              {fmt(pool.checked)} of {fmt(pool.of)}
            </span>
          )}
        </p>
        <p className="mt-0.5 text-slate-600">
          Rows whose e-mail belongs to another worker will be marked. You may go on meanwhile: a
          clash is also reported on its row when it is sent.
        </p>
      </div>
    );
  }
  const parts: string[] = [];
  if (pool.clashes.size > 0)
    parts.push(
      `${plural(pool.clashes.size, "e-mail")} already ${pool.clashes.size === 1 ? "belongs" : "belong"} to other workers: those rows are marked and will be skipped.`,
    );
  if (pool.inPool > 0)
    parts.push(
      `${plural(pool.inPool, "worker")} ${pool.inPool === 1 ? "is" : "are"} in your pool already (same e-mail and name): left as they are${badges ? ", given the badges they lack" : ""}.`,
    );
  if (pool.failed)
    parts.push(
      "The look-up stopped on an error: an e-mail or phone taken by somebody else is marked on its row when it is sent.",
    );
  else if (pool.unchecked > 0)
    parts.push(
      `The e-mails of the first ${plural(pool.checked, "row")} were looked up; the other ${fmt(pool.unchecked)} are checked as they are sent, and a clash is reported on its row.`,
    );
  if (parts.length === 0) return null;
  return (
    <Alert tone="info" title="Checked against your pool">
      {parts.join(" ")}
    </Alert>
  );
}

/** Step 3: every row checked (in slices, with progress), counted, and shown with its problems. */
export function PreviewStep({
  result,
  mapping,
  country,
  onBack,
  onNext,
}: {
  result: RowChecks;
  mapping: readonly (ImportField | null)[];
  country: CountryCode;
  onBack: () => void;
  onNext: () => void;
}) {
  const filterId = useId();
  const wide = useWide();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [page, setPage] = useState(1);
  const checks = result.state === "done" ? result.checks : null;
  const columns = useMemo(() => previewColumns(mapping), [mapping]);

  const stats = useMemo(() => {
    if (!checks) return null;
    let ready = 0;
    let duplicates = 0;
    for (const c of checks) {
      if (!hasProblems(c)) ready++;
      if (isDuplicate(c)) duplicates++;
    }
    return { rows: checks.length, ready, problems: checks.length - ready, duplicates };
  }, [checks]);
  const shown = useMemo(
    () => (checks && onlyProblems ? checks.filter(hasProblems) : (checks ?? [])),
    [checks, onlyProblems],
  );
  const pages = Math.max(1, Math.ceil(shown.length / PER_PAGE));
  const current = Math.min(page, pages);
  // The same page of rows while the look-up in the pool reports progress: not redrawn.
  const slice = useMemo(
    () => shown.slice((current - 1) * PER_PAGE, current * PER_PAGE),
    [shown, current],
  );

  return (
    <section aria-labelledby="import-preview-title" className="space-y-6">
      <div>
        <StepHeading id="import-preview-title">Review the rows</StepHeading>
        <p className="mt-1 text-sm text-slate-600">
          Each row is checked with the same rules the API applies, before anything is sent.
        </p>
      </div>

      {result.state === "failed" ? (
        <Alert tone="error" title="The rows could not be checked">
          {result.message}
        </Alert>
      ) : !checks || !stats ? (
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <p role="status" className="text-sm font-medium text-slate-800 tabular-nums">
            {result.state === "checking" ? STEP_TEXT[result.step] : STEP_TEXT.rows}{" "}
            {result.state === "checking" && result.step !== "badges" && (
              <span className="text-slate-500">
                {fmt(result.checked)} of {fmt(result.total)}
              </span>
            )}
          </p>
          <div className="mt-3">
            <ProgressBar
              label={result.state === "checking" ? STEP_TEXT[result.step] : "Rows checked"}
              done={result.state === "checking" ? result.checked : 0}
              total={result.state === "checking" ? result.total : 1}
            />
          </div>
        </div>
      ) : (
        <>
          <dl aria-label="Rows in the file" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <StatTile label="Rows" value={stats.rows} />
            <StatTile label="Ready to invite" value={stats.ready} tone="success" />
            <StatTile label="With problems" value={stats.problems} tone="danger" />
            <StatTile label="Duplicates in file" value={stats.duplicates} tone="warning" />
          </dl>

          {result.state === "done" && (
            <PoolNote pool={result.pool} badges={mapping.includes("badges")} />
          )}

          {stats.problems > 0 ? (
            <Alert tone="warning" title={`${plural(stats.problems, "row")} will be skipped`}>
              They are listed as refused in the report, with the reason. Fix them in your file and
              import it again later: the workers already invited are recognised, not invited twice.
            </Alert>
          ) : (
            <Alert tone="success" title="Every row is ready">
              No problems found in {plural(stats.rows, "row")}.
            </Alert>
          )}

          <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-5">
              <label htmlFor={filterId} className="flex items-center gap-2.5 text-sm">
                <input
                  id={filterId}
                  type="checkbox"
                  checked={onlyProblems}
                  onChange={(e) => {
                    setOnlyProblems(e.target.checked);
                    setPage(1);
                  }}
                  className="size-4 rounded border-slate-300 accent-indigo-600"
                />
                <span className="font-medium text-slate-800">Only rows with problems</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums">
                  {fmt(stats.problems)}
                </span>
              </label>
              <p className="text-xs text-slate-500" aria-live="polite">
                Showing {plural(shown.length, "row")}
              </p>
            </div>
            {slice.length === 0 ? (
              <p className="px-5 py-10 text-center text-sm text-slate-500">
                No rows with problems.
              </p>
            ) : wide ? (
              <PreviewTable
                checks={slice}
                columns={columns}
                country={country}
                caption={onlyProblems ? "Rows with problems" : "Rows of the file"}
              />
            ) : (
              <PreviewCards
                checks={slice}
                columns={columns}
                country={country}
                caption={onlyProblems ? "Rows with problems" : "Rows of the file"}
              />
            )}
            <Pager
              label="Pages of rows"
              page={current}
              per={PER_PAGE}
              total={shown.length}
              onPage={setPage}
            />
          </div>
        </>
      )}

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          <Icon d={ICONS.arrowLeft} className="-ml-0.5 size-4" />
          Back to columns
        </Button>
        <Button onClick={onNext} disabled={!stats || stats.ready === 0}>
          {stats ? `Continue with ${plural(stats.ready, "worker")}` : "Continue"}
          <Icon d={ICONS.arrowRight} className="-mr-0.5 size-4" />
        </Button>
      </div>
    </section>
  );
}
