"use client";

import { buttonClass } from "@/components/ui/button";
import { Popover } from "@/components/ui/popover";
import { type ColumnKey, HIDEABLE_COLUMNS } from "./columns";

/** "Columns": which of the table's columns to show (the name always shows). */
export function ColumnMenu({
  hidden,
  onChange,
}: {
  hidden: ReadonlySet<ColumnKey>;
  onChange: (hidden: ReadonlySet<ColumnKey>) => void;
}) {
  const toggle = (key: ColumnKey, show: boolean) => {
    const next = new Set(hidden);
    if (show) next.delete(key);
    else next.add(key);
    onChange(next);
  };
  return (
    <Popover
      align="end"
      buttonClassName={buttonClass("secondary")}
      panelClassName="w-56 rounded-xl bg-white p-3 shadow-lg ring-1 ring-slate-200"
      button={
        <>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="-ml-1 size-4">
            <path
              fillRule="evenodd"
              clipRule="evenodd"
              d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 .75.75v10.5a.75.75 0 0 1-.75.75H2.75a.75.75 0 0 1-.75-.75V4.75Zm1.5.75v9h3.75v-9H3.5Zm5.25 0v9h2.5v-9h-2.5Zm4 0v9h3.75v-9h-3.75Z"
            />
          </svg>
          Columns
          {hidden.size > 0 && <span className="text-slate-500">({hidden.size} hidden)</span>}
        </>
      }
    >
      {() => (
        <fieldset>
          <legend className="px-1 text-sm font-semibold text-slate-900">Show columns</legend>
          <p className="px-1 text-xs text-slate-500">The name always shows.</p>
          <div className="mt-2 space-y-0.5">
            {HIDEABLE_COLUMNS.map((c) => (
              <label
                key={c.key}
                className="flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  checked={!hidden.has(c.key)}
                  onChange={(e) => toggle(c.key, e.target.checked)}
                  className="size-4 rounded border-slate-300 accent-indigo-600"
                />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </Popover>
  );
}
