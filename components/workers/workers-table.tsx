"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useOffers } from "@/components/portal/portal-access";
import { SavedViewsMenu } from "@/components/portal/saved-views-menu";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass, Spinner } from "@/components/ui/button";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useBadges } from "@/lib/portal/client/hooks/use-badges";
import { useExportWorkers } from "@/lib/portal/client/hooks/use-export-workers";
import { useWorkers } from "@/lib/portal/client/hooks/use-workers";
import { useRememberListQuery } from "@/lib/portal/client/use-list-memory";
import { useSavedViews } from "@/lib/portal/client/use-saved-views";
import type { SessionSummary } from "@/lib/portal/types";
import { BulkActions } from "./bulk/bulk-actions";
import {
  ExportButton,
  ExportProgress,
  ExportSelectedButton,
  ExportSensitiveToggle,
} from "./bulk/export-controls";
import { SelectAllBanner } from "./bulk/select-all-banner";
import { ColumnMenu } from "./list/column-menu";
import { NoMatch, NoWorkersYet, PastTheEnd } from "./list/empty-states";
import {
  filterParams,
  hasFilters,
  type ListState,
  listQueryString,
  readListState,
  SORT_OPTIONS,
  toApiParams,
} from "./list/list-params";
import { Pagination } from "./list/pagination";
import { usePhoneFormat } from "./list/phone-format";
import { useHiddenColumns } from "./list/use-hidden-columns";
import { useMediaQuery } from "./list/use-media-query";
import { useWorkerSelection } from "./list/use-selection";
import { WORKERS_PATH } from "./list/use-worker-neighbors";
import { WorkerCards, WorkersTableView } from "./list/worker-rows";
import { WorkerRowsSkeleton } from "./list/workers-skeleton";
import { WorkersToolbar } from "./list/workers-toolbar";

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * The workers list. Search, filters, sort and paging all live in the query string, so a view
 * can be shared, bookmarked and reloaded; this component only reads it and writes it.
 */
export function WorkersTable({
  pool,
  account,
  extendedFilters,
}: {
  pool: SessionSummary["pool"];
  /** Whose saved views these are: the company and environment signed in. */
  account: string;
  /** Whether the upstream is our own API, with its badge/status filters and sort. */
  extendedFilters: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => readListState(searchParams), [searchParams]);
  const filtered = hasFilters(state);
  const privatePool = pool !== "public";
  // Inviting, importing and bulk changes: a private pool's keys, or a person whose role writes.
  const offersWrite = useOffers("workers.write");
  const canInvite = privatePool && offersWrite;
  const wide = useMediaQuery("(min-width: 40rem)", true);
  const pageTop = useRef<HTMLDivElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);

  // The menu's "Workers" link, the breadcrumbs and the editor's previous/next follow this view.
  const query = listQueryString(state);
  useRememberListQuery(WORKERS_PATH, query);
  const savedViews = useSavedViews(WORKERS_PATH, account);
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns();
  const workers = useWorkers(toApiParams(state));
  const badges = useBadges();
  const badgeList = badges.data?.items ?? [];
  const badgeNames = useMemo(
    () => new Map((badges.data?.items ?? []).map((b) => [String(b.id), b.name])),
    [badges.data],
  );

  const navigate = useCallback(
    (patch: Partial<ListState>, mode: "push" | "replace") => {
      const url = `${pathname}${listQueryString({ ...state, ...patch })}`;
      if (mode === "push") router.push(url, { scroll: false });
      else router.replace(url, { scroll: false });
    },
    [pathname, router, state],
  );

  const goToPage = (page: number) => {
    navigate({ page }, "push");
    // Paging from the bottom of a long page: back to the top, where the count and the
    // "Updating…" note are, and where the new page starts.
    const top = pageTop.current?.getBoundingClientRect().top;
    if (top !== undefined && top < 0) pageTop.current?.scrollIntoView({ block: "start" });
  };
  // Keep the first row of the current page on screen when the page size changes.
  const changePer = (per: number) =>
    navigate({ per, page: Math.floor(((state.page - 1) * state.per) / per) + 1 }, "push");
  const clearFilters = () => {
    navigate({ q: "", badge: "", suspended: "", invitation: "", page: 1 }, "push");
    // The button goes away with the empty state: keep the keyboard user in the toolbar.
    searchBox.current?.focus();
  };

  const data = workers.data;
  const total = data?.total ?? null;
  const items = data?.items ?? [];
  // Rows wait for the phone formatter (loaded beside the data), so numbers never change shape.
  const formatPhone = usePhoneFormat();
  const rowsPending = workers.isPending || (items.length > 0 && !formatPhone);

  // Bulk badges need write access: not for public-pool keys.
  const canBulk = canInvite;
  // A new search or filter starts a new selection; another sort or page size does not.
  const filterKey = JSON.stringify([
    state.q.trim(),
    state.badge,
    state.suspended,
    state.invitation,
  ]);
  const selection = useWorkerSelection(filterKey, items);
  const refreshSelection = selection.refresh;
  // A reloaded page brings newer copies of picked workers (after a bulk change, say).
  useEffect(() => {
    if (data && !workers.isPlaceholderData) refreshSelection(data.items);
  }, [data, workers.isPlaceholderData, refreshSelection]);
  const exporter = useExportWorkers();
  // SSN and date of birth only when asked for, export by export (a public pool never has them).
  const [withSensitive, setWithSensitive] = useState(false);
  const exportSelected = () => {
    if (selection.allMatching) startExport();
    else
      void exporter.exportPicked(selection.picked, badgeNames, {
        includeSensitive: withSensitive && privatePool,
      });
  };
  const selectedCount = selection.allMatching ? (total ?? 0) : selection.pickedCount;
  const startExport = () => {
    const params = filterParams(state, "list");
    if (withSensitive && privatePool) params.set("include_sensitive", "true");
    void exporter.start(params, total);
  };
  const updating = workers.isFetching && !workers.isPending;
  const lastPage = total === null ? null : Math.max(1, Math.ceil(total / state.per));
  const canNext =
    lastPage !== null
      ? state.page < lastPage
      : Boolean(data?.hasMore) && !workers.isPlaceholderData;
  const sortLabel = SORT_OPTIONS.find((o) => o.value === state.sort)?.label ?? "";
  const caption = `Workers, ${lastPage === null ? `page ${state.page}` : `page ${state.page} of ${lastPage}`}, sorted by ${sortLabel.toLowerCase()}`;

  let summary = "";
  if (total !== null) {
    summary = filtered
      ? `${plural(total, "worker matches", "workers match")}`
      : plural(total, "worker", "workers");
  } else if (data) {
    // The real service gives no total: say what this page holds.
    summary = `${plural(items.length, "worker", "workers")} on this page`;
  }

  let body: ReactNode;
  if (workers.isError && !workers.isPlaceholderData) {
    const err = workers.error;
    body = (
      <div className="p-4 sm:p-5">
        <Alert tone="error" title="Workers could not be loaded">
          <p>{err.message}</p>
          <Button
            variant="secondary"
            className="mt-3"
            busy={workers.isFetching}
            onClick={() => workers.refetch()}
          >
            Retry
          </Button>
          {err instanceof ApiClientError && err.status === 422 && filtered && (
            <Button variant="ghost" className="mt-3 ml-2" onClick={clearFilters}>
              Clear filters
            </Button>
          )}
        </Alert>
      </div>
    );
  } else if (workers.isPending) {
    body = <WorkerRowsSkeleton rows={state.per} selectable={canBulk} hidden={hiddenColumns} />;
  } else if (items.length === 0) {
    body =
      state.page > 1 ? (
        <PastTheEnd onFirst={() => navigate({ page: 1 }, "push")} />
      ) : filtered ? (
        <NoMatch onClear={clearFilters} />
      ) : (
        <NoWorkersYet canInvite={canInvite} />
      );
  } else if (!formatPhone) {
    body = <WorkerRowsSkeleton rows={state.per} selectable={canBulk} hidden={hiddenColumns} />;
  } else {
    const rowsProps = {
      workers: items,
      badgeNames,
      caption,
      formatPhone,
      // Kept while the next page loads (no columns coming and going), but not operable then.
      selection: canBulk ? { ...selection, disabled: workers.isPlaceholderData } : undefined,
    };
    const moreThanPage = total !== null ? total > items.length : state.page > 1 || canNext;
    body = (
      <div
        aria-busy={workers.isPlaceholderData || undefined}
        className={`transition-opacity duration-150 ${workers.isPlaceholderData ? "opacity-60" : ""}`}
      >
        {rowsProps.selection &&
          !workers.isPlaceholderData &&
          (selection.allMatching || (selection.pageState === "all" && moreThanPage)) && (
            <SelectAllBanner
              pageCount={items.length}
              pickedCount={selection.pickedCount}
              allMatching={selection.allMatching}
              total={total}
              filtered={filtered}
              onSelectAll={selection.selectAllMatching}
              onClear={selection.clear}
            />
          )}
        {wide ? (
          <div className="relative overflow-x-auto">
            <WorkersTableView
              {...rowsProps}
              sort={state.sort}
              hidden={hiddenColumns}
              // Sorting is our API's addition: the real service lists in its own order.
              onSort={extendedFilters ? (sort) => navigate({ sort, page: 1 }, "push") : undefined}
            />
          </div>
        ) : (
          <WorkerCards {...rowsProps} />
        )}
      </div>
    );
  }

  const showPaging = !rowsPending && !workers.isError && (items.length > 0 || state.page > 1);

  return (
    <div ref={pageTop} data-wide className="scroll-mt-6">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Workers</h1>
          <div className="mt-1 flex h-5 items-center gap-3 text-sm text-slate-600">
            <p role="status" className="tabular-nums">
              {summary ||
                (workers.isPending && (
                  <>
                    <span
                      aria-hidden="true"
                      className="inline-block h-3.5 w-24 animate-pulse rounded bg-slate-200 align-middle"
                    />
                    <span className="sr-only">Loading workers</span>
                  </>
                ))}
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
        <div className="flex flex-wrap items-center gap-3">
          {privatePool && (
            <ExportSensitiveToggle
              checked={withSensitive}
              onChange={setWithSensitive}
              disabled={exporter.state.status === "running"}
            />
          )}
          {canBulk && selectedCount > 0 && (
            <ExportSelectedButton
              count={selectedCount}
              state={exporter.state}
              onStart={exportSelected}
            />
          )}
          <ExportButton state={exporter.state} onStart={startExport} />
          {canInvite && (
            <Link href="/workers/import" className={buttonClass("secondary")}>
              Import CSV
            </Link>
          )}
          {canInvite && (
            <Link href="/workers/new" className={buttonClass("primary")}>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className="-ml-1 size-4"
              >
                <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
              </svg>
              Invite worker
            </Link>
          )}
        </div>
      </div>

      <div className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="border-b border-slate-200 p-4 sm:px-5">
          <WorkersToolbar
            state={state}
            badges={badgeList}
            badgesLoading={badges.isPending}
            onChange={navigate}
            searchRef={searchBox}
            extendedFilters={extendedFilters}
          />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
            <SavedViewsMenu
              views={savedViews.views}
              query={query}
              onApply={(v) => router.push(`${pathname}${v.query}`, { scroll: false })}
              onSave={(name) => savedViews.save(name, query)}
              onDelete={savedViews.remove}
            />
            {wide && <ColumnMenu hidden={hiddenColumns} onChange={setHiddenColumns} />}
          </div>
          <ExportProgress
            state={exporter.state}
            onCancel={exporter.cancel}
            onRetry={startExport}
            onDismiss={exporter.reset}
          />
        </div>
        {body}
        {showPaging && (
          <Pagination
            page={state.page}
            per={state.per}
            total={total}
            shown={items.length}
            canNext={canNext}
            onPage={goToPage}
            onPer={changePer}
          />
        )}
      </div>
      {canBulk && (
        <BulkActions
          picked={selection.picked}
          allMatching={selection.allMatching}
          total={total}
          filtered={filtered}
          matchingFilters={filterParams(state, extendedFilters ? "stable" : "list")}
          onClear={selection.clear}
          onSaved={selection.refresh}
        />
      )}
    </div>
  );
}
