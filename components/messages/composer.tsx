"use client";

import { useId, useState } from "react";
import { errorText } from "@/components/jobs/detail/error-text";
import { teammateName } from "@/components/team/team-format";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { useSendMessage } from "@/lib/portal/client/hooks/use-messages";
import { type Teammate, useTeam } from "@/lib/portal/client/hooks/use-team";
import { MESSAGE_BODY_MAX, type Requestor } from "@/lib/portal/message-types";

/** The count turns into a warning this close to the limit. */
const NEAR_LIMIT = 200;

/** Teammates who may write to a worker: admins and requestors who have signed in and are not suspended. */
export function mayWrite(t: Teammate): boolean {
  return (
    (t.role === "customer_admin" || t.role === "requestor") &&
    !t.suspended &&
    t.invitation_status !== "invited" &&
    t.invitation_status !== "expired"
  );
}

/**
 * Who a key pair's session may write as: the teammates who may write, and the job's requestor
 * even where the team cannot be read (the real service lists no employers).
 */
export function senderChoices(
  team: readonly Teammate[] | undefined,
  requestor: Requestor | null,
): { id: number; name: string }[] {
  const writers = (team ?? []).filter(mayWrite).map((t) => ({ id: t.id, name: teammateName(t) }));
  if (
    requestor &&
    !writers.some((w) => w.id === requestor.id) &&
    !team?.some((t) => t.id === requestor.id)
  ) {
    writers.unshift({ id: requestor.id, name: requestor.name ?? `Requestor #${requestor.id}` });
  }
  return writers;
}

/**
 * Writes to the job's worker. A person writes as themselves; a key pair's session (the
 * integration) chooses which teammate writes, the job's requestor first. The body is bounded as
 * the API bounds it, with its count beside it; Send waits while a message is on its way, and a
 * refusal is shown in the API's words under the box. Ctrl+Enter (⌘+Enter) sends too.
 */
export function Composer({
  jobId,
  workerId,
  workerName,
  meId,
  requestor,
}: {
  jobId: number;
  workerId: number;
  workerName: string;
  /** The person signed in, who sends as themselves; null for a key pair's session. */
  meId: number | null;
  /** The job request's requestor: the first choice of sender for a key pair. */
  requestor: Requestor | null;
}) {
  const send = useSendMessage(jobId);
  const team = useTeam(meId === null);
  const senders = senderChoices(team.data, requestor);
  const [chosen, setChosen] = useState<number | null>(null);
  const sender =
    meId ?? chosen ?? (senders.find((t) => t.id === requestor?.id) ?? senders[0])?.id ?? null;
  const [body, setBody] = useState("");
  const ids = { box: useId(), count: useId(), error: useId(), from: useId() };
  const left = MESSAGE_BODY_MAX - body.length;
  const error = send.isError ? errorText(send.error) : null;
  const blank = body.trim() === "";

  const submit = () => {
    if (blank || send.isPending || sender === null) return;
    send.mutate(
      { sender_id: sender, receiver_id: workerId, body },
      { onSuccess: () => setBody("") },
    );
  };

  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {meId === null && (
        <div className="flex flex-wrap items-center gap-2">
          <label htmlFor={ids.from} className="text-xs font-medium text-slate-600">
            Send as
          </label>
          <select
            id={ids.from}
            value={sender ?? ""}
            disabled={senders.length === 0}
            onChange={(e) => setChosen(Number(e.target.value))}
            className={`${inputClass(false)} w-auto py-1 text-xs`}
          >
            {senders.length === 0 && (
              <option value="">
                {team.isPending ? "Loading the team…" : "No admin or requestor can write"}
              </option>
            )}
            {senders.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
                {t.id === requestor?.id ? " (requestor)" : ""}
              </option>
            ))}
          </select>
        </div>
      )}
      <label htmlFor={ids.box} className="block text-sm font-medium text-slate-800">
        Message to {workerName}
      </label>
      <textarea
        id={ids.box}
        value={body}
        rows={3}
        maxLength={MESSAGE_BODY_MAX}
        placeholder="The gate code, where to park, a change of time…"
        aria-describedby={`${ids.count}${error ? ` ${ids.error}` : ""}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setBody(e.target.value);
          if (send.isError) send.reset();
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            submit();
          }
        }}
        className={`${inputClass(Boolean(error))} resize-y`}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p
          id={ids.count}
          className={`text-xs tabular-nums ${left < NEAR_LIMIT ? "font-medium text-amber-800" : "text-slate-500"}`}
        >
          {left < NEAR_LIMIT
            ? `${left.toLocaleString("en-US")} characters left`
            : `${body.length.toLocaleString("en-US")} / ${MESSAGE_BODY_MAX.toLocaleString("en-US")} characters`}
        </p>
        <Button
          type="submit"
          className="px-3 py-1.5"
          busy={send.isPending}
          disabled={blank || sender === null}
        >
          {send.isPending ? "Sending…" : "Send"}
        </Button>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
