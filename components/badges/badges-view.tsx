"use client";

import { useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, Spinner } from "@/components/ui/button";
import { SearchInput } from "@/components/ui/search-input";
import { useBadges } from "@/lib/portal/client/hooks/use-badges";
import { useDebounced } from "@/lib/portal/client/use-debounced";
import type { Badge, SessionSummary } from "@/lib/portal/types";
import { BadgeListSkeleton } from "./badge-list-skeleton";
import { CreateBadgeForm } from "./create-badge-form";

const SEARCH_DEBOUNCE_MS = 300;

/** Only http(s) links are ever rendered: the real service's data is not ours to trust. */
const safeUrl = (url: string | null) => (url && /^https?:\/\/\S+$/i.test(url) ? url : null);

/** The company's badges with a name search, and (private pool) the form that creates one. */
export function BadgesView({ pool }: { pool: SessionSummary["pool"] }) {
  const canCreate = pool !== "public";
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
      aria-label="Badge list"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
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
              <BadgeItem key={b.id} badge={b} isNew={b.id === createdId} />
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
            <p>Creating badges needs a private-pool key; yours is public-pool and can only read.</p>
          </div>
          {list}
        </div>
      )}
    </div>
  );
}

function BadgeItem({ badge, isNew }: { badge: Badge; isNew: boolean }) {
  const info = safeUrl(badge.info_url);
  return (
    <li className={`flex gap-4 px-4 py-4 sm:px-5 ${isNew ? "bg-emerald-50/60" : ""}`}>
      <span
        aria-hidden="true"
        className={`grid size-10 shrink-0 place-items-center rounded-lg ${
          badge.is_soft ? "bg-amber-50 text-amber-600" : "bg-indigo-50 text-indigo-600"
        }`}
      >
        {badge.is_soft ? (
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path d="M15.98 1.804a1 1 0 0 0-1.96 0l-.24 1.192a1 1 0 0 1-.784.785l-1.192.238a1 1 0 0 0 0 1.962l1.192.238a1 1 0 0 1 .785.785l.238 1.192a1 1 0 0 0 1.962 0l.238-1.192a1 1 0 0 1 .785-.785l1.192-.238a1 1 0 0 0 0-1.962l-1.192-.238a1 1 0 0 1-.785-.785l-.238-1.192ZM6.949 5.684a1 1 0 0 0-1.898 0l-.683 2.051a1 1 0 0 1-.633.633l-2.051.683a1 1 0 0 0 0 1.898l2.051.684a1 1 0 0 1 .633.632l.683 2.051a1 1 0 0 0 1.898 0l.683-2.051a1 1 0 0 1 .633-.633l2.051-.683a1 1 0 0 0 0-1.898l-2.051-.683a1 1 0 0 1-.633-.633L6.95 5.684ZM13.949 13.684a1 1 0 0 0-1.898 0l-.184.551a1 1 0 0 1-.632.633l-.551.183a1 1 0 0 0 0 1.898l.551.183a1 1 0 0 1 .633.633l.183.551a1 1 0 0 0 1.898 0l.184-.551a1 1 0 0 1 .632-.633l.551-.183a1 1 0 0 0 0-1.898l-.551-.184a1 1 0 0 1-.633-.632l-.183-.551Z" />
          </svg>
        ) : (
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path
              fillRule="evenodd"
              d="M16.403 12.652a3 3 0 0 0 0-5.304 3 3 0 0 0-3.75-3.751 3 3 0 0 0-5.305 0 3 3 0 0 0-3.751 3.75 3 3 0 0 0 0 5.305 3 3 0 0 0 3.75 3.751 3 3 0 0 0 5.305 0 3 3 0 0 0 3.751-3.75Zm-2.546-4.46a.75.75 0 0 0-1.214-.883l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
              clipRule="evenodd"
            />
          </svg>
        )}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="font-semibold break-words text-slate-900">{badge.name}</h3>
          {badge.is_soft && (
            <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset">
              Soft skill
            </span>
          )}
          {isNew && (
            <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
              New
            </span>
          )}
        </div>
        {badge.description && (
          <p className="mt-1 text-sm break-words text-slate-600">{badge.description}</p>
        )}
        {info && (
          <a
            href={info}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            More info
            <span className="sr-only"> about {badge.name} (opens in a new tab)</span>
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3.5">
              <path
                fillRule="evenodd"
                d="M4.25 5.5a.75.75 0 0 0-.75.75v8.5c0 .414.336.75.75.75h8.5a.75.75 0 0 0 .75-.75v-4a.75.75 0 0 1 1.5 0v4A2.25 2.25 0 0 1 12.75 17h-8.5A2.25 2.25 0 0 1 2 14.75v-8.5A2.25 2.25 0 0 1 4.25 4h5a.75.75 0 0 1 0 1.5h-5Zm7.25-.75a.75.75 0 0 1 .75-.75h3.5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0V6.56l-5.22 5.22a.75.75 0 1 1-1.06-1.06l5.22-5.22h-1.69a.75.75 0 0 1-.75-.75Z"
                clipRule="evenodd"
              />
            </svg>
          </a>
        )}
      </div>
    </li>
  );
}
