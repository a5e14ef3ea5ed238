"use client";

import { ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { type ReactNode, useId } from "react";
import { matchPages } from "@/components/portal/palette-pages";
import { useHolds } from "@/components/portal/portal-access";
import { useWorkers } from "@/lib/portal/client/hooks/use-workers";
import { useDebounced } from "@/lib/portal/client/use-debounced";
import { useRememberedHref } from "@/lib/portal/client/use-list-memory";
import type { Worker } from "@/lib/portal/types";

/** What an option leads to. */
export type PaletteTarget = { href: string; label: string };

/** Workers are searched from this many characters on, a few at a time, once typing pauses. */
export const WORKER_SEARCH_MIN = 2;
export const WORKER_RESULTS = 5;
const DEBOUNCE_MS = 200;

function workerName(w: Worker): string {
  const name = [w.first_name, w.last_name].filter(Boolean).join(" ").trim();
  return name || w.email || `Worker #${w.id}`;
}

function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    // A group of options inside a listbox: a fieldset has no place there.
    // biome-ignore lint/a11y/useSemanticElements: ARIA's listbox > group > option structure
    <div role="group" aria-labelledby={id} className="px-2 not-first:mt-2">
      <div
        id={id}
        role="presentation"
        className="px-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        {label}
      </div>
      {children}
    </div>
  );
}

const optionClass =
  "group flex cursor-default items-center gap-3 rounded-lg px-2 py-2 select-none data-focus:bg-indigo-600 data-focus:text-white";

/**
 * The palette's results: the pages that match, then the workers whose name matches (the
 * workers list API's search through the portal proxy). What is going on (searching, nothing
 * found, a failed search) is said in a live region beside the listbox.
 */
export function PaletteResults({ query }: { query: string }) {
  const workersHref = useRememberedHref("/workers");
  const jobsHref = useRememberedHref("/jobs");
  const typed = query.trim();
  const search = useDebounced(typed, DEBOUNCE_MS);
  const searchable = search.length >= WORKER_SEARCH_MIN;
  const workers = useWorkers({ q: search, page: 1, per: WORKER_RESULTS }, { enabled: searchable });
  // The list lives in the nav remembers its last view; so does the palette's jump to it.
  const holds = useHolds();
  const pages = matchPages(typed, holds).map((p) => ({
    ...p,
    href: p.href === "/workers" ? workersHref : p.href === "/jobs" ? jobsHref : p.href,
  }));
  const waiting = typed.length >= WORKER_SEARCH_MIN && (search !== typed || workers.isFetching);
  const found = searchable && !workers.isPlaceholderData ? (workers.data?.items ?? []) : [];
  const shown = waiting ? (workers.data?.items ?? []) : found;

  let status = "";
  if (waiting) status = "Searching workers…";
  else if (searchable && workers.isError) status = "Workers could not be searched. Try again.";
  else if (pages.length === 0 && shown.length === 0) status = `Nothing matches “${typed}”.`;
  else if (searchable) {
    status = `${shown.length === 0 ? "No" : shown.length} worker${shown.length === 1 ? "" : "s"} found.`;
  }

  return (
    <>
      {/* Not modal: the status line and the shortcuts below stay readable and usable (the
          dialog around already keeps focus in). */}
      <ComboboxOptions
        static
        modal={false}
        as="div"
        className="max-h-[min(24rem,55dvh)] scroll-py-2 overflow-y-auto py-2 text-sm empty:hidden"
      >
        {pages.length > 0 && (
          <Group label="Pages">
            {pages.map((p) => (
              <ComboboxOption
                key={p.label}
                value={{ href: p.href, label: p.label }}
                className={optionClass}
              >
                <span className="grid size-6 shrink-0 place-items-center rounded bg-slate-100 text-slate-500 group-data-focus:bg-indigo-500 group-data-focus:text-white">
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 20 20"
                    fill="currentColor"
                    className="size-3.5"
                  >
                    <path
                      fillRule="evenodd"
                      d="M3 10a.75.75 0 0 1 .75-.75h10.64l-3.22-3.22a.75.75 0 1 1 1.06-1.06l4.5 4.5a.75.75 0 0 1 0 1.06l-4.5 4.5a.75.75 0 1 1-1.06-1.06l3.22-3.22H3.75A.75.75 0 0 1 3 10Z"
                      clipRule="evenodd"
                    />
                  </svg>
                </span>
                <span className="font-medium">{p.label}</span>
              </ComboboxOption>
            ))}
          </Group>
        )}
        {shown.length > 0 && (
          <Group label="Workers">
            {shown.map((w) => {
              const name = workerName(w);
              return (
                <ComboboxOption
                  key={w.id}
                  value={{ href: `/workers/${w.id}`, label: name }}
                  aria-label={w.email && w.email !== name ? `${name}, ${w.email}` : name}
                  className={optionClass}
                >
                  <span
                    aria-hidden="true"
                    className="grid size-6 shrink-0 place-items-center rounded-full bg-indigo-50 text-[0.65rem] font-semibold text-indigo-700 group-data-focus:bg-indigo-500 group-data-focus:text-white"
                  >
                    {name.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="min-w-0 flex-1 truncate">
                    <span className="font-medium">{name}</span>
                    {w.email && w.email !== name && (
                      <span className="ml-2 text-slate-500 group-data-focus:text-indigo-100">
                        {w.email}
                      </span>
                    )}
                  </span>
                </ComboboxOption>
              );
            })}
          </Group>
        )}
      </ComboboxOptions>
      <p role="status" className="px-4 pb-2 text-sm text-slate-500 empty:hidden">
        {status}
      </p>
    </>
  );
}
