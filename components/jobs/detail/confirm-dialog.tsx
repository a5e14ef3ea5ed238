"use client";

import { type ReactNode, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * A modal question before something that cannot be undone. The browser's own <dialog>
 * (showModal: focus trapped, the page behind inert, Escape closes) rather than a dialog
 * library: this page must stay light, and it needs nothing more.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  keepLabel = "Keep it",
  busy = false,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  keepLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal?.();
      // The safe choice first: Enter or a stray tap keeps things as they are.
      d.querySelector<HTMLButtonElement>("[data-keep]")?.focus();
    }
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      // Escape: closed by the browser; the parent hears of it, unless the change is on its way.
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-left shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
    >
      {open && (
        <form
          method="dialog"
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm();
          }}
        >
          <div className="px-6 pt-6 pb-4">
            <h2 id={titleId} className="text-base font-semibold text-pretty text-slate-900">
              {title}
            </h2>
            <div id={bodyId} className="mt-2 space-y-3 text-sm text-slate-600">
              {children}
            </div>
            <p aria-live="polite" className="mt-3 text-sm font-medium text-red-700 empty:hidden">
              {error}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-3 border-t border-slate-100 px-6 py-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy} data-keep>
              {keepLabel}
            </Button>
            <Button type="submit" variant="danger" busy={busy}>
              {confirmLabel}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
