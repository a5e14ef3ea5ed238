"use client";

import { ComboboxButton } from "@headlessui/react";

/** The up/down chevron at the right end of a combobox input, opening the full list. */
export function ComboboxToggle({ label }: { label: string }) {
  return (
    <ComboboxButton
      aria-label={label}
      className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-2.5 text-slate-500 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
        <path
          fillRule="evenodd"
          d="M10.53 3.47a.75.75 0 0 0-1.06 0L6.22 6.72a.75.75 0 0 0 1.06 1.06L10 5.06l2.72 2.72a.75.75 0 1 0 1.06-1.06l-3.25-3.25Zm-4.31 9.81 3.25 3.25a.75.75 0 0 0 1.06 0l3.25-3.25a.75.75 0 1 0-1.06-1.06L10 14.94l-2.72-2.72a.75.75 0 0 0-1.06 1.06Z"
          clipRule="evenodd"
        />
      </svg>
    </ComboboxButton>
  );
}
