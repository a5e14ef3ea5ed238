import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";
import { BLANK } from "@/lib/schemas/common";
import { jobRequestBodySchema, REQUIRED_TO_POST } from "@/lib/schemas/job";
import {
  formFieldOf,
  formOwnErrors,
  type PostJobField,
  type PostJobFormValues,
  toRequestBody,
} from "./post-job-model";

/**
 * The form's validation: the body the form would send, checked by the API's own
 * `jobRequestBodySchema`, plus the API's rules that need the whole request (what posting
 * requires, a W-2 rate with W-2, both coordinates or neither). Loaded on its own (see
 * loadPostJobValidation).
 */
export const postJobBodySchema = jobRequestBodySchema.superRefine(
  (body, ctx) => {
    const missing = (v: unknown) => v === undefined || v === null || v === "";
    const required: readonly string[] =
      body.state === "draft" ? ["request_name"] : [...REQUIRED_TO_POST, "description"];
    for (const field of required) {
      if (missing(body[field as keyof typeof body])) {
        ctx.addIssue({ code: "custom", path: [field], message: BLANK });
      }
    }
    if (body.classification === "w2" && missing(body.w2_hourly_rate)) {
      ctx.addIssue({
        code: "custom",
        path: ["w2_hourly_rate"],
        message: "is required with W2 classification",
      });
    }
    if (missing(body.latitude) !== missing(body.longitude)) {
      const [field, other] = missing(body.latitude)
        ? ["latitude", "longitude"]
        : ["longitude", "latitude"];
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `must be set together with ${other}`,
      });
    }
  },
  // Every missing field at once, also when another field is malformed.
  { when: () => true },
);

const schemaResolver = zodResolver(postJobBodySchema);

/** The first message anywhere in a nested error (badge_requirements_attributes.0.badge_id). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== "object") return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && message) return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === "ref") continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * Checks the body the form would send with the shared schema and puts each message on the
 * input it is about. The output is the form's own values: the submit handler builds the body.
 */
export const postJobFormResolver: Resolver<PostJobFormValues> = async (
  values,
  context,
  options,
) => {
  const own = formOwnErrors(values);
  const result = await schemaResolver(
    toRequestBody(values) as Parameters<typeof schemaResolver>[0],
    context,
    // The body's names are not the form's: refs are attached below, by the form's names.
    { ...options, fields: {}, names: undefined, shouldUseNativeValidation: false },
  );
  const errors: FieldErrors<PostJobFormValues> = {};
  const put = (field: PostJobField, message: string, type: string) => {
    if (errors[field]) return;
    const error: FieldError = { type, message, ref: options.fields[field]?.ref };
    (errors as Record<string, FieldError>)[field] = error;
  };
  for (const [field, message] of Object.entries(own)) {
    if (message) put(field as PostJobField, message, "form");
  }
  for (const [apiField, error] of Object.entries(result.errors ?? {})) {
    const message = firstMessage(error);
    const placed = message ? formFieldOf(apiField, message) : null;
    if (placed) put(placed.field, placed.message, "schema");
  }
  return Object.keys(errors).length === 0
    ? { values, errors: {} }
    : { values: {}, errors: errors as FieldErrors<PostJobFormValues> };
};
