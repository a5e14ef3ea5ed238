"use client";

import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

export type SaveStatus = "clean" | "dirty" | "saving" | "saved" | "reloaded" | "conflict";

const STATUS_TEXT: Record<SaveStatus, (n: number) => string> = {
  clean: () => "No unsaved changes",
  dirty: (n) => (n === 1 ? "1 unsaved change" : `${n} unsaved changes`),
  saving: () => "Saving…",
  saved: () => "Saved",
  reloaded: () => "Showing the latest saved version",
  conflict: () => "Choose how to resolve the conflict above",
};

/** Sticky at the bottom of the form: where the user's eyes are when they save. */
export function SaveBar({
  status,
  changeCount,
  canSave,
  busy,
  onDiscard,
  error,
}: {
  status: SaveStatus;
  changeCount: number;
  canSave: boolean;
  busy: boolean;
  onDiscard: () => void;
  error?: ReactNode;
}) {
  return (
    // Follows the user down the page once there is something to save or to read; at rest it
    // waits at the end of the form, so a phone screen is not covered for nothing.
    <div
      className={`bottom-3 z-20 mt-10 rounded-xl bg-white/95 px-4 py-2.5 ring-1 ring-slate-900/10 backdrop-blur sm:bottom-4 sm:px-5 sm:py-3 ${
        status === "clean" && !error ? "shadow-sm" : "sticky shadow-lg"
      }`}
    >
      {error && <div className="mb-3">{error}</div>}
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <p
          role="status"
          className={`flex items-center gap-2 text-sm ${
            status === "saved"
              ? "font-medium text-emerald-700"
              : status === "dirty"
                ? "font-medium text-amber-800"
                : "text-slate-600"
          }`}
        >
          {status === "saved" && (
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
                clipRule="evenodd"
              />
            </svg>
          )}
          {status === "dirty" && (
            <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
          )}
          <span>{STATUS_TEXT[status](changeCount)}</span>
        </p>
        <div className="flex flex-1 justify-end gap-3 sm:flex-none">
          <Button variant="secondary" onClick={onDiscard} disabled={busy || status !== "dirty"}>
            Discard changes
          </Button>
          <Button type="submit" busy={busy} disabled={!canSave}>
            Save changes
          </Button>
        </div>
      </div>
    </div>
  );
}
