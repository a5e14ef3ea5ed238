"use client";

import { useQueries } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useMemo, useRef, useState } from "react";
import { ChevronUpDown } from "@/components/ui/chevron-up-down";
import { inputClass } from "@/components/ui/field";
import { apiFetch } from "@/lib/portal/client/fetcher";
import { keys } from "@/lib/portal/client/hooks/query-keys";
import { useBadges } from "@/lib/portal/client/hooks/use-badges";
import type { Badge, UserBadge } from "@/lib/portal/types";

/** A badge picked in this edit: id and name kept here, not looked up in the latest search. */
export type PickedBadge = { id: string; name: string };

/** Badge changes not saved yet: badges to add, and badge ids (of saved badges) to remove. */
export type BadgeEdit = { adds: PickedBadge[]; removals: string[] };

export const EMPTY_BADGE_EDIT: BadgeEdit = { adds: [], removals: [] };

type UserBadgeAttribute = { badge_id: string } | { id: number; _destroy: true };

/**
 * The PATCH body's `user_badges_attributes` for `edit`, against the badges the worker holds
 * now: adds of badges it already holds and removals of badges it no longer holds are dropped,
 * so a re-save after someone else's change asks for exactly what is still needed.
 */
export function badgeAttributes(edit: BadgeEdit, held: UserBadge[]): UserBadgeAttribute[] {
  const heldIds = new Set(held.map((b) => b.badge_id));
  const removals = edit.removals.flatMap((badgeId): UserBadgeAttribute[] => {
    const row = held.find((b) => b.badge_id === badgeId);
    return row ? [{ id: row.id, _destroy: true }] : [];
  });
  const adds = edit.adds
    .filter((b) => !heldIds.has(b.id))
    .map((b): UserBadgeAttribute => ({ badge_id: b.id }));
  return [...removals, ...adds];
}

/** Badge names for ids: from the first page of badges, and one by one for any beyond it. */
export function useBadgeNames(ids: readonly string[]): Map<string, string> {
  const list = useBadges("");
  const fromList = useMemo(() => {
    const m = new Map<string, string>();
    for (const b of list.data?.items ?? []) m.set(String(b.id), b.name);
    return m;
  }, [list.data]);
  const missing = list.isPending ? [] : ids.filter((id) => !fromList.has(id));
  const singles = useQueries({
    queries: missing.map((id) => ({
      queryKey: [...keys.badges, "detail", id] as const,
      queryFn: async () => (await apiFetch<Badge>(`badges/${id}`)).data,
      staleTime: 5 * 60_000,
    })),
  });
  const names = new Map(fromList);
  for (const q of singles) if (q.data) names.set(String(q.data.id), q.data.name);
  return names;
}

/**
 * The search box is Headless UI's Combobox (with Floating UI and a virtualiser): most of the
 * edit page's code. It loads beside the worker's data and, until then, an inert copy of the
 * box holds its place, so nothing moves when it arrives.
 */
export const loadBadgeSearch = () => import("./badge-search");
export const LazyBadgeSearch = dynamic(() => loadBadgeSearch().then((m) => m.BadgeSearch), {
  ssr: false,
  loading: () => <BadgeSearchPlaceholder />,
});

function BadgeSearchPlaceholder() {
  return (
    <div className="mt-4" aria-hidden="true">
      <p className="block text-sm font-medium text-slate-800">Add a badge</p>
      <div className="relative mt-1">
        <input
          readOnly
          tabIndex={-1}
          className={`${inputClass(false)} pr-10`}
          placeholder="Search badges by name"
        />
        <span className="absolute inset-y-0 right-0 flex items-center px-2.5 text-slate-500">
          <ChevronUpDown />
        </span>
      </div>
      <p className="mt-1 text-xs text-slate-500">
        Type to search. New badges are added when you save.
      </p>
    </div>
  );
}

type Props = {
  /** Badges the worker holds (as last loaded). */
  held: UserBadge[];
  value: BadgeEdit;
  onChange: (next: BadgeEdit) => void;
  /** The server's refusal (duplicate_badge), shown next to the picker. */
  error?: string | null;
  readOnly?: boolean;
};

/**
 * The worker's badges as chips, and a searchable combobox to add more. Badges the worker holds
 * or that were picked in this edit are listed as "Assigned" and cannot be chosen again.
 */
export function BadgePicker({ held, value, onChange, error, readOnly = false }: Props) {
  const heldIds = useMemo(() => held.map((b) => b.badge_id), [held]);
  const names = useBadgeNames(heldIds);
  const [announcement, setAnnouncement] = useState("");
  const chipsRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const taken = useMemo(
    () => new Set([...heldIds, ...value.adds.map((b) => b.id)]),
    [heldIds, value.adds],
  );
  const nameOf = (id: string) => names.get(id) ?? `Badge ${id}`;

  /** Focus moves to the control that replaced the one just used. */
  const focusLater = (selector: string | null) =>
    requestAnimationFrame(() => {
      const el = selector ? chipsRef.current?.querySelector<HTMLElement>(selector) : null;
      (el ?? inputRef.current)?.focus();
    });

  const pick = (badge: PickedBadge | null) => {
    if (!badge || taken.has(badge.id)) return;
    onChange({ ...value, adds: [...value.adds, badge] });
    setAnnouncement(`${badge.name} added. It is saved with your other changes.`);
  };
  const markRemoved = (id: string) => {
    onChange({ ...value, removals: [...value.removals, id] });
    setAnnouncement(`${nameOf(id)} will be removed when you save.`);
    focusLater(`[data-undo="${id}"]`);
  };
  const undoRemoval = (id: string) => {
    onChange({ ...value, removals: value.removals.filter((r) => r !== id) });
    setAnnouncement(`${nameOf(id)} kept.`);
    focusLater(`[data-remove="${id}"]`);
  };
  const dropPick = (badge: PickedBadge) => {
    onChange({ ...value, adds: value.adds.filter((b) => b.id !== badge.id) });
    setAnnouncement(`${badge.name} no longer added.`);
    focusLater(null);
  };

  const nothing = held.length === 0 && value.adds.length === 0;

  return (
    <div>
      {nothing ? (
        <p className="text-sm text-slate-500">No badges yet.</p>
      ) : (
        <ul ref={chipsRef} aria-label="Badges on this worker" className="flex flex-wrap gap-2">
          {held.map((b) => {
            const name = nameOf(b.badge_id);
            const removing = value.removals.includes(b.badge_id);
            return (
              <li
                key={b.id}
                className={`inline-flex items-center gap-1 rounded-full py-1 pr-1 pl-3 text-sm ring-1 ring-inset ${
                  removing
                    ? "bg-red-50 text-red-800 ring-red-200"
                    : "bg-slate-100 text-slate-800 ring-slate-200"
                } ${readOnly ? "pr-3" : ""}`}
              >
                <span className={removing ? "line-through decoration-red-400" : ""}>{name}</span>
                {removing && <span className="sr-only"> (removed when you save)</span>}
                {!readOnly &&
                  (removing ? (
                    <button
                      type="button"
                      data-undo={b.badge_id}
                      aria-label={`Undo removing ${name}`}
                      onClick={() => undoRemoval(b.badge_id)}
                      className="rounded-full px-2 text-xs font-semibold text-red-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      Undo
                    </button>
                  ) : (
                    <RemoveButton
                      data-remove={b.badge_id}
                      label={`Remove ${name}`}
                      onClick={() => markRemoved(b.badge_id)}
                    />
                  ))}
              </li>
            );
          })}
          {value.adds.map((b) => (
            <li
              key={`new-${b.id}`}
              className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm text-indigo-900 ring-1 ring-indigo-200 ring-inset"
            >
              <span>{b.name}</span>
              <span className="rounded-full bg-indigo-600 px-1.5 py-px text-[10px] font-semibold tracking-wide text-white uppercase">
                new<span className="sr-only">, added when you save</span>
              </span>
              <RemoveButton label={`Remove ${b.name}`} onClick={() => dropPick(b)} />
            </li>
          ))}
        </ul>
      )}

      {!readOnly && (
        <LazyBadgeSearch taken={taken} onPick={pick} error={error} inputRef={inputRef} />
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function RemoveButton({
  label,
  onClick,
  ...rest
}: { label: string; onClick: () => void } & Record<`data-${string}`, string>) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="grid size-6 place-items-center rounded-full opacity-60 hover:bg-black/5 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      {...rest}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="size-3.5">
        <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L6.94 8l-2.72 2.72a.75.75 0 1 0 1.06 1.06L8 9.06l2.72 2.72a.75.75 0 1 0 1.06-1.06L9.06 8l2.72-2.72a.75.75 0 0 0-1.06-1.06L8 6.94 5.28 4.22Z" />
      </svg>
    </button>
  );
}
