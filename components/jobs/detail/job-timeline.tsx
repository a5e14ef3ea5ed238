"use client";

import Link from "next/link";
import { useState } from "react";
import type { PillTone } from "@/components/ui/state-pill";
import { TimeAgo } from "@/components/ui/time-ago";
import { jobStateLabel, jobStateTone, type TimelineEntry } from "./job-state";

const FIRST = 30;

const DOT: Record<PillTone, string> = {
  success: "bg-emerald-500",
  warning: "bg-amber-500",
  danger: "bg-rose-500",
  neutral: "bg-slate-400",
  info: "bg-sky-500",
};

const ACTOR: Record<string, string> = {
  requestor: "by the requestor",
  worker: "by the worker",
  system: "automatically",
};

/** "by Dana Lee" when the API names the teammate; else who, as the API says it. */
export function actorText(e: Pick<TimelineEntry, "actor" | "actorName">): string {
  if (e.actorName)
    return e.actor === "system" ? `automatically, for ${e.actorName}` : `by ${e.actorName}`;
  return e.actor ? (ACTOR[e.actor] ?? `by ${e.actor}`) : "";
}

function Line({ entry }: { entry: TimelineEntry }) {
  if (entry.who === null) {
    return (
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">Job request</span>{" "}
        {entry.to === "posted" ? "posted" : "created"}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700">
      <span className="font-semibold text-slate-900">{entry.who}</span>
      {": "}
      {entry.from ? (
        <>
          {jobStateLabel(entry.from)} <span aria-hidden="true">→</span>
          <span className="sr-only">to</span>{" "}
        </>
      ) : null}
      <span className="font-medium text-slate-900">{jobStateLabel(entry.to)}</span>
    </p>
  );
}

/**
 * Everything that happened on the request, newest first (what just moved is on top): each
 * job's moves, who made them, when; and the request's own creation and posting.
 */
export function JobTimeline({
  entries,
  headingId,
  loading,
}: {
  entries: TimelineEntry[];
  headingId: string;
  loading: boolean;
}) {
  const [all, setAll] = useState(false);
  const shown = all ? entries : entries.slice(0, FIRST);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3 sm:px-6">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Timeline
        </h2>
        <Link
          href="/webhooks"
          className="rounded text-xs font-medium text-indigo-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Webhook deliveries <span aria-hidden="true">→</span>
        </Link>
      </div>
      <div className="px-4 py-4 sm:px-6" aria-busy={loading || undefined}>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">
            {loading ? "Loading the timeline…" : "Nothing has happened yet."}
          </p>
        ) : (
          <ol aria-label="Events, newest first">
            {shown.map((e, i) => {
              const tone: PillTone = e.who === null ? "neutral" : jobStateTone(e.to);
              return (
                <li key={e.key} className="relative flex gap-3 pb-4 last:pb-0">
                  {i < shown.length - 1 && (
                    <span
                      aria-hidden="true"
                      className="absolute top-4 bottom-0 left-[0.4375rem] w-px bg-slate-200"
                    />
                  )}
                  <span
                    aria-hidden="true"
                    className={`relative mt-1 size-3.5 shrink-0 rounded-full ring-4 ring-white ${DOT[tone]}`}
                  />
                  <div className="min-w-0 flex-1">
                    <Line entry={e} />
                    <p className="mt-0.5 text-xs text-slate-500">
                      {e.actor && <>{actorText(e)} · </>}
                      <TimeAgo iso={e.at} withAbsolute />
                      {e.who !== null && (
                        <>
                          {" · "}
                          <code className="font-mono text-slate-600">
                            {e.from ? `${e.from} → ` : ""}
                            {e.to}
                          </code>
                        </>
                      )}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {entries.length > FIRST && (
          <button
            type="button"
            onClick={() => setAll((v) => !v)}
            className="mt-4 rounded text-sm font-medium text-indigo-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {all ? "Show the latest only" : `Show all ${entries.length} events`}
          </button>
        )}
      </div>
    </section>
  );
}
