"use client";

import { type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import { portalFetch } from "@/lib/portal/client/fetcher";
import { placeFieldErrors } from "@/lib/portal/client/place-field-errors";
import type { SessionSummary } from "@/lib/portal/types";

export type SessionFormProps = {
  next: string;
  onError: (message: string | null) => void;
  onDone: (signedIn: SessionSummary) => void;
};

/**
 * A sign-in form's one behaviour, whichever credentials it holds (a key pair, an e-mail and
 * password): validate with the shared schema (a lazyZodResolver: zod loads on the first submit,
 * not with the sign-in page), POST the values to /api/session as JSON, put the
 * answer's field errors by their fields and its message above the form.
 */
export function useSessionForm<T extends FieldValues>(
  resolver: Resolver<T, unknown, T>,
  fields: Path<T>[],
  { onError, onDone }: Pick<SessionFormProps, "onError" | "onDone">,
  /** A refusal the form handles itself (the password step asking for a code): true if it did. */
  onRefused?: (err: unknown) => boolean,
) {
  const form = useForm<T, unknown, T>({ resolver });
  const onSubmit = form.handleSubmit(async (values) => {
    onError(null);
    try {
      onDone(await portalFetch<SessionSummary>("/api/session", { method: "POST", json: values }));
    } catch (err) {
      if (onRefused?.(err)) return;
      placeFieldErrors(err, fields, form.setError);
      onError(err instanceof Error ? err.message : "Sign-in failed. Try again.");
    }
  });
  return { ...form, onSubmit };
}
