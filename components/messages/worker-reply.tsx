"use client";

import { useId, useState } from "react";
import { errorText } from "@/components/jobs/detail/error-text";
import { Spinner } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { useWorkerReply } from "@/lib/portal/client/hooks/use-messages";
import { MESSAGE_BODY_MAX } from "@/lib/portal/message-types";

/**
 * The demo's stand-in for the worker's app (our test environment only): the worker answers,
 * through POST /jobs/:id/simulate with action `message`, so a demo shows both sides.
 */
export function WorkerReply({ jobId, workerName }: { jobId: number; workerName: string }) {
  const reply = useWorkerReply(jobId);
  const [body, setBody] = useState("");
  const ids = { box: useId(), error: useId() };
  const error = reply.isError ? errorText(reply.error) : null;
  const blank = body.trim() === "";
  return (
    <form
      className="rounded-lg border border-dashed border-amber-300 bg-amber-50/60 px-3 pt-2 pb-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (blank || reply.isPending) return;
        reply.mutate(body, { onSuccess: () => setBody("") });
      }}
    >
      <label htmlFor={ids.box} className="block text-xs font-semibold text-amber-900">
        Demo: act as the worker — {workerName}&apos;s reply
      </label>
      <div className="mt-1.5 flex flex-wrap gap-2">
        <input
          id={ids.box}
          value={body}
          maxLength={MESSAGE_BODY_MAX}
          placeholder="Running ten minutes late"
          aria-describedby={error ? ids.error : undefined}
          onChange={(e) => {
            setBody(e.target.value);
            if (reply.isError) reply.reset();
          }}
          className={`${inputClass(Boolean(error))} min-w-0 flex-[1_1_12rem] py-1 text-sm`}
        />
        <button
          type="submit"
          disabled={blank || reply.isPending}
          aria-busy={reply.isPending || undefined}
          className="inline-flex items-center gap-1.5 rounded-md bg-white px-2.5 py-1 text-xs font-semibold text-amber-950 shadow-sm ring-1 ring-amber-300 ring-inset hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed disabled:text-amber-800/70"
        >
          {reply.isPending ? <Spinner className="size-3" /> : <span aria-hidden="true">▶</span>}
          Reply as {workerName}
        </button>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}
