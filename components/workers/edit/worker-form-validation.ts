import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldError, FieldErrors, Resolver } from "react-hook-form";
import { z } from "zod";
import { coordinatePairErrors, userWritableShape } from "@/lib/schemas/user";
import {
  type COORDINATE_FIELDS,
  localInputToIso,
  type WorkerFormValues,
} from "./worker-form-model";

/**
 * The worker form's validation: the API's own `userWritableShape`, so the browser refuses
 * exactly what the server would. Loaded on its own (see loadWorkerFormValidation).
 */

/** A timestamp field as the form holds it: local time, converted before the shared rule runs. */
const localTimestamp = (shared: (typeof userWritableShape)["suspended_until"]) =>
  z.preprocess((v) => (typeof v === "string" ? localInputToIso(v) : v), shared);

/** Every field the form edits, validated by the API's own rules. */
export const workerFormSchema = z.object(userWritableShape).extend({
  suspended_until: localTimestamp(userWritableShape.suspended_until),
  lower_pool_until: localTimestamp(userWritableShape.lower_pool_until),
  onboarding_appt_time: localTimestamp(userWritableShape.onboarding_appt_time),
  w2_onboarding_started: localTimestamp(userWritableShape.w2_onboarding_started),
  w2_onboarding_completed: localTimestamp(userWritableShape.w2_onboarding_completed),
});
export type WorkerFormOutput = z.output<typeof workerFormSchema>;

const schemaResolver = zodResolver(workerFormSchema) as unknown as Resolver<
  WorkerFormValues,
  unknown,
  WorkerFormOutput
>;

const blankToNull = (v: string) => (v.trim() === "" ? null : v);

/** The shared schema, plus the API's rule that a coordinate pair is set or cleared together. */
export const workerFormResolver: Resolver<WorkerFormValues, unknown, WorkerFormOutput> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  const errors = (result.errors ?? {}) as FieldErrors<WorkerFormValues>;
  const pairs = coordinatePairErrors(
    {
      latitude: blankToNull(values.latitude),
      longitude: blankToNull(values.longitude),
      home_latitude: blankToNull(values.home_latitude),
      home_longitude: blankToNull(values.home_longitude),
    },
    Object.keys(errors),
  );
  const pairKeys = Object.keys(pairs) as (typeof COORDINATE_FIELDS)[number][];
  if (pairKeys.length === 0) return result;
  const merged: FieldErrors<WorkerFormValues> = { ...errors };
  for (const key of pairKeys) {
    const error: FieldError = { type: "pair", message: pairs[key]?.join(", ") ?? "" };
    merged[key] = error;
  }
  return { values: {}, errors: merged };
};
