"use client";

import dynamic from "next/dynamic";
import { useState, useSyncExternalStore } from "react";
import { comboKeys, isApplePlatform, useShortcut } from "@/lib/portal/client/shortcuts";

const PaletteDialog = dynamic(
  () => import("@/components/portal/palette-dialog").then((m) => m.PaletteDialog),
  { ssr: false },
);

const noSubscribe = () => () => {};
/** ⌘ on Apple platforms, Ctrl elsewhere; the server (and hydration) says Ctrl. */
function useApple(): boolean {
  return useSyncExternalStore(noSubscribe, isApplePlatform, () => false);
}

/**
 * The command palette: Ctrl+K (⌘K) or the header's "Jump to…" button opens a dialog whose
 * combobox finds a page of the portal or a worker by name, and Enter goes there. "?" opens it
 * with the keyboard shortcuts shown. This is the part in every page's header (the button and
 * the keys); the dialog itself is loaded when first opened.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const [showHelp, setShowHelp] = useState(false);
  // Whether the palette has been opened on this page: from then on its dialog is mounted.
  const [opened, setOpened] = useState(false);
  const apple = useApple();
  const shortcut = comboKeys("mod+k", apple).join(apple ? "" : "+");

  const show = (help: boolean) => {
    setShowHelp(help);
    setOpened(true);
    setOpen(true);
  };
  useShortcut("mod+k", () => (open ? setOpen(false) : show(false)), {
    allowInFields: true,
    description: "Open the command palette",
  });
  useShortcut("?", () => show(true), { description: "Show keyboard shortcuts" });

  return (
    <>
      <button
        type="button"
        onClick={() => show(false)}
        aria-haspopup="dialog"
        aria-keyshortcuts={apple ? "Meta+K" : "Control+K"}
        title={`Jump to a page or worker (${shortcut})`}
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:px-3 lg:px-2 2xl:px-3"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.33 3.33a.75.75 0 1 1-1.06 1.06l-3.33-3.33A7 7 0 0 1 2 9Z"
            clipRule="evenodd"
          />
        </svg>
        {/* Words where the header has room: a tablet (the links have their own row) and a
            wide screen; a phone and a laptop see the magnifier, with the words as its name. */}
        <span className="sr-only sm:not-sr-only lg:sr-only 2xl:not-sr-only">Jump to…</span>
        {/* The button says its key in aria-keyshortcuts and its tooltip; the hint is for the eye,
            where the header has room for it. */}
        <span
          aria-hidden="true"
          className="hidden rounded border border-slate-200 px-1.5 text-xs text-slate-500 2xl:inline"
        >
          {shortcut}
        </span>
      </button>
      {/* Loaded on first use: the combobox and dialog are not in any page's first-load JS. */}
      {opened && (
        <PaletteDialog
          open={open}
          onClose={() => setOpen(false)}
          showHelp={showHelp}
          onShowHelp={() => setShowHelp(true)}
          apple={apple}
        />
      )}
    </>
  );
}
