"use client";

import { useId, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { isMaskedSsn, useSsnReveal } from "./ssn-reveal";
import { FIELD_LABELS, fieldMessage, maskSsn, type WorkerFormValues } from "./worker-form-model";

/**
 * The worker's SSN: concealed on screen (discs, like a password, and "•••-••-6789" below it)
 * until "Show" is pressed, so it is not read over a shoulder, yet editable either way. A text
 * input with concealed glyphs rather than a password input: browsers would offer to save it
 * as the site's password.
 */
export function SsnField({ hint, className = "" }: { hint: string; className?: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<WorkerFormValues>();
  const value = useWatch({ control, name: "ssn" }) ?? "";
  const [shown, setShown] = useState(false);
  const id = useId();
  const error = fieldMessage("ssn", errors.ssn?.message);
  const masked = value.trim() === "" ? null : maskSsn(value);
  // A person reads only the last four digits: Reveal asks the API for the number (and the API
  // records it); the field itself keeps what it was given, so nothing is saved or drafted.
  const onlyLastFour = isMaskedSsn(value);
  const reveal = useSsnReveal();
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {FIELD_LABELS.ssn}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          data-1p-ignore
          data-lpignore="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className={`${inputClass(Boolean(error))} ${shown ? "" : "[-webkit-text-security:disc]"}`}
          {...register("ssn")}
        />
        {/* Nothing to reveal in an empty field: the button comes with the first digit. */}
        {masked && onlyLastFour && reveal && (
          <button
            type="button"
            aria-pressed={reveal.shown}
            aria-controls={`${id}-revealed`}
            onClick={reveal.toggle}
            className={buttonClass("secondary", `shrink-0 ${reveal.shown ? "bg-slate-100" : ""}`)}
          >
            {reveal.shown ? "Hide" : "Reveal"}
            <span className="sr-only"> {FIELD_LABELS.ssn}</span>
          </button>
        )}
        {masked && !onlyLastFour && (
          <button
            type="button"
            aria-pressed={shown}
            aria-controls={id}
            onClick={() => setShown((s) => !s)}
            className={buttonClass("secondary", `shrink-0 ${shown ? "bg-slate-100" : ""}`)}
          >
            Show
            <span className="sr-only"> {FIELD_LABELS.ssn}</span>
          </button>
        )}
      </div>
      {reveal && onlyLastFour && (
        <p id={`${id}-revealed`} aria-live="polite" className="mt-1 text-xs text-slate-700">
          {reveal.state.kind === "busy" && "Revealing…"}
          {reveal.state.kind === "failed" && reveal.state.message}
          {reveal.state.kind === "shown" && (
            <>
              <span className="font-medium text-slate-900 tabular-nums">
                {reveal.state.ssn || "(empty)"}
              </span>
              {" · your reveal is recorded in the worker's history"}
            </>
          )}
        </p>
      )}
      {!error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {masked && !shown && (
            <>
              <span className="font-medium text-slate-700 tabular-nums">{masked}</span>
              {" · "}
            </>
          )}
          {hint}
        </p>
      )}
      <p id={`${id}-error`} aria-live="polite" className="mt-1 text-xs font-medium text-red-700">
        {error}
      </p>
    </div>
  );
}
