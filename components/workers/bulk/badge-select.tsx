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
import { useState } from "react";
import { BadgeSearchStatus } from "@/components/badges/badge-search-status";
import { ComboboxToggle } from "@/components/ui/combobox-toggle";
import { inputClass } from "@/components/ui/field";
import { useBadges } from "@/lib/portal/client/hooks/use-badges";
import type { BulkBadge } from "@/lib/portal/client/hooks/use-bulk-badges";
import { useDebounced } from "@/lib/portal/client/use-debounced";

/**
 * One badge of the company, searched by name on the server (GET /badges?query=), as the badge
 * picker on a worker's page does: keyboard-operable, type to narrow.
 */
export function BadgeSelect({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: BulkBadge | null;
  onChange: (badge: BulkBadge | null) => void;
}) {
  const [query, setQuery] = useState("");
  const search = useDebounced(query.trim(), 250);
  const results = useBadges(search);
  const options = results.data?.items ?? [];
  const searching = results.isFetching && (search !== query.trim() || results.isPlaceholderData);

  return (
    <Field>
      <Label className="block text-sm font-medium text-slate-800">{label}</Label>
      <Combobox<BulkBadge | null>
        value={value}
        by="id"
        onChange={(b) => {
          onChange(b);
          setQuery("");
        }}
        onClose={() => setQuery("")}
        immediate
      >
        <div className="relative mt-1">
          <ComboboxInput<BulkBadge | null>
            className={`${inputClass(false)} pr-10`}
            placeholder="Search badges by name"
            autoComplete="off"
            displayValue={(b) => b?.name ?? ""}
            onChange={(e) => setQuery(e.target.value)}
          />
          <ComboboxToggle label="Show all badges" />
        </div>
        <ComboboxOptions
          anchor={{ to: "bottom start", gap: 4 }}
          // Inside a dialog already: the rest of it (its title, its buttons) stays readable.
          modal={false}
          className="z-[60] max-h-64 w-(--input-width) overflow-y-auto rounded-lg bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-max-height:16rem] empty:invisible"
        >
          <BadgeSearchStatus
            searching={searching}
            failed={results.isError}
            loaded={Boolean(results.data)}
            empty={options.length === 0}
            search={search}
          />
          {options.map((b) => (
            <ComboboxOption
              key={b.id}
              value={{ id: String(b.id), name: b.name }}
              className="group flex cursor-default items-start gap-3 px-3 py-2 select-none data-focus:bg-indigo-600 data-focus:text-white"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{b.name}</span>
                {b.description && (
                  <span className="block truncate text-xs text-slate-500 group-data-focus:text-indigo-100">
                    {b.description}
                  </span>
                )}
              </span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className="invisible mt-0.5 size-4 shrink-0 group-data-selected:visible"
              >
                <path
                  fillRule="evenodd"
                  d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
                  clipRule="evenodd"
                />
              </svg>
            </ComboboxOption>
          ))}
        </ComboboxOptions>
      </Combobox>
      <Description className="mt-1 text-xs text-slate-500">{hint}</Description>
    </Field>
  );
}
