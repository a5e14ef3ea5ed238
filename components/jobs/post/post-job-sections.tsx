"use client";

import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { SelectField, TextAreaField, TextField } from "@/components/ui/field";
import { useJobCategories } from "@/lib/portal/client/hooks/use-jobs";
import { BadgeRequirements } from "./badge-requirements";
import {
  describeStart,
  durationMinutes,
  FIELD_LABELS,
  fieldMessage,
  type PostJobField,
  type PostJobFormValues,
  REQUIRED_MARKED,
  timeZoneOptions,
  zoneAbbreviation,
} from "./post-job-model";

type TextName = Exclude<PostJobField, "badges" | "classification">;

/** One part of the form: its heading and a line of context beside (above, on a phone) a card. */
export function PostJobSection({
  step,
  title,
  description,
  children,
}: {
  step: number;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-x-8 gap-y-3 border-t border-slate-200 pt-8 first:border-t-0 first:pt-0 lg:grid-cols-3"
    >
      <div className="flex gap-3 lg:block">
        <span
          aria-hidden="true"
          className="grid size-7 shrink-0 place-items-center rounded-full bg-indigo-600 text-xs font-bold text-white lg:mb-3"
        >
          {step}
        </span>
        <div>
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm/6 text-slate-600">{description}</p>
        </div>
      </div>
      <div className="min-w-0 space-y-5 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 lg:col-span-2">
        {children}
      </div>
    </section>
  );
}

/** A text input bound to one field; its label, asterisk and error come from the model. */
export function FormText({
  name,
  hint,
  className,
  ...props
}: {
  name: TextName;
  hint?: ReactNode;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "name">) {
  const {
    register,
    formState: { errors },
  } = useFormContext<PostJobFormValues>();
  const deps =
    name === "latitude"
      ? ["longitude" as const]
      : name === "longitude"
        ? ["latitude" as const]
        : [];
  return (
    <TextField
      label={FIELD_LABELS[name]}
      hint={hint}
      error={fieldMessage(name, errors[name]?.message)}
      required={REQUIRED_MARKED.has(name)}
      autoComplete="off"
      className={className}
      {...props}
      {...register(name, deps.length ? { deps } : undefined)}
    />
  );
}

export function WhatSection({ requestor }: { requestor?: ReactNode }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<PostJobFormValues>();
  return (
    <PostJobSection
      step={1}
      title="What"
      description="Name the job so your team can find it, and tell workers what they will do."
    >
      <FormText name="request_name" placeholder="Warehouse loaders — morning shift" />
      {requestor}
      <CategoryField />
      <TextAreaField
        label={FIELD_LABELS.description}
        rows={5}
        required
        hint="What the work involves, what to bring and wear, and who to ask for on arrival."
        error={fieldMessage("description", errors.description?.message)}
        {...register("description")}
      />
    </PostJobSection>
  );
}

/** The company's categories as a select; free text where the API has no list (the real service). */
function CategoryField() {
  const {
    register,
    getValues,
    formState: { errors },
  } = useFormContext<PostJobFormValues>();
  const categories = useJobCategories();
  const error = fieldMessage("category", errors.category?.message);
  if (categories.isPending) {
    return (
      <div aria-hidden="true">
        <p className="block text-sm font-medium text-slate-800">{FIELD_LABELS.category} *</p>
        <div className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-500 ring-1 ring-slate-200 ring-inset">
          Loading categories…
        </div>
      </div>
    );
  }
  const list = categories.data;
  if (!list || list.length === 0) {
    return (
      <FormText
        name="category"
        placeholder="Warehouse"
        hint={
          list ? "Your company has no categories set up yet; type the category to use." : undefined
        }
      />
    );
  }
  // A restored value outside the list stays selectable (the API will say if it is not allowed).
  const current = getValues("category");
  const options = current && !list.includes(current) ? [...list, current] : list;
  return (
    <SelectField
      label={FIELD_LABELS.category}
      required
      error={error}
      hint="Workers filter the jobs they see by category."
      {...register("category")}
    >
      <option value="">Choose a category…</option>
      {options.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </SelectField>
  );
}

export function WhenSection({
  browserZone,
  children,
}: {
  browserZone: string;
  /** What follows the start (the post form's "Repeats"). */
  children?: ReactNode;
}) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PostJobFormValues>();
  const [date, clock, timezone, hours] = useWatch({
    control,
    name: ["start_date", "start_clock", "timezone", "duration_hours"],
  });
  const start = describeStart(date, clock, timezone);
  const minutes = durationMinutes(hours);
  const length =
    minutes && minutes > 0
      ? minutes % 60 === 0
        ? `${minutes / 60} hour${minutes === 60 ? "" : "s"}`
        : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
      : null;
  const zoneNote =
    timezone === browserZone
      ? `${zoneAbbreviation(timezone, date)}, your time zone`
      : `${zoneAbbreviation(timezone, date)} — the site’s time zone, not yours (${zoneAbbreviation(browserZone, date)})`;

  return (
    <PostJobSection
      step={2}
      title="When"
      description="The start is the site’s local time: workers see it in the site’s time zone."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormText name="start_date" type="date" />
        <FormText name="start_clock" type="time" step={300} hint={zoneNote} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={FIELD_LABELS.timezone}
          error={fieldMessage("timezone", errors.timezone?.message)}
          {...register("timezone")}
        >
          {timeZoneOptions(browserZone, timezone).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <FormText
          name="duration_hours"
          inputMode="decimal"
          placeholder="8"
          hint="For example 8, or 7.5 for seven and a half hours"
        />
      </div>
      {start && (
        <p className="flex items-start gap-2 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-950 ring-1 ring-indigo-100 ring-inset">
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            fill="currentColor"
            className="mt-0.5 size-4 shrink-0 text-indigo-600"
          >
            <path
              fillRule="evenodd"
              d="M5.75 2a.75.75 0 0 1 .75.75V4h7V2.75a.75.75 0 0 1 1.5 0V4h.25A2.75 2.75 0 0 1 18 6.75v8.5A2.75 2.75 0 0 1 15.25 18H4.75A2.75 2.75 0 0 1 2 15.25v-8.5A2.75 2.75 0 0 1 4.75 4H5V2.75A.75.75 0 0 1 5.75 2Zm-1 5.5c-.69 0-1.25.56-1.25 1.25v6.5c0 .69.56 1.25 1.25 1.25h10.5c.69 0 1.25-.56 1.25-1.25v-6.5c0-.69-.56-1.25-1.25-1.25H4.75Z"
              clipRule="evenodd"
            />
          </svg>
          <span>
            Starts <strong className="font-semibold">{start}</strong>
            {length ? `, for ${length}` : ""}.
          </span>
        </p>
      )}
      {children}
    </PostJobSection>
  );
}

export function WhoSection() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<PostJobFormValues>();
  const classification = useWatch({ control, name: "classification" });
  const legendId = useId();
  return (
    <PostJobSection
      step={4}
      title="Who"
      description="How many workers, what they earn, and the badges they must hold."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormText name="slots" type="number" min={1} max={500} step={1} inputMode="numeric" />
        <FormText name="wage" inputMode="decimal" placeholder="24.50" hint="US dollars an hour" />
      </div>

      <fieldset aria-describedby={errors.classification ? `${legendId}-error` : undefined}>
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          {FIELD_LABELS.classification}
        </legend>
        <div className="mt-1 grid gap-2 sm:grid-cols-2">
          {(
            [
              ["1099", "1099 contractor", "Independent contractors, paid per job"],
              ["w2", "W-2 employee", "Employed and paid through payroll at an hourly rate"],
            ] as const
          ).map(([value, label, note]) => (
            <label
              key={value}
              className="flex cursor-pointer items-start gap-3 rounded-lg bg-white p-3 ring-1 ring-slate-300 ring-inset has-checked:bg-indigo-50/60 has-checked:ring-2 has-checked:ring-indigo-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
            >
              <input
                type="radio"
                value={value}
                className="mt-0.5 size-4 accent-indigo-600 focus:outline-none"
                {...register("classification")}
              />
              <span className="text-sm">
                <span className="block font-medium text-slate-900">{label}</span>
                <span className="block text-slate-600">{note}</span>
              </span>
            </label>
          ))}
        </div>
        <p
          id={`${legendId}-error`}
          aria-live="polite"
          className="mt-1 text-xs font-medium text-red-700"
        >
          {fieldMessage("classification", errors.classification?.message)}
        </p>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        {classification === "w2" && (
          <FormText
            name="w2_hourly_rate"
            inputMode="decimal"
            placeholder="22.00"
            required
            hint="Required for W-2 workers"
          />
        )}
        <FormText
          name="notification_distance"
          type="number"
          min={1}
          max={500}
          inputMode="numeric"
          placeholder="25"
          hint="Optional: how far from the pin to notify workers"
        />
      </div>

      <div className="border-t border-slate-100 pt-5">
        <BadgeRequirements />
      </div>
    </PostJobSection>
  );
}
