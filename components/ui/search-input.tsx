"use client";

import { forwardRef, useId, useImperativeHandle, useRef } from "react";
import { useShortcut } from "@/lib/portal/client/shortcuts";
import { inputClass } from "./field";

type Props = {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  placeholder?: string;
};

/**
 * A labelled search box with a magnifier and a "Clear search" button that keeps focus in it.
 * "/" (typed outside a field) puts the cursor in it, as on GitHub or Linear; with two on a
 * page, the one mounted last has it.
 */
export const SearchInput = forwardRef<HTMLInputElement, Props>(function SearchInput(
  { label, value, onValueChange, placeholder },
  ref,
) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current!, []);
  useShortcut(
    "/",
    () => {
      input.current?.focus();
      input.current?.select();
    },
    { description: label },
  );
  return (
    <>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        >
          <path
            fillRule="evenodd"
            d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.33 3.33a.75.75 0 1 1-1.06 1.06l-3.33-3.33A7 7 0 0 1 2 9Z"
            clipRule="evenodd"
          />
        </svg>
        <input
          ref={input}
          aria-keyshortcuts="/"
          id={id}
          type="search"
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          maxLength={200}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          className={`${inputClass(false)} pr-9 pl-9 [&::-webkit-search-cancel-button]:appearance-none`}
        />
        {value && (
          <button
            type="button"
            aria-label="Clear search"
            onClick={(e) => {
              onValueChange("");
              (e.currentTarget.previousElementSibling as HTMLInputElement | null)?.focus();
            }}
            className="absolute top-1/2 right-1.5 grid size-7 -translate-y-1/2 place-items-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
              <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
            </svg>
          </button>
        )}
      </div>
    </>
  );
});
