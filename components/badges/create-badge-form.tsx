"use client";

import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/field";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useCreateBadge } from "@/lib/portal/client/hooks/use-badges";
import { lazyZodResolver } from "@/lib/portal/client/lazy-zod-resolver";
import { placeFieldErrors } from "@/lib/portal/client/place-field-errors";
import type { Badge } from "@/lib/portal/types";
import type { createBadgeBodySchema } from "@/lib/schemas/badge";

/** The API's own schema, so the browser refuses exactly what the server would. */
type FormInput = z.input<typeof createBadgeBodySchema>;
type FormOutput = z.output<typeof createBadgeBodySchema>;
const resolver = lazyZodResolver<FormInput, FormOutput>(() =>
  import("@/lib/schemas/badge").then((m) => m.createBadgeBodySchema),
);
const FIELDS = ["name", "description", "info_url", "is_soft"] as const;

const EMPTY: FormInput = { name: "", description: "", info_url: "", is_soft: false };

export function CreateBadgeForm({
  labelledBy,
  onCreated,
}: {
  /** The id of the heading that names the form. */
  labelledBy?: string;
  onCreated?: (badge: Badge) => void;
}) {
  const create = useCreateBadge();
  const softId = useId();
  const [formError, setFormError] = useState<{ title: string; message: string } | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver,
    defaultValues: EMPTY,
  });

  // Starting on the next badge retires the last success message.
  useEffect(() => {
    if (isDirty) setCreated(null);
  }, [isDirty]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setCreated(null);
    try {
      const badge = await create.mutateAsync({
        name: values.name,
        description: values.description,
        ...(values.info_url && { info_url: values.info_url }),
        is_soft: values.is_soft ?? false,
      });
      reset(EMPTY);
      setCreated(badge.name);
      onCreated?.(badge);
    } catch (err) {
      if (err instanceof ApiClientError && err.code === "session_expired") return;
      if (placeFieldErrors(err, FIELDS, setError)) return;
      const message = err instanceof Error ? err.message : "Try again in a moment.";
      setFormError(
        err instanceof ApiClientError && err.status === 403
          ? { title: "Your key cannot create badges", message }
          : { title: "The badge could not be created", message },
      );
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy} className="space-y-4">
      {formError && (
        <Alert tone="error" title={formError.title}>
          {formError.message}
        </Alert>
      )}
      {/* Always in the page, so the success message is announced when it appears. */}
      <div role="status">
        {created && (
          <p className="flex items-start gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              fill="currentColor"
              className="mt-0.5 size-4 shrink-0 text-emerald-600"
            >
              <path
                fillRule="evenodd"
                d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
                clipRule="evenodd"
              />
            </svg>
            <span>
              Badge <strong className="font-semibold">{created}</strong> created.
            </span>
          </p>
        )}
      </div>
      <div className="space-y-1">
        <TextField
          label="Name"
          autoComplete="off"
          required
          maxLength={100}
          placeholder="Forklift certified"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextAreaField
          label="Description"
          required
          rows={3}
          maxLength={1000}
          placeholder="What the badge says about a worker"
          error={errors.description?.message}
          {...register("description")}
        />
        <TextField
          label="Info URL"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://"
          hint="Optional: a page that explains the badge or the certification."
          error={errors.info_url?.message}
          {...register("info_url")}
        />
      </div>
      <div className="flex gap-3">
        <input
          id={softId}
          type="checkbox"
          aria-describedby={`${softId}-hint`}
          className="mt-0.5 size-4 shrink-0 rounded accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          {...register("is_soft")}
        />
        <div className="text-sm">
          <label htmlFor={softId} className="font-medium text-slate-800">
            Soft skill
          </label>
          <p id={`${softId}-hint`} className="text-xs text-slate-500">
            A trait such as punctuality or teamwork, rather than a certification.
          </p>
          {errors.is_soft?.message && (
            <p className="mt-1 text-xs font-medium text-red-700">{errors.is_soft.message}</p>
          )}
        </div>
      </div>
      <Button type="submit" busy={isSubmitting} className="w-full">
        Create badge
      </Button>
    </form>
  );
}
