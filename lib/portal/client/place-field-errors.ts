import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiClientError } from "@/lib/portal/client/fetcher";

type FieldErrorPlacement = {
  /** At least one message landed on a field of the form. */
  placed: boolean;
  /** The messages for fields the form does not have, for the caller to show elsewhere. */
  others: [field: string, messages: string[]][];
};

/**
 * Puts the server's field errors (`fields` of the house error) on the form's own fields, the
 * first one focused, and hands back the rest. Every form of the portal places server errors
 * through this one function.
 */
export function placeFieldErrorsOf<T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): FieldErrorPlacement {
  const result: FieldErrorPlacement = { placed: false, others: [] };
  if (!(err instanceof ApiClientError) || !err.fields) return result;
  const own = new Set<string>(fields);
  for (const [field, messages] of Object.entries(err.fields)) {
    if (!own.has(field)) {
      result.others.push([field, messages]);
      continue;
    }
    setError(
      field as Path<T>,
      { type: "server", message: messages.join(", ") },
      { shouldFocus: !result.placed },
    );
    result.placed = true;
  }
  return result;
}

/** True when at least one field error landed; otherwise the caller shows a form-level message. */
export const placeFieldErrors = <T extends FieldValues>(
  err: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean => placeFieldErrorsOf(err, fields, setError).placed;
