"use client";

import Link from "next/link";
import type { Neighbor } from "@/lib/portal/client/list-neighbors";
import { rememberListPage } from "@/lib/portal/client/use-list-memory";
import { useWorkerNeighbors, WORKERS_PATH } from "./use-worker-neighbors";

const fmt = (n: number) => n.toLocaleString("en-US");

const itemClass =
  "inline-flex h-8 items-center gap-1 rounded-md px-2.5 text-sm font-medium ring-1 ring-inset";
const liveClass = `${itemClass} bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600`;
const deadClass = `${itemClass} cursor-not-allowed bg-slate-50 text-slate-400 ring-slate-200`;

function Chevron({ dir }: { dir: "prev" | "next" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
      <path
        fillRule="evenodd"
        clipRule="evenodd"
        d={
          dir === "prev"
            ? "M11.78 5.22a.75.75 0 0 1 0 1.06L8.06 10l3.72 3.72a.75.75 0 1 1-1.06 1.06l-4.25-4.25a.75.75 0 0 1 0-1.06l4.25-4.25a.75.75 0 0 1 1.06 0Z"
            : "M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z"
        }
      />
    </svg>
  );
}

function Step({
  dir,
  neighbor,
  end,
}: {
  dir: "prev" | "next";
  neighbor: Neighbor | null;
  /** Why there is no neighbor (the list's end). */
  end: string;
}) {
  const word = dir === "prev" ? "Previous" : "Next";
  const content = (
    <>
      {dir === "prev" && <Chevron dir="prev" />}
      {word}
      {dir === "next" && <Chevron dir="next" />}
    </>
  );
  if (!neighbor) {
    // Nowhere to go: shown (and read out, with why), not operable.
    return (
      <button type="button" disabled aria-label={`${word} worker: ${end}`} className={deadClass}>
        {content}
      </button>
    );
  }
  return (
    <Link
      href={`/workers/${neighbor.id}`}
      aria-label={`${word} worker: ${neighbor.label}`}
      title={neighbor.label}
      // Past the end of the list's page: the list's memory moves to the neighbor's page.
      onClick={() => rememberListPage(WORKERS_PATH, neighbor.page)}
      className={liveClass}
    >
      {content}
    </Link>
  );
}

/**
 * "Previous / 3 of 120 / Next": walks the workers list as last shown in this tab (its filters
 * and order, across pages). Left out when the worker is not on that list's page (opened from
 * a link, or moved since): its neighbors are then unknown.
 */
export function WorkerPager({ id }: { id: number }) {
  const n = useWorkerNeighbors(id);
  if (n.state === "unlisted") return null;
  // Usually a moment (the list's pages are cached): keep the row's height, show nothing yet,
  // so a worker that turns out not to be in the list does not flash disabled buttons.
  if (n.state === "loading") return <div className="h-8" />;
  return (
    <nav aria-label="Workers in the list" className="flex items-center gap-2">
      <Step dir="prev" neighbor={n.prev} end="none, this is the first in the list" />
      <span className="text-sm text-slate-500 tabular-nums">
        {fmt(n.position)}
        {n.total !== null && ` of ${fmt(n.total)}`}
      </span>
      <Step dir="next" neighbor={n.next} end="none, this is the last in the list" />
    </nav>
  );
}
