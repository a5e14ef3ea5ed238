import { z } from "zod";
import { MAX_PAGE_SIZE } from "@/lib/schemas/paging";
import { type ErrorCode, STATUS_OF } from "../../errors";

/** Shared pieces of the output schemas: timestamps, coordinates, list pages, the error shape. */

/** `2026-11-21T09:13:00.123+00:00`: ISO 8601, milliseconds, numeric offset (formatTimestamp). */
export const timestamp = (description?: string) =>
  z.iso.datetime({ offset: true }).meta(description ? { description } : {});
export const nullableTimestamp = (description?: string) =>
  z.iso
    .datetime({ offset: true })
    .nullable()
    .meta(description ? { description } : {});

/** Decimal degrees carried as a string, `"37.7952"` (at most 7 decimals). */
export const coordinate = (what: string) =>
  z
    .string()
    .regex(/^-?\d{1,3}(?:\.\d{1,7})?$/)
    .nullable()
    .meta({ description: `${what}, decimal degrees as a string (e.g. "37.7952")` });

const pageFields = {
  page: z.number().int().min(1).meta({ description: "The page returned, from 1." }),
  per: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .meta({ description: `Records per page (at most ${MAX_PAGE_SIZE}).` }),
  total: z.number().int().min(0).meta({
    description:
      "Records matching the filters, over all pages. Our addition: the original service has no total, so clients should page until a page holds fewer than `per` records.",
    "x-addition": true,
  }),
};

export const listOf = <T extends z.ZodType>(key: string, item: T, id: string, what: string) =>
  z
    .object({ [key]: z.array(item), ...pageFields })
    .meta({ id, description: `One page of ${what}, under the key "${key}".` });

export const ADDITION = " Our addition.";

/** Every error code, from the one table of codes to statuses. */
export const ERROR_CODES = Object.keys(STATUS_OF) as [ErrorCode, ...ErrorCode[]];

export const errorSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().meta({ description: "For people; the code is for programs." }),
      fields: z.record(z.string(), z.array(z.string())).optional().meta({
        description:
          'Validation errors only: every failing field with its messages, e.g. {"email": ["has already been taken"]}.',
      }),
      request_id: z
        .string()
        .optional()
        .meta({ description: "On internal errors: quote it when reporting the problem." }),
      challenge: z.string().optional().meta({
        description:
          "two_factor_required only (our addition): send it back to POST /authenticate with a code.",
      }),
      challenge_expires_at: z.iso
        .datetime({ precision: 0 })
        .optional()
        .meta({ description: "two_factor_required only (our addition): five minutes on." }),
    }),
  })
  .meta({ id: "Error", description: "The one error shape of every endpoint." });
