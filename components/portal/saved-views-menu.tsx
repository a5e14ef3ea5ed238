"use client";

import { type FormEvent, useId, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { Popover } from "@/components/ui/popover";
import { currentView, MAX_VIEW_NAME, type SavedView } from "@/lib/portal/client/saved-views";

/**
 * "Views": the list's saved filter sets. Apply one, delete one, or save what the list shows
 * now under a name. Any list can use it: it deals in query strings only.
 */
export function SavedViewsMenu({
  views,
  query,
  onApply,
  onSave,
  onDelete,
}: {
  views: readonly SavedView[];
  /** The list's query string now. */
  query: string;
  onApply: (view: SavedView) => void;
  /** Returns what is wrong with the name, or null once saved. */
  onSave: (name: string) => string | null;
  onDelete: (name: string) => void;
}) {
  const active = currentView(views, query);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = onSave(name);
    setError(problem);
    if (!problem) {
      setSaved(name.trim());
      setName("");
    }
  };
  return (
    <Popover
      buttonClassName={buttonClass("secondary")}
      panelClassName="w-80 max-w-[calc(100vw-2rem)] rounded-xl bg-white p-4 shadow-lg ring-1 ring-slate-200"
      button={
        <>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="-ml-1 size-4">
            <path d="M10 2c-1.716 0-3.408.106-5.07.31C3.806 2.45 3 3.414 3 4.517V17.25a.75.75 0 0 0 1.075.676L10 15.082l5.925 2.844A.75.75 0 0 0 17 17.25V4.517c0-1.103-.806-2.068-1.93-2.207A41.403 41.403 0 0 0 10 2Z" />
          </svg>
          <span className="max-w-40 truncate">{active ? active.name : "Views"}</span>
          {active && <span className="sr-only"> (saved view)</span>}
        </>
      }
    >
      {(close) => (
        <>
          <h2 className="text-sm font-semibold text-slate-900">Saved views</h2>
          {views.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">
              None yet. Save the search, filters and sort you use often.
            </p>
          ) : (
            <ul className="-mx-2 mt-2 max-h-64 overflow-y-auto">
              {views.map((v) => (
                <li key={v.name} className="flex items-center gap-1">
                  <button
                    type="button"
                    className={`min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                      v === active ? "font-semibold text-indigo-700" : "text-slate-800"
                    }`}
                    aria-current={v === active ? "true" : undefined}
                    onClick={() => {
                      onApply(v);
                      close();
                    }}
                  >
                    {v.name}
                  </button>
                  <button
                    type="button"
                    aria-label={`Delete view ${v.name}`}
                    onClick={() => onDelete(v.name)}
                    className="rounded-md p-1.5 text-slate-400 hover:bg-rose-50 hover:text-rose-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      fill="currentColor"
                      className="size-4"
                    >
                      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                    </svg>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={submit} className="mt-3 border-t border-slate-100 pt-3">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
              Save the current view as
            </label>
            <div className="mt-1.5 flex gap-2">
              <input
                id={inputId}
                value={name}
                maxLength={MAX_VIEW_NAME}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                placeholder="e.g. Forklift, active"
                className="min-w-0 flex-1 rounded-lg border-0 px-3 py-1.5 text-sm text-slate-900 ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600"
              />
              <button type="submit" className={buttonClass("primary", "px-3 py-1.5")}>
                Save
              </button>
            </div>
            <p
              id={errorId}
              aria-live="polite"
              className={`mt-1.5 text-sm empty:hidden ${error ? "text-rose-700" : "text-emerald-700"}`}
            >
              {error ?? (saved ? `Saved “${saved}”.` : "")}
            </p>
          </form>
        </>
      )}
    </Popover>
  );
}
