import type { ZodError } from "zod";
import type { FieldErrors } from "./errors";

/** zod issues → `{ field: [messages] }`, with nested paths as `user_badges[0].badge_id`. */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key =
      issue.path
        .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
        .join("") || "base";
    const list = out[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out[key] = list;
  }
  return out;
}
