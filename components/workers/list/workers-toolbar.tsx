"use client";

import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { SelectField } from "@/components/ui/field";
import { SearchInput } from "@/components/ui/search-input";
import type { Badge } from "@/lib/portal/types";
import { TOOLBAR_CELLS, TOOLBAR_GRID } from "./columns";
import { type ListState, SORT_OPTIONS } from "./list-params";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search, filters and sort. Everything it changes goes to the address bar through `onChange`;
 * only the text being typed is held here until it settles.
 */
/**
 * The Status menu as the list's pills read (./worker-status.tsx): Suspended outranks the
 * invitation, so Invited and Invite expired leave suspended workers out, and Active means
 * joined and not suspended. Kept in the URL as `suspended` and `invitation`.
 */
const STATUS_CHOICES: Record<string, Pick<ListState, "suspended" | "invitation">> = {
  "": { suspended: "", invitation: "" },
  active: { suspended: "false", invitation: "accepted" },
  invited: { suspended: "false", invitation: "invited" },
  expired: { suspended: "false", invitation: "expired" },
  suspended: { suspended: "true", invitation: "" },
};

function statusChoice(s: Pick<ListState, "suspended" | "invitation">): string {
  if (s.suspended === "true") return "suspended";
  if (s.invitation === "invited" || s.invitation === "expired") return s.invitation;
  return s.suspended === "false" ? "active" : "";
}

export function WorkersToolbar({
  state,
  badges,
  badgesLoading,
  onChange,
  searchRef,
  extendedFilters,
}: {
  state: ListState;
  badges: Badge[];
  badgesLoading: boolean;
  onChange: (patch: Partial<ListState>, mode: "push" | "replace") => void;
  /** The search box, so focus can go back to it (after "Clear filters"). */
  searchRef: RefObject<HTMLInputElement | null>;
  /**
   * Badge, status and sort are additions of our own API; another upstream (the real service)
   * may ignore them, so they are offered only where they work.
   */
  extendedFilters: boolean;
}) {
  const [text, setText] = useState(state.q);
  // The value this component last wrote to the URL: when the URL catches up with it, the
  // input must not be reset (the user may have typed more in the meantime).
  const written = useRef<string | null>(null);

  // The URL changed from elsewhere (back button, "Clear filters"): show what it says.
  useEffect(() => {
    if (written.current !== null && state.q === written.current) {
      written.current = null;
      return;
    }
    setText((prev) => (prev.trim() === state.q ? prev : state.q));
  }, [state.q]);

  // Typing settles for a moment → one history entry replaced, back on page 1.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const next = text.trim();
    if (next === state.q) return;
    pending.current = setTimeout(() => {
      written.current = next;
      onChange({ q: next, page: 1 }, "replace");
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(pending.current);
  }, [text, state.q, onChange]);

  // A link followed while the search is still settling (a row of the results already shown)
  // leaves the list: the pending search must not pull the page back to it afterwards.
  useEffect(() => {
    const leaving = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest("a[href]")) clearTimeout(pending.current);
    };
    document.addEventListener("click", leaving, true);
    return () => document.removeEventListener("click", leaving, true);
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = text.trim();
    if (next !== state.q) {
      written.current = next;
      onChange({ q: next, page: 1 }, "replace");
    }
  };

  const selectedBadgeKnown = !state.badge || badges.some((b) => String(b.id) === state.badge);

  return (
    <search aria-label="Filter workers">
      <form onSubmit={submit} className={TOOLBAR_GRID}>
        <div className={TOOLBAR_CELLS.search}>
          <SearchInput
            ref={searchRef}
            label="Search workers"
            value={text}
            onValueChange={setText}
            placeholder="Name, e-mail, phone or external ID"
          />
        </div>
        {extendedFilters && (
          <>
            <SelectField
              label="Badge"
              className={TOOLBAR_CELLS.badge}
              value={state.badge}
              onChange={(e) => onChange({ badge: e.target.value, page: 1 }, "push")}
            >
              <option value="">Any badge</option>
              {badges.map((b) => (
                <option key={b.id} value={String(b.id)}>
                  {b.name}
                </option>
              ))}
              {/* A shared link may name a badge that is not (yet) in the list: keep it selectable. */}
              {!selectedBadgeKnown && (
                <option value={state.badge}>
                  {badgesLoading ? "Loading…" : `Badge #${state.badge}`}
                </option>
              )}
            </SelectField>
            <SelectField
              label="Status"
              className={TOOLBAR_CELLS.status}
              value={statusChoice(state)}
              onChange={(e) => onChange({ ...STATUS_CHOICES[e.target.value], page: 1 }, "push")}
            >
              <option value="">Any</option>
              <option value="active">Active</option>
              <option value="invited">Invited</option>
              <option value="expired">Invite expired</option>
              <option value="suspended">Suspended</option>
            </SelectField>
            <SelectField
              label="Sort"
              className={TOOLBAR_CELLS.sort}
              value={state.sort}
              onChange={(e) => onChange({ sort: e.target.value, page: 1 }, "push")}
            >
              {SORT_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </SelectField>
          </>
        )}
      </form>
    </search>
  );
}
