"use client";

import { ComboboxButton } from "@headlessui/react";
import { ChevronUpDown } from "./chevron-up-down";

/** The up/down chevron at the right end of a combobox input, opening the full list. */
export function ComboboxToggle({ label }: { label: string }) {
  return (
    <ComboboxButton
      aria-label={label}
      className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-2.5 text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ChevronUpDown />
    </ComboboxButton>
  );
}
