"use client";

import { useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { TextField } from "@/components/ui/field";
import type { PostJobFormValues } from "./post-job-model";
import {
  MAX_REPEAT,
  MIN_REPEAT,
  type RepeatChoice,
  type RepeatType,
  seriesPreview,
  validCount,
} from "./series-model";

const OPTIONS: { value: RepeatType; label: string }[] = [
  { value: "none", label: "Does not repeat" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
];

/**
 * "Repeats": one posting, or a daily or weekly series of them posted together, each at the
 * same local time; with "Same workers every day" a worker hired onto one day is hired onto all.
 */
export function RepeatField({
  value,
  onChange,
}: {
  value: RepeatChoice;
  onChange: (next: RepeatChoice) => void;
}) {
  const { control } = useFormContext<PostJobFormValues>();
  const [date, clock, timezone] = useWatch({
    control,
    name: ["start_date", "start_clock", "timezone"],
  });
  const name = useId();
  const repeats = value.type !== "none";
  const preview = seriesPreview(value, date, clock, timezone);
  const countError =
    repeats && !validCount(value.count)
      ? `Choose from ${MIN_REPEAT} to ${MAX_REPEAT} postings`
      : undefined;

  return (
    <fieldset className="space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset">
      <legend className="sr-only">Repeats</legend>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span aria-hidden="true" className="text-sm font-medium text-slate-800">
          Repeats
        </span>
        <div role="radiogroup" aria-label="Repeats" className="flex flex-wrap gap-2">
          {OPTIONS.map((o) => (
            <label
              key={o.value}
              className={`cursor-pointer rounded-full px-3 py-1 text-sm ring-1 ring-inset has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-600 ${
                value.type === o.value
                  ? "bg-indigo-600 font-medium text-white ring-indigo-600"
                  : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-100"
              }`}
            >
              <input
                type="radio"
                name={name}
                value={o.value}
                checked={value.type === o.value}
                onChange={() => onChange({ ...value, type: o.value })}
                className="sr-only"
              />
              {o.label}
            </label>
          ))}
        </div>
      </div>
      {repeats && (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <TextField
            label="How many postings"
            type="number"
            inputMode="numeric"
            min={MIN_REPEAT}
            max={MAX_REPEAT}
            value={Number.isNaN(value.count) ? "" : String(value.count)}
            onChange={(e) => onChange({ ...value, count: Number.parseInt(e.target.value, 10) })}
            error={countError}
            hint={`Day 1 is the date above; ${MIN_REPEAT} to ${MAX_REPEAT} postings`}
          />
          <label className="flex items-start gap-2 text-sm text-slate-800 sm:mt-6">
            <input
              type="checkbox"
              checked={value.sameWorkers}
              onChange={(e) => onChange({ ...value, sameWorkers: e.target.checked })}
              className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
            />
            <span>
              Same workers every day
              <span className="block text-xs text-slate-500">
                A worker hired onto one day is hired onto every remaining day.
              </span>
            </span>
          </label>
        </div>
      )}
      <p role="status" className="text-sm text-slate-700">
        {repeats && preview ? <strong className="font-semibold">{preview}</strong> : null}
      </p>
    </fieldset>
  );
}
