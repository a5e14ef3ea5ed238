"use client";

import { useId } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { PER_OPTIONS } from "./list-params";

export function Pagination({
  page,
  per,
  total,
  shown,
  canNext,
  onPage,
  onPer,
}: {
  page: number;
  per: number;
  /** Null when the upstream does not say (the real service): then "Page N" only. */
  total: number | null;
  /** Rows on this page. */
  shown: number;
  canNext: boolean;
  onPage: (page: number) => void;
  onPer: (per: number) => void;
}) {
  const perId = useId();
  const lastPage = total === null ? null : Math.max(1, Math.ceil(total / per));
  const first = (page - 1) * per + 1;
  const last = (page - 1) * per + shown;
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5"
    >
      <div className="flex items-center justify-between gap-4 sm:justify-start">
        <div className="flex items-center gap-2">
          <label htmlFor={perId} className="text-sm whitespace-nowrap text-slate-600">
            Rows per page
          </label>
          <select
            id={perId}
            value={per}
            onChange={(e) => onPer(Number(e.target.value))}
            className={`${inputClass(false)} w-auto py-1.5`}
          >
            {PER_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        {total !== null && shown > 0 && (
          <p className="text-sm text-slate-500 tabular-nums">
            {`${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total.toLocaleString("en-US")}`}
          </p>
        )}
      </div>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-slate-700 tabular-nums">
          {lastPage === null ? `Page ${page}` : `Page ${page} of ${lastPage}`}
        </p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            className="px-3"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="-ml-1 size-4"
            >
              <path
                fillRule="evenodd"
                d="M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z"
                clipRule="evenodd"
              />
            </svg>
            Previous
          </Button>
          <Button
            variant="secondary"
            className="px-3"
            disabled={!canNext}
            onClick={() => onPage(page + 1)}
          >
            Next
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="-mr-1 size-4"
            >
              <path
                fillRule="evenodd"
                d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
                clipRule="evenodd"
              />
            </svg>
          </Button>
        </div>
      </div>
    </nav>
  );
}
