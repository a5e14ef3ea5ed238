"use client";

import { type ReactNode, useId } from "react";
import { LoadError } from "@/components/ui/load-error";
import { TimeAgo } from "@/components/ui/time-ago";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import {
  type HistoryBadge,
  type HistoryEntry,
  useWorkerHistory,
} from "@/lib/portal/client/hooks/use-worker-history";
import { actorName, fieldLabel, summary } from "./history-wording";
import { displayValue, isFormField } from "./worker-form-model";

const EMPTY = Symbol("empty");

/** A value as the API gave it → as a person reads it (or EMPTY). */
function readable(field: string, v: unknown): string | typeof EMPTY {
  if (v === null || v === undefined || v === "") return EMPTY;
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "number") return String(v);
  if (typeof v === "string") {
    if (isFormField(field)) {
      if (field === "dob") return v.slice(0, 10);
      return displayValue(field, v);
    }
    return v;
  }
  return JSON.stringify(v);
}

function Value({ field, value, tone }: { field: string; value: unknown; tone: "old" | "new" }) {
  const text = readable(field, value);
  if (text === EMPTY) return <span className="text-slate-400 italic">(empty)</span>;
  return (
    <span
      className={`rounded px-1 break-words ${
        tone === "old"
          ? "bg-slate-100 text-slate-600 ring-1 ring-slate-200"
          : "bg-indigo-50 font-medium text-slate-900 ring-1 ring-indigo-200"
      }`}
    >
      {text}
    </span>
  );
}

/** Who made the change, as a person would say it. */
function Actor({ entry }: { entry: HistoryEntry }) {
  return <span className="font-semibold text-slate-900">{actorName(entry)}</span>;
}

/** The worker's change history, newest first: who, when, which fields, which badges. */
export function WorkerHistory({ id }: { id: number }) {
  const headingId = useId();
  const history = useWorkerHistory(id);

  let body: ReactNode;
  if (history.isError) {
    const err = history.error;
    body =
      err instanceof ApiClientError && (err.status === 404 || err.status === 403) ? (
        <p className="text-sm text-slate-600">
          The history of this worker is not available from this API.
        </p>
      ) : (
        <LoadError
          title="The history could not be loaded"
          error={err}
          retry={history.refetch}
          retrying={history.isFetching}
        />
      );
  } else if (history.isPending) {
    body = <HistorySkeleton />;
  } else if (history.data.history.length === 0) {
    body = <p className="text-sm text-slate-600">No changes recorded yet.</p>;
  } else {
    const { history: entries, total } = history.data;
    body = (
      <>
        <ol aria-label="Changes, newest first" className="space-y-0">
          {entries.map((e, i) => (
            <HistoryItem key={e.id} entry={e} last={i === entries.length - 1} />
          ))}
        </ol>
        {total > entries.length && (
          <p className="mt-4 text-xs text-slate-500">
            Showing the latest {entries.length} of {total} changes.
          </p>
        )}
      </>
    );
  }

  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-x-8 gap-y-3 border-t border-slate-200 pt-8 lg:grid-cols-3"
    >
      <div>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          History
        </h2>
        <p className="mt-1 text-sm/6 text-slate-600">
          Who changed this worker, when, and what. Saved changes appear here at once.
        </p>
      </div>
      <div
        aria-busy={history.isFetching || undefined}
        className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:col-span-2"
      >
        {body}
      </div>
    </section>
  );
}

function HistoryItem({ entry, last }: { entry: HistoryEntry; last: boolean }) {
  const fields = Object.entries(entry.changes);
  const initial = entry.kind === "invited";
  return (
    <li className="relative flex gap-3 pb-6 last:pb-0">
      {!last && (
        <span
          aria-hidden="true"
          className="absolute top-8 bottom-0 left-[0.9375rem] w-px bg-slate-200"
        />
      )}
      <KindIcon kind={entry.kind} />
      <div className="min-w-0 flex-1 pt-1">
        <p className="text-sm text-slate-700">
          <Actor entry={entry} /> {summary(entry)}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          <TimeAgo iso={entry.occurred_at} withAbsolute />
          {entry.actor.type === "api_key" && entry.actor.api_key && (
            <>
              {" · with API key "}
              <code className="font-mono wrap-anywhere text-slate-600">{entry.actor.api_key}</code>
            </>
          )}
        </p>

        {fields.length > 0 &&
          (initial ? (
            <details className="group mt-2 text-sm">
              <summary className="cursor-pointer rounded text-indigo-700 select-none hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600">
                Details given at the invitation ({fields.length})
              </summary>
              <ul className="mt-2 space-y-1">
                {fields.map(([field, change]) => (
                  <li key={field} className="break-words text-slate-700">
                    <span className="font-medium text-slate-900">{fieldLabel(field)}:</span>{" "}
                    <Value field={field} value={change.to} tone="new" />
                  </li>
                ))}
              </ul>
            </details>
          ) : (
            <ul aria-label="Changed fields" className="mt-2 space-y-1.5 text-sm">
              {fields.map(([field, change]) => (
                <li key={field} className="break-words text-slate-700">
                  <span className="font-medium text-slate-900">{fieldLabel(field)}:</span>{" "}
                  <Value field={field} value={change.from} tone="old" />{" "}
                  <span aria-hidden="true">→</span>
                  <span className="sr-only">changed to</span>{" "}
                  <Value field={field} value={change.to} tone="new" />
                </li>
              ))}
            </ul>
          ))}

        {(entry.badges_added.length > 0 || entry.badges_removed.length > 0) && (
          <div className="mt-2 flex flex-wrap gap-1.5">
            <BadgeChips badges={entry.badges_added} added />
            <BadgeChips badges={entry.badges_removed} added={false} />
          </div>
        )}
      </div>
    </li>
  );
}

function BadgeChips({ badges, added }: { badges: HistoryBadge[]; added: boolean }) {
  if (badges.length === 0) return null;
  return (
    <ul aria-label={added ? "Badges added" : "Badges removed"} className="contents">
      {badges.map((b) => (
        <li
          key={b.badge_id}
          className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${
            added
              ? "bg-emerald-50 text-emerald-800 ring-emerald-200"
              : "bg-rose-50 text-rose-800 ring-rose-200"
          }`}
        >
          <span aria-hidden="true">{added ? "+" : "−"}</span>
          <span className={added ? "" : "line-through decoration-rose-400"}>{b.name}</span>
          <span className="sr-only">{added ? " (badge added)" : " (badge removed)"}</span>
        </li>
      ))}
    </ul>
  );
}

function KindIcon({ kind }: { kind: HistoryEntry["kind"] }) {
  const tone =
    kind === "invited"
      ? "bg-sky-100 text-sky-700"
      : kind === "invitation_accepted"
        ? "bg-emerald-100 text-emerald-700"
        : kind === "personal_data_revealed"
          ? "bg-amber-100 text-amber-800"
          : "bg-indigo-100 text-indigo-700";
  const path =
    kind === "invited"
      ? "M3 4a2 2 0 0 0-2 2v1.161l8.441 4.221a1.25 1.25 0 0 0 1.118 0L19 7.162V6a2 2 0 0 0-2-2H3Zm16 4.839-7.77 3.885a2.75 2.75 0 0 1-2.46 0L1 8.839V14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V8.839Z"
      : kind === "invitation_accepted"
        ? "M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
        : "m5.433 13.917 1.262-3.155A4 4 0 0 1 7.58 9.42l6.92-6.918a2.121 2.121 0 0 1 3 3l-6.92 6.918c-.383.383-.84.685-1.343.886l-3.154 1.262a.5.5 0 0 1-.65-.65ZM3.5 5.75c0-.69.56-1.25 1.25-1.25H10A.75.75 0 0 0 10 3H4.75A2.75 2.75 0 0 0 2 5.75v9.5A2.75 2.75 0 0 0 4.75 18h9.5A2.75 2.75 0 0 0 17 15.25V10a.75.75 0 0 0-1.5 0v5.25c0 .69-.56 1.25-1.25 1.25h-9.5c-.69 0-1.25-.56-1.25-1.25v-9.5Z";
  return (
    <span
      aria-hidden="true"
      className={`relative grid size-8 shrink-0 place-items-center rounded-full ring-4 ring-white ${tone}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path fillRule="evenodd" d={path} clipRule="evenodd" />
      </svg>
    </span>
  );
}

/** Loading placeholder, also used while the panel's code loads. */
function HistorySkeleton() {
  return (
    <div aria-hidden="true" className="space-y-5">
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-3">
          <div className="size-8 shrink-0 animate-pulse rounded-full bg-slate-200" />
          <div className="flex-1 space-y-2 pt-1">
            <div className="h-4 w-64 max-w-full animate-pulse rounded bg-slate-200" />
            <div className="h-3 w-40 animate-pulse rounded bg-slate-200/70" />
            <div className="h-3 w-52 animate-pulse rounded bg-slate-200/70" />
          </div>
        </div>
      ))}
    </div>
  );
}
