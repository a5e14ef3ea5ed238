"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type ReactNode, useId, useMemo } from "react";
import { useOffers } from "@/components/portal/portal-access";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClass, Spinner } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Pagination } from "@/components/workers/list/pagination";
import { useJobCategories, useJobRequests } from "@/lib/portal/client/hooks/use-jobs";
import { useUnread } from "@/lib/portal/client/hooks/use-messages";
import { useTeam } from "@/lib/portal/client/hooks/use-team";
import { useRememberListQuery } from "@/lib/portal/client/use-list-memory";
import { useMessageStream } from "@/lib/portal/client/use-message-stream";
import type { SessionPerson, SessionSummary } from "@/lib/portal/types";
import { requestedBy } from "../requested-by";
import { groupSeries } from "../series-format";
import {
  hasJobFilters,
  type JobListState,
  jobListQueryString,
  readJobListState,
  STATE_CHIPS,
  toJobApiParams,
} from "./job-list-params";
import { JobRequestRow } from "./job-request-row";
import { JobRowsSkeleton } from "./job-requests-skeleton";
import { SeriesRow } from "./series-row";

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * The job request list. State chips, filters and paging live in the query string (shareable,
 * reloadable), and the last query of this tab is remembered, so leaving for a posting and
 * coming back by the menu returns to the same view.
 */
export function JobRequestsList({
  pool,
  categoryFilter,
  me = null,
  teamReadable = false,
  unreadCounts = false,
}: {
  pool: SessionSummary["pool"];
  /** Whether the upstream lists its categories (ours; the real service has no such call). */
  categoryFilter: boolean;
  /** The person signed in: offers "Mine" (their own requests). Null for a key pair. */
  me?: SessionPerson | null;
  /** Whether the session may list the team, to name each request's requestor. */
  teamReadable?: boolean;
  /** Show each request's unread messages, kept live (ours: the real service counts none). */
  unreadCounts?: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => readJobListState(searchParams), [searchParams]);
  // The menu's "Jobs" link comes back to this view after a visit elsewhere.
  useRememberListQuery("/jobs", jobListQueryString(state));
  const requests = useJobRequests(toJobApiParams(state, me?.id ?? null));
  const team = useTeam(teamReadable);
  // While the team loads, a request that names someone keeps its "Requested by" line (as "…"),
  // so the rows below do not move down when the names arrive (layout shift).
  const byWhom = (r: Parameters<typeof requestedBy>[0]) =>
    requestedBy(r, team.data, me) ??
    (teamReadable && team.isPending && (r.employer?.id ?? r.employer_id ?? null) !== null
      ? "…"
      : null);
  const categories = useJobCategories(categoryFilter);
  const unread = useUnread(null, unreadCounts);
  useMessageStream(null, unreadCounts);
  const offersPost = useOffers("job_requests.write");
  const canPost = pool !== "public" && offersPost;

  const navigate = (patch: Partial<JobListState>) =>
    router.push(`${pathname}${jobListQueryString({ ...state, page: 1, ...patch })}`, {
      scroll: false,
    });
  const clear = () =>
    navigate({ state: "", category: "", classification: "", zip: "", mine: false });

  const data = requests.data;
  const items = data?.items ?? [];
  const total = data?.total ?? null;
  const filtered = hasJobFilters(state);
  const pending = requests.isPending;
  const lastPage = total === null ? null : Math.max(1, Math.ceil(total / state.per));
  const canNext =
    lastPage !== null
      ? state.page < lastPage
      : Boolean(data?.hasMore) && !requests.isPlaceholderData;

  let summary = "";
  if (total !== null) {
    summary = filtered
      ? plural(total, "job request matches", "job requests match")
      : plural(total, "job request", "job requests");
  } else if (data) summary = `${plural(items.length, "job request", "job requests")} on this page`;

  let body: ReactNode;
  if (requests.isError && !requests.isPlaceholderData) {
    body = (
      <div className="p-4 sm:p-5">
        <Alert tone="error" title="Job requests could not be loaded">
          <p>{requests.error.message}</p>
          <Button
            variant="secondary"
            className="mt-3"
            busy={requests.isFetching}
            onClick={() => requests.refetch()}
          >
            Retry
          </Button>
        </Alert>
      </div>
    );
  } else if (pending) {
    body = <JobRowsSkeleton rows={state.per} />;
  } else if (items.length === 0) {
    body = (
      <div className="px-6 py-14 text-center">
        <p className="text-base font-semibold text-slate-900">
          {state.page > 1
            ? "This page is past the end of the list"
            : filtered
              ? "No job requests match these filters"
              : "No job requests yet"}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          {filtered
            ? "Try another state or clear the filters."
            : canPost
              ? "Post a job to find workers near the site who hold the badges it needs."
              : "Job requests posted by your company appear here."}
        </p>
        <div className="mt-5 flex justify-center gap-3">
          {filtered || state.page > 1 ? (
            <Button variant="secondary" onClick={clear}>
              Clear filters
            </Button>
          ) : (
            canPost && (
              <Link href="/jobs/new" className={buttonClass("primary")}>
                Post a job
              </Link>
            )
          )}
        </div>
      </div>
    );
  } else {
    body = (
      <ul
        aria-label="Job requests"
        aria-busy={requests.isPlaceholderData || undefined}
        className={`divide-y divide-slate-100 transition-opacity duration-150 ${requests.isPlaceholderData ? "opacity-60" : ""}`}
      >
        {groupSeries(items).map((e) =>
          e.kind === "single" ? (
            <JobRequestRow
              key={e.request.id}
              request={e.request}
              requestedBy={byWhom(e.request)}
              unread={unread.data?.job_requests[String(e.request.id)]}
            />
          ) : (
            <SeriesRow
              key={`series-${e.seriesId}`}
              seriesId={e.seriesId}
              requests={e.requests}
              requestedBy={byWhom(e.requests[0]!)}
              unread={unread.data?.job_requests}
            />
          ),
        )}
      </ul>
    );
  }

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Jobs</h1>
          <div className="mt-1 flex h-5 items-center gap-3 text-sm text-slate-600">
            <p role="status" className="tabular-nums">
              {summary ||
                (pending && (
                  <>
                    <span
                      aria-hidden="true"
                      className="inline-block h-3.5 w-28 animate-pulse rounded bg-slate-200 align-middle"
                    />
                    <span className="sr-only">Loading job requests</span>
                  </>
                ))}
            </p>
            <p role="status" className="flex items-center gap-1.5 text-slate-500">
              {requests.isFetching && !pending && (
                <>
                  <Spinner className="size-3.5" />
                  Updating…
                </>
              )}
            </p>
          </div>
        </div>
        {canPost && (
          <Link href="/jobs/new" className={buttonClass("primary")}>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="-ml-1 size-4"
            >
              <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
            </svg>
            Post a job
          </Link>
        )}
      </div>

      <div className="mt-6 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
        <div className="space-y-4 border-b border-slate-200 p-4 sm:px-5">
          <StateChips value={state.state} onChange={(v) => navigate({ state: v })} />
          <Filters
            state={state}
            // Loading: the select holds its place (disabled), so nothing moves when it fills.
            categories={
              !categoryFilter ? null : categories.isPending ? undefined : (categories.data ?? null)
            }
            mineOffered={me !== null}
            onChange={navigate}
            onClear={filtered ? clear : undefined}
          />
        </div>
        {body}
        {!pending && !requests.isError && (items.length > 0 || state.page > 1) && (
          <Pagination
            page={state.page}
            per={state.per}
            total={total}
            shown={items.length}
            canNext={canNext}
            onPage={(page) => navigate({ page })}
            onPer={(per) => navigate({ per })}
          />
        )}
      </div>
    </div>
  );
}

function StateChips({
  value,
  onChange,
}: {
  value: JobListState["state"];
  onChange: (v: JobListState["state"]) => void;
}) {
  return (
    <fieldset>
      <legend className="sr-only">State</legend>
      <div className="-mx-1 flex flex-wrap gap-1.5">
        {STATE_CHIPS.map((c) => {
          const on = c.value === value;
          return (
            <button
              key={c.value || "all"}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(c.value)}
              className={`rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
                on
                  ? "bg-indigo-600 text-white ring-indigo-600"
                  : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
              }`}
            >
              {c.label}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function Filters({
  state,
  categories,
  mineOffered,
  onChange,
  onClear,
}: {
  state: JobListState;
  mineOffered: boolean;
  /** undefined while loading; null when the upstream has no list (no filter then). */
  categories: string[] | null | undefined;
  onChange: (patch: Partial<JobListState>) => void;
  onClear?: () => void;
}) {
  const ids = { category: useId(), classification: useId(), zip: useId() };
  return (
    <div className="flex flex-wrap items-end gap-3">
      {categories !== null && (
        <div className="w-full sm:w-64">
          <label htmlFor={ids.category} className="block text-xs font-medium text-slate-600">
            Category
          </label>
          <select
            id={ids.category}
            value={state.category}
            onChange={(e) => onChange({ category: e.target.value })}
            disabled={categories === undefined}
            className={`${inputClass(false)} mt-1 py-1.5`}
          >
            <option value="">All categories</option>
            {/* A stale link's category stays choosable, so the select never lies. */}
            {[...new Set([...(state.category ? [state.category] : []), ...(categories ?? [])])].map(
              (c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ),
            )}
          </select>
        </div>
      )}
      <div className="w-[calc(50%-0.375rem)] sm:w-40">
        <label htmlFor={ids.classification} className="block text-xs font-medium text-slate-600">
          Classification
        </label>
        <select
          id={ids.classification}
          value={state.classification}
          onChange={(e) =>
            onChange({ classification: e.target.value as JobListState["classification"] })
          }
          className={`${inputClass(false)} mt-1 py-1.5`}
        >
          <option value="">Any</option>
          <option value="1099">1099</option>
          <option value="w2">W-2</option>
        </select>
      </div>
      <form
        className="w-[calc(50%-0.375rem)] sm:w-36"
        onSubmit={(e) => {
          e.preventDefault();
          const zip = new FormData(e.currentTarget).get("zip");
          onChange({ zip: typeof zip === "string" ? zip.trim().slice(0, 20) : "" });
        }}
      >
        <label htmlFor={ids.zip} className="block text-xs font-medium text-slate-600">
          ZIP code
        </label>
        <input
          key={state.zip}
          id={ids.zip}
          name="zip"
          defaultValue={state.zip}
          inputMode="numeric"
          maxLength={20}
          placeholder="Any"
          onBlur={(e) => {
            const zip = e.currentTarget.value.trim();
            if (zip !== state.zip) onChange({ zip });
          }}
          className={`${inputClass(false)} mt-1 py-1.5`}
        />
      </form>
      {mineOffered && (
        <button
          type="button"
          aria-pressed={state.mine}
          onClick={() => onChange({ mine: !state.mine })}
          className={`inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
            state.mine
              ? "bg-indigo-50 text-indigo-800 ring-indigo-300"
              : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
            <path d="M10 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM3.465 14.493a1.23 1.23 0 0 0 .41 1.412A9.957 9.957 0 0 0 10 18c2.31 0 4.438-.784 6.131-2.1.43-.333.604-.903.408-1.41a7.002 7.002 0 0 0-13.074.003Z" />
          </svg>
          Mine
          <span className="sr-only">: only the jobs I requested</span>
        </button>
      )}
      {onClear && (
        <Button variant="ghost" onClick={onClear} className="sm:ml-auto">
          Clear filters
        </Button>
      )}
    </div>
  );
}
