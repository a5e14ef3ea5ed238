"use client";

import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from "@headlessui/react";
import { type RefObject, useId, useState } from "react";
import { BadgeSearchStatus } from "@/components/badges/badge-search-status";
import { ComboboxToggle } from "@/components/ui/combobox-toggle";
import { inputClass } from "@/components/ui/field";
import { useBadges } from "@/lib/portal/client/hooks/use-badges";
import { useDebounced } from "@/lib/portal/client/use-debounced";
import type { PickedBadge } from "./badge-picker";

/** "Add a badge": search the company's badges and pick one (badges in `taken` are listed, not pickable). */
export function BadgeSearch({
  taken,
  onPick,
  error,
  inputRef,
}: {
  taken: ReadonlySet<string>;
  onPick: (badge: PickedBadge) => void;
  error?: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const [query, setQuery] = useState("");
  const search = useDebounced(query.trim(), 250);
  const results = useBadges(search);
  const errorId = useId();
  const searching = results.isFetching && (search !== query.trim() || results.isPlaceholderData);
  const options = results.data?.items ?? [];
  const pick = (badge: PickedBadge | null) => {
    if (!badge || taken.has(badge.id)) return;
    onPick(badge);
    setQuery("");
  };

  return (
    <Field className="mt-4">
      <Label className="block text-sm font-medium text-slate-800">Add a badge</Label>
      <Combobox<PickedBadge | null>
        value={null}
        onChange={pick}
        onClose={() => setQuery("")}
        immediate
      >
        <div className="relative mt-1">
          <ComboboxInput<PickedBadge | null>
            ref={inputRef}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            className={`${inputClass(Boolean(error))} pr-10`}
            placeholder="Search badges by name"
            autoComplete="off"
            displayValue={() => query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <ComboboxToggle label="Show all badges" />
        </div>
        <ComboboxOptions
          anchor={{ to: "bottom start", gap: 4 }}
          className="z-50 max-h-72 w-(--input-width) overflow-y-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-max-height:18rem] empty:invisible"
        >
          <BadgeSearchStatus
            searching={searching}
            failed={results.isError}
            loaded={Boolean(results.data)}
            empty={options.length === 0}
            search={search}
          />
          {options.map((b) => {
            const id = String(b.id);
            const assigned = taken.has(id);
            return (
              <ComboboxOption
                key={id}
                value={{ id, name: b.name }}
                disabled={assigned}
                aria-label={assigned ? `${b.name}, assigned` : b.name}
                className="group flex cursor-default items-start gap-3 px-3 py-2 select-none data-disabled:cursor-not-allowed data-focus:bg-indigo-600 data-focus:text-white"
              >
                <span className="min-w-0 flex-1">
                  <span
                    className={`block truncate font-medium ${assigned ? "text-slate-500" : ""}`}
                  >
                    {b.name}
                  </span>
                  {b.description && (
                    <span className="block truncate text-xs text-slate-500 group-data-focus:text-indigo-100">
                      {b.description}
                    </span>
                  )}
                </span>
                {assigned && (
                  <span className="mt-0.5 shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 ring-1 ring-slate-200 ring-inset">
                    Assigned
                  </span>
                )}
              </ComboboxOption>
            );
          })}
          {searching && options.length > 0 && (
            <div className="px-3 py-1.5 text-xs text-slate-500">Searching…</div>
          )}
        </ComboboxOptions>
      </Combobox>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : (
        <Description className="mt-1 text-xs text-slate-500">
          Type to search. New badges are added when you save.
        </Description>
      )}
    </Field>
  );
}
