"use client";

import { type ReactNode, useId, useState } from "react";
import { useCanDo, useSessionPerson } from "@/components/portal/portal-access";
import { mayRequest, teammateName } from "@/components/team/team-format";
import { Button, Spinner } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useUpdateJobRequest } from "@/lib/portal/client/hooks/use-jobs";
import { useTeam } from "@/lib/portal/client/hooks/use-team";
import type { JobRequest } from "@/lib/portal/job-types";
import { requestedBy } from "../requested-by";

/** States after which the request is history: its requestor is kept as it was. */
const CLOSED = new Set(["cancelled", "completed", "approved", "unfilled"]);

/**
 * Who the job is for, named from the team; those who may edit requests can hand it to another
 * teammate who may request (PATCH `employer_id`), the refusal shown by the select. Nothing when
 * it names nobody and cannot be changed (a public pool key, the real service's company posting).
 */
export function RequestedByItem({
  request,
  frame,
}: {
  request: JobRequest;
  /** The summary's term-and-icon frame around the value. */
  frame: (children: ReactNode) => ReactNode;
}) {
  const me = useSessionPerson();
  const readable = useCanDo("team.read");
  const writable = useCanDo("job_requests.write") && !CLOSED.has(request.state);
  const id = request.employer_id ?? request.employer?.id ?? null;
  const team = useTeam(readable && (writable || (id !== null && !request.employer?.first_name)));
  const update = useUpdateJobRequest(request.id);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const name = requestedBy(request, team.data, me);
  const changeable = writable && readable && team.isSuccess;
  if (!name && !changeable) return null;

  const change = async (value: string) => {
    setError(null);
    try {
      await update.mutateAsync({ employer_id: value === "" ? null : Number(value) });
      setEditing(false);
    } catch (err) {
      if (err instanceof ApiClientError && err.status === 401) return;
      const onField = err instanceof ApiClientError ? err.fields?.employer_id?.join(", ") : null;
      setError(
        onField
          ? `Requestor ${onField}`
          : err instanceof Error
            ? err.message
            : "Not changed: try again in a moment.",
      );
    }
  };

  if (editing) {
    const options = (team.data ?? [])
      .filter((t) => mayRequest(t) || t.id === id)
      .map((t) => ({
        value: String(t.id),
        label: teammateName(t) + (t.id === me?.id ? " (you)" : ""),
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
    return frame(
      <>
        <label htmlFor={selectId} className="sr-only">
          Requestor
        </label>
        <div className="mt-1 flex items-center gap-2">
          <select
            id={selectId}
            value={id === null ? "" : String(id)}
            disabled={update.isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${selectId}-error` : undefined}
            onChange={(e) => change(e.target.value)}
            className={`${inputClass(Boolean(error))} py-1.5`}
          >
            <option value="">The company (no one in particular)</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {update.isPending ? (
            <Spinner className="size-4 shrink-0 text-slate-400" />
          ) : (
            <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(false)}>
              Done
            </Button>
          )}
        </div>
        <p
          id={`${selectId}-error`}
          aria-live="polite"
          className="mt-1 text-xs font-medium text-red-700 empty:hidden"
        >
          {error}
        </p>
      </>,
    );
  }
  return frame(
    <>
      <span className={name ? "font-medium" : "text-slate-500 italic"}>
        {name ?? "The company"}
      </span>
      {changeable && (
        <button
          type="button"
          onClick={() => setEditing(true)}
          className="ml-2 rounded text-sm font-medium text-indigo-700 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Change<span className="sr-only"> requestor</span>
        </button>
      )}
    </>,
  );
}
