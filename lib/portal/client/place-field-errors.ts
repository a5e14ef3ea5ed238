import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiClientError } from "@/lib/portal/client/fetcher";

/**
 * Puts the server's field errors (`fields` of the house error) on the form's own fields, the
 * first one focused. True when at least one landed; otherwise the caller shows a form-level
 * message.
 */
export function placeFieldErrors<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!(err instanceof ApiClientError) || !err.fields) return false;
  let placed = false;
  for (const [field, messages] of Object.entries(err.fields)) {
    if (!(fields as readonly string[]).includes(field)) continue;
    setError(field as Path<T>, { message: messages.join(", ") }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
