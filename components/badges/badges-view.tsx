"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useOffers, useRoleRefusal } from "@/components/portal/portal-access";
import { Alert } from "@/components/ui/alert";
import { Button, Spinner } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { useBadges } from "@/lib/portal/client/hooks/use-badges";
import { useDebounced } from "@/lib/portal/client/use-debounced";
import type { Badge, SessionSummary } from "@/lib/portal/types";
import { BadgeItem } from "./badge-item";
import { BadgeListSkeleton } from "./badge-list-skeleton";
import { CreateBadgeForm } from "./create-badge-form";
import { DeleteBadgeDialog } from "./delete-badge-dialog";

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The company's badges with a name search, how many workers hold each, and (private pool) the
 * form that creates one. Renaming and deleting are our API's additions: offered only when it is
 * the upstream (`ourApi`).
 */
export function BadgesView({ pool, ourApi }: { pool: SessionSummary["pool"]; ourApi: boolean }) {
  // Create, rename, delete: admins (and a private pool's keys); everyone else reads the list.
  const offersWrite = useOffers("badges.write");
  const roleRefusal = useRoleRefusal("badges.write", "create, rename or delete badges");
  const canCreate = pool !== "public" && offersWrite;
  const manageable = canCreate && ourApi;
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Badge | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const listRef = useRef<HTMLElement>(null);
  // After a deletion its row (and its Delete button) are gone: focus goes to the list it was
  // in. In an effect, so it comes after the dialog's own close (a child's effect runs first),
  // which hands focus back to the removed button.
  const [focusList, setFocusList] = useState(false);
  useEffect(() => {
    if (!focusList || deleting) return;
    setFocusList(false);
    listRef.current?.focus();
  }, [focusList, deleting]);
  const headingId = useId();
  const [text, setText] = useState("");
  const searchBox = useRef<HTMLInputElement>(null);
  const query = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const badges = useBadges(query);
  const [createdId, setCreatedId] = useState<number | null>(null);

  const data = badges.data;
  const items = data?.items ?? [];
  const total = data?.total ?? null;
  const updating = badges.isFetching && !badges.isPending;

  let summary = "";
  if (data) {
    const n = total ?? items.length;
    // Without a total (the real service gives none), a full page means there may be more.
    const more = total === null && data.hasMore ? "+" : "";
    const count = `${n.toLocaleString("en-US")}${more} ${n === 1 && !more ? "badge" : "badges"}`;
    summary = query ? `${count} ${n === 1 ? "matches" : "match"}` : count;
  }

  const list = (
    <section
      ref={listRef}
      tabIndex={-1}
      aria-label="Badge list"
      className="overflow-hidden focus:outline-none rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="border-b border-slate-200 p-4 sm:px-5">
        <search aria-label="Filter badges">
          <form onSubmit={(e) => e.preventDefault()}>
            <SearchInput
              ref={searchBox}
              label="Search badges"
              value={text}
              onValueChange={setText}
              placeholder="Badge name"
            />
          </form>
        </search>
        <div className="mt-3 flex h-5 items-center gap-3 text-sm text-slate-600">
          <p role="status" className="tabular-nums">
            {summary || (badges.isPending && <span className="sr-only">Loading badges</span>)}
          </p>
          <p role="status" className="flex items-center gap-1.5 text-slate-500">
            {updating && (
              <>
                <Spinner className="size-3.5" />
                Updating…
              </>
            )}
          </p>
        </div>
      </div>

      {badges.isError && !badges.isPlaceholderData ? (
        <div className="p-4 sm:p-5">
          <Alert tone="error" title="Badges could not be loaded">
            <p>{badges.error.message}</p>
            <Button
              variant="secondary"
              className="mt-3"
              busy={badges.isFetching}
              onClick={() => badges.refetch()}
            >
              Retry
            </Button>
          </Alert>
        </div>
      ) : badges.isPending ? (
        <BadgeListSkeleton />
      ) : items.length === 0 ? (
        <div className="px-6 py-14 text-center">
          <h3 className="text-base font-semibold text-slate-900">
            {query ? "No badges match" : "No badges yet"}
          </h3>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
            {query
              ? `No badge name contains “${query}”.`
              : canCreate
                ? "Create the first one: badges mark what a worker is certified or known for."
                : roleRefusal
                  ? "Badges your admins create appear here."
                  : "Badges created with a private-pool key appear here."}
          </p>
          {query && (
            <Button
              variant="secondary"
              className="mt-5"
              onClick={() => {
                setText("");
                searchBox.current?.focus();
              }}
            >
              Show all badges
            </Button>
          )}
        </div>
      ) : (
        <>
          <ul
            aria-label="Badges"
            aria-busy={badges.isPlaceholderData || undefined}
            className={`divide-y divide-slate-100 transition-opacity duration-150 ${
              badges.isPlaceholderData ? "opacity-60" : ""
            }`}
          >
            {items.map((b) => (
              <BadgeItem
                key={b.id}
                badge={b}
                isNew={b.id === createdId}
                manageable={manageable}
                editing={editingId === b.id}
                onEdit={() => {
                  setAnnouncement("");
                  setEditingId(b.id);
                }}
                onEditDone={(newName) => {
                  setEditingId(null);
                  if (newName) setAnnouncement(`Badge renamed to “${newName}”.`);
                }}
                onDelete={() => {
                  setAnnouncement("");
                  setDeleting(b);
                }}
              />
            ))}
          </ul>
          {((total !== null && total > items.length) || (total === null && data?.hasMore)) && (
            <p className="border-t border-slate-200 px-5 py-3 text-sm text-slate-500">
              {`Showing the first ${items.length}${total !== null ? ` of ${total.toLocaleString("en-US")}` : ""}. Search by name to find the others.`}
            </p>
          )}
        </>
      )}
    </section>
  );

  return (
    <div>
      {/* Renames and deletions are announced here; the list itself changes silently. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {manageable && (
        <DeleteBadgeDialog
          badge={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(b) => {
            setDeleting(null);
            setAnnouncement(`Badge “${b.name}” deleted.`);
            setFocusList(true);
          }}
        />
      )}
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">Badges</h1>
      <p className="mt-1 text-sm text-slate-600">
        Skills and certifications your company gives to workers.
      </p>
      {canCreate ? (
        <div className="mt-6 grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)]">
          <section
            aria-labelledby={headingId}
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-6"
          >
            <h2 id={headingId} className="text-base font-semibold text-slate-900">
              Create badge
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-600">
              It can then be given to any worker in your pool.
            </p>
            <CreateBadgeForm labelledBy={headingId} onCreated={(b) => setCreatedId(b.id)} />
          </section>
          {list}
        </div>
      ) : (
        <div className="mt-6 space-y-4">
          <div className="flex items-start gap-3 rounded-xl bg-white px-5 py-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="mt-0.5 size-4 shrink-0 text-slate-400"
            >
              <path
                fillRule="evenodd"
                d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
                clipRule="evenodd"
              />
            </svg>
            <p>
              {roleRefusal ??
                "Creating badges needs a private-pool key; yours is public-pool and can only read."}
            </p>
          </div>
          {list}
        </div>
      )}
    </div>
  );
}
