"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { ApiClientError } from "@/lib/portal/client/fetcher";
import { useRenameBadge } from "@/lib/portal/client/hooks/use-badges";
import { placeFieldErrors } from "@/lib/portal/client/place-field-errors";
import type { Badge } from "@/lib/portal/types";
import { createBadgeBodySchema } from "@/lib/schemas/badge";

/** The API's own rule for a name, so the browser refuses exactly what the server would. */
const renameSchema = z.object({ name: createBadgeBodySchema.shape.name });
type FormInput = z.input<typeof renameSchema>;
type FormOutput = z.output<typeof renameSchema>;

/**
 * A badge's name, edited where it stands: Enter saves, Escape (or Cancel) leaves it as it was.
 * The server's refusals (a name another badge has) land on the field.
 */
export function RenameBadgeForm({
  badge,
  onDone,
}: {
  badge: Badge;
  /** Called with the new name once saved, or with nothing when the edit was left. */
  onDone: (newName?: string) => void;
}) {
  const rename = useRenameBadge();
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(renameSchema),
    defaultValues: { name: badge.name },
  });

  useEffect(() => {
    setFocus("name", { shouldSelect: true });
  }, [setFocus]);

  const onSubmit = handleSubmit(async ({ name }) => {
    if (name === badge.name) return onDone();
    try {
      await rename.mutateAsync({ id: badge.id, name });
      onDone(name);
    } catch (err) {
      if (err instanceof ApiClientError && err.code === "session_expired") return;
      if (placeFieldErrors(err, ["name"], setError)) return;
      const message = err instanceof Error ? err.message : "Try again in a moment.";
      setError(
        "name",
        { type: "server", message: `Not renamed: ${message}` },
        { shouldFocus: true },
      );
    }
  });

  const error = errors.name?.message;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Rename ${badge.name}`}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !isSubmitting) {
          e.preventDefault();
          e.stopPropagation();
          onDone();
        }
      }}
      className="flex flex-wrap items-start gap-2"
    >
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={id} className="sr-only">
          Badge name
        </label>
        <input
          id={id}
          autoComplete="off"
          required
          maxLength={100}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help ${id}-error`}
          className={inputClass(Boolean(error))}
          {...register("name")}
        />
        <p id={`${id}-help`} className="sr-only">
          Enter saves, Escape cancels.
        </p>
        <p
          id={`${id}-error`}
          aria-live="polite"
          className="mt-1 text-xs font-medium text-red-700 empty:hidden"
        >
          {error}
        </p>
      </div>
      <div className="flex gap-2">
        <Button type="submit" busy={isSubmitting}>
          Save
        </Button>
        <Button variant="secondary" disabled={isSubmitting} onClick={() => onDone()}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
