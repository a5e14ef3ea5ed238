"use client";

import { ListLink } from "@/components/portal/list-link";
import { relativeTime, useNow } from "@/components/ui/time-ago";
import { WORKERS_PATH } from "@/components/workers/list/use-worker-neighbors";
import { WorkerPager } from "@/components/workers/list/worker-pager";
import type { Worker } from "@/lib/portal/types";
import { WorkerStatusPill } from "../worker-status";
import { ResendInvitation } from "./resend-invitation";

const dateFmt = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

export function WorkerHeader({ worker, readOnly = false }: { worker: Worker; readOnly?: boolean }) {
  const now = useNow();
  const name = `${worker.first_name} ${worker.last_name}`.trim() || "Unnamed worker";
  const initials =
    `${worker.first_name.charAt(0)}${worker.last_name.charAt(0)}`.toUpperCase() || "?";
  return (
    <header>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <nav aria-label="Breadcrumb" className="min-w-0 text-sm text-slate-500">
          {/* Back to the list as it was left: its filters, sort and page. */}
          <ListLink path={WORKERS_PATH} className="rounded hover:text-slate-800">
            Workers
          </ListLink>
          <span aria-hidden="true"> / </span>
          <span className="text-slate-800" aria-current="page">
            {name}
          </span>
        </nav>
        <WorkerPager id={worker.id} />
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-14 shrink-0 place-items-center rounded-full bg-indigo-100 text-lg font-semibold text-indigo-700"
        >
          {initials}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{name}</h1>
            <WorkerStatusPill worker={worker} detailed />
          </div>
          <p className="mt-1 text-sm break-all text-slate-600">{worker.email}</p>
          <p className="mt-1 text-xs text-slate-500">
            Worker #{worker.id} · Last updated{" "}
            <time dateTime={worker.updated_at} title={dateFmt(worker.updated_at)}>
              {relativeTime(worker.updated_at, now)}
            </time>
          </p>
          {!readOnly && (
            <div className="mt-2">
              <ResendInvitation worker={worker} />
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

/** Same footprint as the loaded page, so nothing jumps when the worker arrives. */
export function WorkerEditorSkeleton() {
  return (
    <div role="status" aria-label="Loading worker" className="animate-pulse">
      <div className="flex h-8 items-center justify-between">
        <div className="h-4 w-32 rounded bg-slate-200" />
        <div className="h-8 w-48 rounded bg-slate-200" />
      </div>
      <div className="mt-3 flex items-start gap-4">
        <div className="size-14 rounded-full bg-slate-200" />
        <div className="flex-1 space-y-2 pt-1">
          <div className="h-7 w-56 rounded bg-slate-200" />
          <div className="h-4 w-44 rounded bg-slate-200" />
          <div className="h-3 w-36 rounded bg-slate-200" />
        </div>
      </div>
      <div className="mt-8 space-y-8">
        {[0, 1, 2].map((i) => (
          <div key={i} className="grid gap-x-8 gap-y-3 lg:grid-cols-3">
            <div className="space-y-2">
              <div className="h-5 w-24 rounded bg-slate-200" />
              <div className="h-4 w-48 rounded bg-slate-200/70" />
            </div>
            <div className="h-48 rounded-xl bg-white ring-1 ring-slate-200 lg:col-span-2" />
          </div>
        ))}
      </div>
    </div>
  );
}
