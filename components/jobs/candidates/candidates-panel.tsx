"use client";

import Link from "next/link";
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useRoleRefusal } from "@/components/portal/portal-access";
import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { ProgressBar } from "@/components/ui/progress-bar";
import { fullName } from "@/components/workers/list/worker-parts";
import { useAssignJob, useCandidates } from "@/lib/portal/client/hooks/use-jobs";
import type { Candidate, JobRequest } from "@/lib/portal/job-types";
import { CandidatesList, type ListedCandidate, type Outcome } from "./candidates-list";
import { CandidatesMap } from "./candidates-map";
import { chooseRings, latLngOf, mapSummary, markerData, rankingRule } from "./distance";
import { hiringOf, refusalMessage } from "./hiring";

type Props = {
  request: JobRequest;
  /** {z}/{x}/{y} tile template for the map. */
  mapTileUrl: string;
  /**
   * False: no Hire buttons. The panel says why from the request's state when it is closed
   * (full, draft, cancelled…); otherwise it takes the key to be read-only (public pool).
   */
  canHire: boolean;
  /** A same-workers series: a hire here is onto this many remaining days (more than one). */
  allDays?: number | null;
};

/**
 * The request's ranked candidates on a map and in a list, with Hire on each row. Hires run
 * side by side; the service decides each (it locks the request, and its unique index refuses
 * a worker twice), so a refusal is shown on the row and announced, and every outcome stays on
 * screen after the list refreshes without that worker. Renders nothing when the upstream has
 * no ranking (the real service).
 */
export function CandidatesPanel({ request, mapTileUrl, canHire, allDays = null }: Props) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useCandidates(request.id, page);
  const assign = useAssignJob(request.id);
  const [outcomes, setOutcomes] = useState<Record<number, Outcome>>({});
  const [announcement, setAnnouncement] = useState("");
  const [highlight, setHighlight] = useState<number | null>(null);
  const roleRefusal = useRoleRefusal("jobs.write", "hire");

  const data = query.data;
  const candidates = useMemo(() => data?.candidates ?? [], [data]);
  // Workers hired from this page stay where they were in the list, marked hired, after the
  // refreshed list drops them: rows that moved up under the pointer could take the next click
  // to nothing, or to the wrong worker's Hire.
  const [kept, setKept] = useState<Record<number, { row: Candidate; page: number; at: number }>>(
    {},
  );
  const rows = useMemo(() => withKeptRows(candidates, kept, page), [candidates, kept, page]);
  const shown = useRef({ rows, page });
  shown.current = { rows, page };
  const hiring = hiringOf(request);
  const canHireNow = canHire && hiring.open;

  // Hires that took a row's last place on the page (or a page emptied by them): step back.
  useEffect(() => {
    if (data && page > 1 && data.candidates.length === 0 && !query.isPlaceholderData) {
      setPage((p) => Math.max(1, p - 1));
    }
  }, [data, page, query.isPlaceholderData]);

  const { mutateAsync } = assign;
  const hire = useCallback(
    async (c: Candidate) => {
      const id = c.worker.id;
      const name = fullName(c.worker);
      setOutcomes((o) => ({ ...o, [id]: { status: "hiring", name } }));
      // Each call has its own promise: several rows may be hiring at once.
      try {
        await mutateAsync({ worker_id: id });
        setOutcomes((o) => ({ ...o, [id]: { status: "hired", name } }));
        const at = shown.current.rows.findIndex((r) => r.worker.id === id);
        if (at >= 0) setKept((k) => ({ ...k, [id]: { row: c, page: shown.current.page, at } }));
        setAnnouncement(
          allDays && allDays > 1
            ? `${name} is hired for all ${allDays} remaining days.`
            : `${name} is hired.`,
        );
      } catch (e) {
        const message = refusalMessage(name, e);
        setOutcomes((o) => ({ ...o, [id]: { status: "refused", name, message } }));
        setAnnouncement(message);
      }
    },
    [mutateAsync, allDays],
  );

  const site =
    data === undefined || data === null
      ? latLngOf(request.latitude, request.longitude)
      : data.site
        ? { lat: data.site.latitude, lng: data.site.longitude }
        : null;
  const markers = useMemo(() => markerData(candidates), [candidates]);
  const rings = useMemo(() => chooseRings(markers.map((m) => m.miles)), [markers]);
  const required = request.badge_requirements?.length ?? candidates[0]?.badges_matched.length ?? 0;

  // The upstream has no ranking: the page shows no panel at all.
  if (data === null) return null;

  // Outcomes whose worker has left the list (hired, or refused because someone else hired
  // them): kept in view, since their rows are gone.
  const shownIds = new Set(rows.map((c) => c.worker.id));
  const gone = Object.entries(outcomes).filter(([id]) => !shownIds.has(Number(id)));
  const hiredGone = gone.filter(([, o]) => o.status === "hired");
  const refusedGone = gone.filter(
    (e): e is [string, Extract<Outcome, { status: "refused" }>] => e[1].status === "refused",
  );
  const dismiss = (id: string) =>
    setOutcomes((o) => {
      const { [Number(id)]: _, ...rest } = o;
      return rest;
    });

  return (
    <section
      id="candidates"
      aria-labelledby={headingId}
      className="scroll-mt-24 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-col gap-4 border-b border-slate-200 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            Ranked candidates
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            {rankingRule(site !== null, required)}
          </p>
        </div>
        <SlotsMeter hired={hiring.hired} slots={hiring.slots} />
      </div>

      <div className="space-y-4 px-4 py-4 sm:px-5">
        {/* The request's own state first: the page's canHire is false for a full request too. */}
        {hiring.reason ? (
          <Note tone={request.state === "filled" ? "success" : "info"}>{hiring.reason}</Note>
        ) : (
          !canHire && (
            <Note>
              {roleRefusal
                ? `You can see who ranks first. ${roleRefusal}`
                : "You can see who ranks first; hiring needs a private-pool key, and yours can only read."}
            </Note>
          )
        )}
        {canHireNow && allDays && allDays > 1 ? (
          <Note>
            Same workers every day: each Hire hires the worker for all {allDays} remaining days of
            this series, or for none if a day cannot take them.
          </Note>
        ) : null}

        {query.isPending ? (
          <MapSkeleton />
        ) : site ? (
          data &&
          candidates.length > 0 && (
            <CandidatesMap
              site={site}
              markers={markers}
              rings={rings}
              highlight={highlight}
              tileUrl={mapTileUrl}
              label={mapSummary(markers, candidates.length)}
            />
          )
        ) : (
          <Note>
            <span className="font-medium text-slate-900">
              Set the site&apos;s pin to rank by distance.
            </span>{" "}
            Without a latitude and longitude on the request, nobody is nearer than anyone else; the
            list below is in tie-break order.
          </Note>
        )}

        {hiredGone.length > 0 && (
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="size-4 text-emerald-600"
            >
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
                clipRule="evenodd"
              />
            </svg>
            <span className="font-medium">Hired just now:</span>
            {hiredGone.map(([id, o], i) => (
              <span key={id}>
                <Link
                  href={`/workers/${id}`}
                  className="underline underline-offset-2 hover:text-emerald-700"
                >
                  {o.name}
                </Link>
                {i < hiredGone.length - 1 ? "," : ""}
              </span>
            ))}
          </div>
        )}
        {refusedGone.map(([id, o]) => (
          <div
            key={id}
            className="flex items-start justify-between gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900 ring-1 ring-red-200 ring-inset"
          >
            <p>{o.message}</p>
            <button
              type="button"
              onClick={() => dismiss(id)}
              aria-label={`Dismiss the message about ${o.name}`}
              className="shrink-0 rounded px-1.5 py-0.5 text-xs font-semibold text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Dismiss
            </button>
          </div>
        ))}
      </div>

      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <div className="px-4 pb-4 sm:px-5">
          <LoadError
            title="The candidates could not be loaded"
            error={query.error}
            retry={() => query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      ) : candidates.length === 0 ? (
        <Empty required={required} />
      ) : (
        <div className="border-t border-slate-200">
          <CandidatesList
            candidates={rows}
            outcomes={outcomes}
            hiring={canHireNow}
            onHire={hire}
            onHighlight={setHighlight}
            stale={query.isPlaceholderData}
            allDays={allDays}
          />
        </div>
      )}

      {data && (page > 1 || data.has_more) && (
        <nav
          aria-label="Candidate pages"
          className="flex items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 sm:px-5"
        >
          <p className="text-sm text-slate-600 tabular-nums">
            {candidates.length > 0
              ? `Ranks ${candidates[0]?.rank}–${candidates.at(-1)?.rank}`
              : `Page ${page}`}
          </p>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button
              variant="secondary"
              disabled={!data.has_more || query.isPlaceholderData}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        </nav>
      )}

      {/* One polite announcement per hire: hired, or why not. */}
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}

function SlotsMeter({ hired, slots }: { hired: number; slots: number | null }) {
  const text = slots === null ? `${hired} hired` : `${hired} of ${slots} hired`;
  return (
    <div className="w-full shrink-0 sm:w-44">
      <p className="flex items-baseline justify-between text-sm">
        <span className="text-slate-600">Slots</span>
        <span className="font-semibold text-slate-900 tabular-nums">{text}</span>
      </p>
      {slots !== null && (
        <ProgressBar
          label="Slots filled"
          value={hired}
          max={slots}
          valueText={`${hired} of ${slots} slots filled`}
          className="mt-1.5"
        />
      )}
    </div>
  );
}

function Note({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "success" }) {
  const style =
    tone === "success"
      ? "bg-emerald-50 text-emerald-900 ring-emerald-200"
      : "bg-slate-50 text-slate-700 ring-slate-200";
  return <p className={`rounded-lg px-3 py-2 text-sm ring-1 ring-inset ${style}`}>{children}</p>;
}

function Empty({ required }: { required: number }) {
  return (
    <div className="border-t border-slate-200 px-4 py-10 text-center sm:px-5">
      <p className="font-medium text-slate-900">No one qualifies right now</p>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        {required > 0
          ? "Nobody else in your pool holds every required badge, or every qualified worker is already on this request, suspended or banned from it."
          : "Every active worker in your pool is already on this request, suspended or banned from it."}
      </p>
    </div>
  );
}

function MapSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="h-[300px] animate-pulse rounded-lg bg-slate-100 sm:h-[360px]"
    />
  );
}

function ListSkeleton() {
  return (
    <div role="status" className="divide-y divide-slate-100 border-t border-slate-200">
      <span className="sr-only">Loading candidates…</span>
      {[0, 1, 2].map((i) => (
        <div key={i} aria-hidden="true" className="flex items-center gap-3 px-4 py-4 sm:px-5">
          <span className="size-8 animate-pulse rounded-full bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3.5 w-40 animate-pulse rounded bg-slate-200" />
            <span className="block h-3 w-56 animate-pulse rounded bg-slate-100" />
          </span>
          <span className="h-9 w-16 animate-pulse rounded-lg bg-slate-100" />
        </div>
      ))}
    </div>
  );
}

/**
 * The page's candidates with the workers hired from it put back where they were (they leave
 * the service's list once hired), each marked as kept. Rows go back in the order they were
 * shown, so a later hire's position already counts the earlier ones.
 */
export function withKeptRows(
  candidates: readonly Candidate[],
  kept: Readonly<Record<number, { row: Candidate; page: number; at: number }>>,
  page: number,
): ListedCandidate[] {
  const rows: ListedCandidate[] = [...candidates];
  const listed = new Set(candidates.map((c) => c.worker.id));
  const back = Object.values(kept)
    .filter((k) => k.page === page && !listed.has(k.row.worker.id))
    .sort((a, b) => a.at - b.at);
  for (const k of back) rows.splice(Math.min(k.at, rows.length), 0, { ...k.row, kept: true });
  return rows;
}
