"use client";

import { useId, useState } from "react";
import { refusalMessage } from "@/components/jobs/candidates/hiring";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { fullName } from "@/components/workers/list/worker-parts";
import { useAssignJob } from "@/lib/portal/client/hooks/use-jobs";
import { useWorkers } from "@/lib/portal/client/hooks/use-workers";
import { useDebounced } from "@/lib/portal/client/use-debounced";
import type { JobRequest } from "@/lib/portal/job-types";

const SHOWN = 8;

/**
 * Hiring by name, where the upstream has no ranking (the real service): search the pool and
 * hire from the matches. The API still decides who qualifies (badges, bans, a free slot) and
 * refuses the rest, which is said on the row.
 */
export function HireByName({
  request,
  allDays = null,
}: {
  request: JobRequest;
  /** A same-workers series: a hire here is onto this many remaining days (more than one). */
  allDays?: number | null;
}) {
  const covers = allDays && allDays > 1 ? ` for all ${allDays} remaining days` : "";
  const headingId = useId();
  const inputId = useId();
  const [query, setQuery] = useState("");
  const q = useDebounced(query.trim(), 300);
  const workers = useWorkers(
    { q, page: 1, per: SHOWN, sort: "last_name" },
    { enabled: q.length >= 2 },
  );
  const assign = useAssignJob(request.id);
  const [outcome, setOutcome] = useState<Record<number, { ok: boolean; text: string }>>({});
  const [busy, setBusy] = useState<number | null>(null);

  const hire = (id: number, name: string) => {
    setBusy(id);
    assign.mutate(
      { worker_id: id },
      {
        onSuccess: () =>
          setOutcome((o) => ({ ...o, [id]: { ok: true, text: `${name} is hired${covers}.` } })),
        onError: (e) =>
          setOutcome((o) => ({ ...o, [id]: { ok: false, text: refusalMessage(name, e) } })),
        onSettled: () => setBusy(null),
      },
    );
  };

  const items = q.length >= 2 ? (workers.data?.items ?? []).slice(0, SHOWN) : [];
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Hire a worker
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Find a worker in your pool by name, e-mail or phone. Workers who accept the job in their app
        appear below too.
        {covers && ` Same workers every day: each Hire hires the worker${covers}.`}
      </p>
      <label htmlFor={inputId} className="mt-4 block text-sm font-medium text-slate-800">
        Search workers
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder="At least 2 letters"
        autoComplete="off"
        maxLength={200}
        className={`mt-1 ${inputClass(false)}`}
      />
      <div aria-live="polite" className="mt-3">
        {q.length >= 2 && workers.isFetching && items.length === 0 && (
          <p className="text-sm text-slate-500">Searching…</p>
        )}
        {q.length >= 2 && !workers.isFetching && items.length === 0 && (
          <p className="text-sm text-slate-500">No worker matches “{q}”.</p>
        )}
        {workers.isError && <p className="text-sm text-red-700">{workers.error.message}</p>}
      </div>
      {items.length > 0 && (
        <ul aria-label="Matching workers" className="divide-y divide-slate-100">
          {items.map((w) => {
            const name = fullName(w);
            const done = outcome[w.id];
            return (
              <li key={w.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{name}</p>
                  <p className="truncate text-sm text-slate-600">{w.email ?? w.phone ?? ""}</p>
                  {done && (
                    <p className={`mt-1 text-sm ${done.ok ? "text-emerald-700" : "text-red-700"}`}>
                      {done.text}
                    </p>
                  )}
                </div>
                {!done?.ok && (
                  <Button
                    variant="secondary"
                    aria-label={`Hire ${name}`}
                    busy={busy === w.id}
                    disabled={busy !== null}
                    onClick={() => hire(w.id, name)}
                  >
                    Hire
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
