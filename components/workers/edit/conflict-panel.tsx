"use client";

import { useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";

export type ConflictRow = {
  label: string;
  theirs: string;
  mine: string;
  /** The user changed this field too: saving theirs or mine is a real choice. */
  bothChanged: boolean;
};

/**
 * Someone saved the worker after this form loaded it. Shows what they changed and lets the
 * user either take their version or save over it; the user's input is never dropped silently.
 */
export function ConflictPanel({
  rows,
  savedAgo,
  busy,
  onDiscard,
  onOverwrite,
}: {
  rows: ConflictRow[];
  savedAgo: string;
  busy: boolean;
  onDiscard: () => void;
  onOverwrite: () => void;
}) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    headingRef.current?.scrollIntoView({ block: "center", behavior: calm ? "auto" : "smooth" });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  const both = rows.filter((r) => r.bothChanged);
  const theirsOnly = rows.filter((r) => !r.bothChanged);

  return (
    <div
      role="alert"
      aria-labelledby={titleId}
      className="rounded-xl bg-amber-50 p-4 ring-1 ring-amber-300 ring-inset sm:p-6"
    >
      <div className="flex gap-3">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="mt-0.5 size-5 shrink-0 text-amber-600"
        >
          <path
            fillRule="evenodd"
            d="M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
            clipRule="evenodd"
          />
        </svg>
        <div className="min-w-0 flex-1">
          <h2
            id={titleId}
            ref={headingRef}
            tabIndex={-1}
            className="text-base font-semibold text-amber-950 focus:outline-none"
          >
            Someone else saved this worker while you were editing
          </h2>
          <p className="mt-1 text-sm text-amber-900">
            Their version was saved {savedAgo}. Nothing of yours has been saved or lost yet.
          </p>

          {both.length > 0 && (
            <div className="mt-4">
              <h3 className="text-sm font-semibold text-amber-950">You both changed</h3>
              <ul className="mt-1 space-y-1 text-sm text-slate-900">
                {both.map((r) => (
                  <li key={r.label} className="break-words">
                    <span className="font-medium">{r.label}:</span>{" "}
                    <span className="rounded bg-white/70 px-1 ring-1 ring-amber-200">
                      {r.theirs}
                    </span>{" "}
                    →{" "}
                    <span className="rounded bg-white px-1 font-medium ring-1 ring-indigo-200">
                      {r.mine}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {theirsOnly.length > 0 && (
            <div className="mt-4">
              <h3 className="text-sm font-semibold text-amber-950">
                Only they changed (kept either way)
              </h3>
              <ul className="mt-1 space-y-1 text-sm text-slate-900">
                {theirsOnly.map((r) => (
                  <li key={r.label} className="break-words">
                    <span className="font-medium">{r.label}:</span> {r.theirs}{" "}
                    <span className="text-slate-600">(was {r.mine} when you opened it)</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {rows.length === 0 && (
            <p className="mt-3 text-sm text-amber-900">
              Their save did not change any field shown here.
            </p>
          )}
          {both.length === 0 && rows.length > 0 && (
            <p className="mt-3 text-sm text-amber-900">
              None of the fields you changed were changed by them, so saving yours keeps both.
            </p>
          )}

          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <Button variant="secondary" onClick={onDiscard} disabled={busy}>
              Discard mine and reload
            </Button>
            <Button onClick={onOverwrite} busy={busy}>
              Overwrite with mine
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
