"use client";

import {
  Combobox,
  ComboboxInput,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  Field,
  Label,
} from "@headlessui/react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { PaletteResults, type PaletteTarget } from "@/components/portal/palette-results";
import { ShortcutHelp } from "@/components/portal/shortcut-help";

type Props = {
  open: boolean;
  onClose: () => void;
  showHelp: boolean;
  onShowHelp: () => void;
  /** ⌘ rather than Ctrl in the keys shown. */
  apple: boolean;
};

/**
 * The command palette's dialog: a combobox over the portal's pages and its workers; choosing
 * one goes there. Headless UI gives the dialog its focus trap (and gives focus back on close)
 * and the combobox its ARIA (listbox, active option, Escape).
 */
export function PaletteDialog({ open, onClose, showHelp, onShowHelp, apple }: Props) {
  return (
    <Dialog open={open} onClose={onClose} aria-label="Command palette" className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
      <div className="fixed inset-0 overflow-y-auto p-3 sm:p-6 md:pt-[12vh]">
        <DialogPanel className="mx-auto max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10">
          {/* Unmounted while closed: every opening starts from an empty query. */}
          <PaletteBody
            onClose={onClose}
            showHelp={showHelp}
            onShowHelp={onShowHelp}
            apple={apple}
          />
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function PaletteBody({ onClose, showHelp, onShowHelp, apple }: Omit<Props, "open">) {
  const [query, setQuery] = useState("");
  const router = useRouter();
  const helpId = useId();
  const go = (target: PaletteTarget | null) => {
    if (!target) return;
    onClose();
    router.push(target.href);
  };
  return (
    <>
      <Field>
        <Label className="sr-only">Jump to a page or worker</Label>
        <Combobox<PaletteTarget | null> value={null} onChange={go}>
          <div className="relative border-b border-slate-100">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-slate-400"
            >
              <path
                fillRule="evenodd"
                d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.33 3.33a.75.75 0 1 1-1.06 1.06l-3.33-3.33A7 7 0 0 1 2 9Z"
                clipRule="evenodd"
              />
            </svg>
            <ComboboxInput<PaletteTarget | null>
              autoFocus
              placeholder="Type a page or a worker’s name…"
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              className="h-12 w-full border-0 bg-transparent pr-4 pl-11 text-base text-slate-900 placeholder:text-slate-400 focus:ring-0 focus:outline-none sm:text-sm"
              displayValue={() => query}
              onChange={(e) => setQuery(e.target.value)}
              // Escape closes the palette at once (the combobox would first only close its
              // list, which here is always shown).
              onKeyDown={(e) => {
                if (e.key !== "Escape") return;
                e.preventDefault();
                onClose();
              }}
            />
          </div>
          <PaletteResults query={query} />
        </Combobox>
      </Field>
      {showHelp ? (
        <ShortcutHelp apple={apple} id={helpId} />
      ) : (
        <div className="flex items-center justify-between gap-3 border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
          <span className="hidden sm:inline">↑↓ to move · Enter to open · Esc to close</span>
          <button
            type="button"
            onClick={onShowHelp}
            className="rounded px-1 py-0.5 font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Keyboard shortcuts
          </button>
        </div>
      )}
    </>
  );
}
