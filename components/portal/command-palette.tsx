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
import { useId, useState, useSyncExternalStore } from "react";
import { PaletteResults, type PaletteTarget } from "@/components/portal/palette-results";
import { ShortcutHelp } from "@/components/portal/shortcut-help";
import { comboKeys, isApplePlatform, useShortcut } from "@/lib/portal/client/shortcuts";

const noSubscribe = () => () => {};
/** ⌘ on Apple platforms, Ctrl elsewhere; the server (and hydration) says Ctrl. */
function useApple(): boolean {
  return useSyncExternalStore(noSubscribe, isApplePlatform, () => false);
}

/**
 * The command palette: Ctrl+K (⌘K) or the header's "Jump to…" button opens a dialog whose
 * combobox finds a page of the portal or a worker by name, and Enter goes there. "?" opens it
 * with the keyboard shortcuts shown. Headless UI gives the dialog its focus trap and the
 * combobox its ARIA (active option, listbox, Escape).
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [showHelp, setShowHelp] = useState(false);
  const [query, setQuery] = useState("");
  const router = useRouter();
  const apple = useApple();
  const helpId = useId();
  const shortcut = comboKeys("mod+k", apple).join(apple ? "" : "+");

  const show = (help: boolean) => {
    setShowHelp(help);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery("");
  };
  useShortcut("mod+k", () => (open ? close() : show(false)), {
    allowInFields: true,
    description: "Open the command palette",
  });
  useShortcut("?", () => show(true), { description: "Show keyboard shortcuts" });

  const go = (target: PaletteTarget | null) => {
    if (!target) return;
    close();
    router.push(target.href);
  };

  return (
    <>
      <button
        type="button"
        onClick={() => show(false)}
        aria-haspopup="dialog"
        aria-keyshortcuts={apple ? "Meta+K" : "Control+K"}
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:px-3"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.33 3.33a.75.75 0 1 1-1.06 1.06l-3.33-3.33A7 7 0 0 1 2 9Z"
            clipRule="evenodd"
          />
        </svg>
        <span className="sr-only sm:not-sr-only">Jump to…</span>
        {/* The button says its key in aria-keyshortcuts; the hint is for the eye. */}
        <span
          aria-hidden="true"
          className="hidden rounded border border-slate-200 px-1.5 text-xs text-slate-500 lg:inline"
        >
          {shortcut}
        </span>
      </button>
      <Dialog open={open} onClose={close} aria-label="Command palette" className="relative z-50">
        <DialogBackdrop className="fixed inset-0 bg-slate-900/40" />
        <div className="fixed inset-0 overflow-y-auto p-3 sm:p-6 md:pt-[12vh]">
          <DialogPanel className="mx-auto max-w-xl overflow-hidden rounded-xl bg-white shadow-2xl ring-1 ring-slate-900/10">
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
                  onClick={() => setShowHelp(true)}
                  className="rounded px-1 py-0.5 font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  Keyboard shortcuts
                </button>
              </div>
            )}
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
