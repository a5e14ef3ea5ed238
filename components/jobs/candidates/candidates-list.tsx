"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { fullName, place } from "@/components/workers/list/worker-parts";
import type { Candidate } from "@/lib/portal/job-types";
import { formatDistance, measuredFrom } from "./distance";

/** What became of a hire this page started, by worker id. */
export type Outcome =
  | { status: "hiring"; name: string }
  | { status: "hired"; name: string }
  | { status: "refused"; name: string; message: string };

/** A row of the list: `kept` is a worker hired from this page, shown where they were. */
export type ListedCandidate = Candidate & { kept?: true };

type Props = {
  candidates: readonly ListedCandidate[];
  outcomes: Readonly<Record<number, Outcome>>;
  /** False: no Hire buttons (the panel says why). */
  hiring: boolean;
  onHire: (c: Candidate) => void;
  /** The row under the pointer or focus, for the map to pick out its marker. */
  onHighlight: (workerId: number | null) => void;
  /** The list is being replaced (another page loading): dimmed, not hidden. */
  stale?: boolean;
  /** A same-workers series: each Hire is onto this many remaining days. */
  allDays?: number | null;
};

/**
 * The ranked candidates, one card per row at every width (a row wraps on a phone rather than
 * scrolling sideways). Each row's rank mark has the shape of its map marker: a circle where
 * the distance was measured from the current location, a square from home, "≈" from the
 * ZIP code's centre (approximate, also said in words).
 */
export function CandidatesList({
  candidates,
  outcomes,
  hiring,
  onHire,
  onHighlight,
  stale,
  allDays = null,
}: Props) {
  const first = candidates.find((c) => !c.kept)?.rank ?? 1;
  return (
    <ol
      // list-style none drops list semantics in some screen readers: role="list" keeps them.
      // biome-ignore lint/a11y/noRedundantRoles: see above.
      role="list"
      start={first}
      aria-busy={stale || undefined}
      className={`divide-y divide-slate-100 transition-opacity ${stale ? "opacity-60" : ""}`}
    >
      {candidates.map((c) => (
        <CandidateRow
          key={c.worker.id}
          candidate={c}
          outcome={outcomes[c.worker.id]}
          hiring={hiring}
          onHire={onHire}
          onHighlight={onHighlight}
          allDays={allDays}
        />
      ))}
    </ol>
  );
}

function CandidateRow({
  candidate: c,
  outcome,
  hiring,
  onHire,
  onHighlight,
  allDays,
}: {
  candidate: ListedCandidate;
  outcome: Outcome | undefined;
  hiring: boolean;
  onHire: (c: Candidate) => void;
  onHighlight: (workerId: number | null) => void;
  allDays: number | null;
}) {
  const w = c.worker;
  const name = fullName(w);
  const distance = formatDistance(c);
  const where = place(w);
  const errorId = `candidate-${w.id}-refusal`;
  const refused = outcome?.status === "refused" ? outcome.message : null;
  const highlight = () => onHighlight(w.id);
  const unhighlight = () => onHighlight(null);

  return (
    // Pointer and focus both pick out the marker; the row itself is not a control.
    <li
      onMouseEnter={highlight}
      onMouseLeave={unhighlight}
      onFocus={highlight}
      onBlur={unhighlight}
      className="flex flex-col gap-3 px-4 py-4 transition-colors hover:bg-slate-50/80 sm:flex-row sm:items-center sm:gap-4 sm:px-5"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        {c.kept ? <HiredMark /> : <RankMark rank={c.rank} coordinates={c.coordinates} />}
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="sr-only">{c.kept ? "Hired: " : `Rank ${c.rank}: `}</span>
            <Link
              href={`/workers/${w.id}`}
              className="max-w-full min-w-0 truncate font-semibold text-slate-900 hover:text-indigo-700 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              {name}
            </Link>
            {c.preferred && <PreferredChip />}
            {c.coordinates === "zip" && <ApproximateChip />}
          </p>
          <p className="mt-0.5 text-sm text-slate-600">
            {distance ? (
              <>
                <span className="font-medium text-slate-900 tabular-nums">
                  {c.coordinates === "zip" && distance !== "At the site"
                    ? `about ${distance}`
                    : distance}
                </span>{" "}
                {measuredFrom(c.coordinates)}
              </>
            ) : (
              <span className="text-slate-500 italic">{measuredFrom(null)}</span>
            )}
            {where && (
              <>
                <span aria-hidden="true" className="mx-1.5 text-slate-300">
                  ·
                </span>
                {where}
              </>
            )}
          </p>
          {c.badges_matched.length > 0 && <MatchedBadges badges={c.badges_matched} />}
          {refused && (
            <p id={errorId} className="mt-2 flex gap-1.5 text-sm text-red-700">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className="mt-0.5 size-4 shrink-0"
              >
                <path
                  fillRule="evenodd"
                  d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
                  clipRule="evenodd"
                />
              </svg>
              {refused}
            </p>
          )}
        </div>
      </div>
      {outcome?.status === "hired" ? (
        <span className="inline-flex items-center gap-1.5 self-start rounded-full bg-emerald-50 px-3 py-1.5 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-600/20 ring-inset sm:self-center">
          <CheckIcon />
          Hired
        </span>
      ) : hiring ? (
        <div className="self-start sm:self-center">
          <Button
            aria-label={`Hire ${name}`}
            aria-describedby={
              [refused ? errorId : "", allDays && allDays > 1 ? `${errorId}-days` : ""]
                .filter(Boolean)
                .join(" ") || undefined
            }
            busy={outcome?.status === "hiring"}
            onClick={() => onHire(c)}
          >
            {outcome?.status === "hiring" ? "Hiring…" : "Hire"}
          </Button>
          {allDays && allDays > 1 ? (
            // Said once above the list; each button's description repeats it for its worker.
            <span id={`${errorId}-days`} className="sr-only">
              Hires {name} for all {allDays} remaining days
            </span>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** Ranked from the ZIP code's centre: said in words, not only by the mark's shape. */
function ApproximateChip() {
  return (
    <span
      title="No coordinates of their own: measured from the centre of their ZIP code"
      className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-slate-500/20 ring-inset"
    >
      Approximate
    </span>
  );
}

/**
 * The rank, in the shape of the map marker (circle: current, square: home, "≈": ZIP centre,
 * dashed: none).
 */
/** The check of a hired worker: on the row's Hired pill, and in place of their rank. */
function CheckIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path
        fillRule="evenodd"
        d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** In place of the rank of a worker hired from this page (the ranks were counted again without them). */
function HiredMark() {
  return (
    <span
      aria-hidden="true"
      className="grid size-8 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700"
    >
      <CheckIcon />
    </span>
  );
}

function RankMark({ rank, coordinates }: { rank: number; coordinates: Candidate["coordinates"] }) {
  const shape =
    coordinates === "current"
      ? "rounded-full bg-indigo-600 text-white"
      : coordinates === "home"
        ? "rounded-md bg-emerald-700 text-white"
        : coordinates === "zip"
          ? "rounded-md bg-slate-600 text-white outline-2 outline-offset-1 outline-dashed outline-slate-600"
          : "rounded-full border border-dashed border-slate-400 bg-white text-slate-700";
  return (
    <span
      aria-hidden="true"
      className={`grid h-8 min-w-8 shrink-0 place-items-center px-1 text-sm font-semibold tabular-nums ${shape}`}
    >
      {coordinates === "zip" ? `≈${rank}` : rank}
    </span>
  );
}

function PreferredChip() {
  return (
    <span
      title="A preferred candidate of this request: ahead of others at the same distance"
      className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="currentColor"
        className="size-3.5 text-amber-500"
      >
        <path
          fillRule="evenodd"
          d="M10.868 2.884c-.321-.772-1.415-.772-1.736 0l-1.83 4.401-4.753.381c-.833.067-1.171 1.107-.536 1.651l3.62 3.102-1.106 4.637c-.194.813.691 1.456 1.405 1.02L10 15.591l4.069 2.485c.713.436 1.598-.207 1.404-1.02l-1.106-4.637 3.62-3.102c.635-.544.297-1.584-.536-1.65l-4.752-.382-1.831-4.401Z"
          clipRule="evenodd"
        />
      </svg>
      Preferred
    </span>
  );
}

const MAX_CHIPS = 3;

/** The required badges the worker holds (every one: that is who qualifies). */
function MatchedBadges({ badges }: { badges: Candidate["badges_matched"] }) {
  const shown = badges.slice(0, MAX_CHIPS);
  const hidden = badges.slice(MAX_CHIPS);
  return (
    <p className="mt-1.5 flex flex-wrap items-center gap-1">
      <span className="sr-only">Holds the required badges: </span>
      {shown.map((b) => (
        <span
          key={String(b.badge_id)}
          title={b.name}
          className="inline-flex max-w-48 items-center gap-1 truncate rounded-md bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-600/15 ring-inset"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            fill="currentColor"
            className="size-3 shrink-0"
          >
            <path
              fillRule="evenodd"
              d="M12.416 3.376a.75.75 0 0 1 .208 1.04l-5 7.5a.75.75 0 0 1-1.154.114l-3-3a.75.75 0 0 1 1.06-1.06l2.353 2.353 4.493-6.74a.75.75 0 0 1 1.04-.207Z"
              clipRule="evenodd"
            />
          </svg>
          <span className="truncate">{b.name}</span>
        </span>
      ))}
      {hidden.length > 0 && (
        <span
          title={hidden.map((b) => b.name).join(", ")}
          className="rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600"
        >
          +{hidden.length}
          <span className="sr-only"> more: {hidden.map((b) => b.name).join(", ")}</span>
        </span>
      )}
    </p>
  );
}
