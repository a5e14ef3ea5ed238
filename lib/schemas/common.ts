import { z } from "zod";
import { parseCoordinate } from "./decimal";
import { MAX_PAGE_SIZE } from "./paging";

export const BLANK = "can't be blank";

const typeMessage = (expected: string) => (iss: { input: unknown }) =>
  iss.input === undefined || iss.input === null ? BLANK : `must be ${expected}`;

/** Required text: trimmed, not blank. */
export const requiredText = (max = 255) =>
  z
    .string({ error: typeMessage("a string") })
    .trim()
    .min(1, BLANK)
    .max(max, `is too long (maximum is ${max} characters)`);

/** Text where the empty string is a legitimate value ("Empty string allowed" in the source). */
export const text = (max = 255) =>
  z
    .string({ error: "must be a string" })
    .max(max, `is too long (maximum is ${max} characters)`)
    .nullable();

/** Nullable text where an empty string means "unset". */
export const nullableText = (max = 255) =>
  z
    .string({ error: "must be a string" })
    .trim()
    .max(max, `is too long (maximum is ${max} characters)`)
    .nullable()
    .transform((v) => (v === "" ? null : v));

export const url = () =>
  z
    .string({ error: "must be a string" })
    .trim()
    .max(2048, "is too long (maximum is 2048 characters)")
    .nullable()
    .transform((v) => (v === "" ? null : v))
    .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), "must be an http(s) URL");

/** JSON booleans, and the "true"/"false" strings form-minded clients send. */
export const boolish = () =>
  z.union(
    [z.boolean(), z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1")],
    {
      error: "must be true or false",
    },
  );

const ISO_DATETIME =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** ISO 8601 timestamp (a bare date means midnight UTC), or null. */
export const timestamp = () =>
  z
    .string({ error: "must be an ISO 8601 timestamp" })
    .trim()
    .nullable()
    .transform((v, ctx) => {
      if (v === null || v === "") return null;
      // An unencoded "+00:00" in a query string arrives as " 00:00".
      v = v.replace(/(T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) (\d{2}:?\d{2})$/, "$1+$2");
      const withZone = /T|\s/.test(v) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(v) ? `${v}Z` : v;
      const d = ISO_DATETIME.test(v) ? new Date(withZone) : new Date(Number.NaN);
      if (Number.isNaN(d.getTime())) {
        ctx.addIssue({ code: "custom", message: "must be an ISO 8601 timestamp" });
        return z.NEVER;
      }
      if (!inYearRange(d)) {
        ctx.addIssue({ code: "custom", message: YEAR_RANGE });
        return z.NEVER;
      }
      return d;
    });

/**
 * Years the database can store as written: PostgreSQL has no year 0, and a time zone can push
 * 9999-12-31 into year 10000, which JavaScript writes as "+010000-…".
 */
const YEAR_RANGE = "must be between the years 1 and 9999";
const inYearRange = (d: Date) => d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999;

export const isoDate = () =>
  z
    .string({ error: "must be a date (YYYY-MM-DD)" })
    .trim()
    .nullable()
    .transform((v) => (v === "" ? null : v))
    .refine((v) => {
      if (v === null) return true;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
    }, "must be a date (YYYY-MM-DD)")
    .refine((v) => v === null || !v.startsWith("0000"), YEAR_RANGE);

/** Decimal degrees carried as strings, e.g. "37.7952"; numbers are accepted and converted. */
export const coordinate = (limit: 90 | 180) =>
  z
    .union([z.string(), z.number()], { error: "must be a decimal number" })
    .nullable()
    .transform((v, ctx) => {
      const parsed = parseCoordinate(v, limit);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    });

/** The largest id the database holds (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** Values in one comma-separated query parameter (`external_id=a,b,c`, `badge_id=1,2`). */
export const MAX_QUERY_LIST = 100;

/**
 * A list (or an object keyed by index) refused by its length before any entry is looked at.
 * zod checks an array's `.max` only after validating every entry, so 50,000 entries would cost
 * 50,000 validations, and as many messages, before the length was; here an over-long list is
 * one cheap message. The inner schema keeps its own `.max`, which the OpenAPI document shows.
 */
export function lengthFirst<T extends z.ZodType>(max: number, message: string, schema: T) {
  return z.preprocess((value, ctx) => {
    let n = 0;
    if (Array.isArray(value)) n = value.length;
    else if (value !== null && typeof value === "object") {
      for (const _ in value) if (++n > max) break;
    }
    if (n > max) ctx.addIssue({ code: "custom", message });
    return value;
  }, schema);
}

const TOO_MANY_VALUES = `may hold at most ${MAX_QUERY_LIST} values`;
export const NO_VALUES = "must name at least one value";

/**
 * Query-string helpers: strings in, typed values out. An empty parameter (`email=`) is "not
 * given" (withoutBlank drops it first); a list that was given but names nothing (`external_id=,,`)
 * is refused, never read as "no filter", which would match everyone.
 */
export const q = {
  int: (min: number, max = 2_147_483_647) =>
    z
      .string()
      .regex(/^\d+$/, "must be a whole number")
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`),
  list: () =>
    z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((xs) => xs.length > 0, NO_VALUES)
      .refine((xs) => xs.length <= MAX_QUERY_LIST, TOO_MANY_VALUES),
  idList: () =>
    z
      .string()
      .regex(/^\s*\d{1,10}(\s*,\s*\d{1,10})*\s*$/, "must be a comma-separated list of ids")
      .transform((v) => v.split(",").map((s) => Number(s.trim())))
      .refine((ids) => ids.length <= MAX_QUERY_LIST, TOO_MANY_VALUES)
      // Ten digits can exceed the database's integer ids (2147483647): no such id exists.
      .refine((ids) => ids.every((n) => n <= MAX_ID), "must be a comma-separated list of ids"),
  bool: () =>
    z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .transform((v) => v === "true" || v === "1"),
  time: () =>
    timestamp()
      .refine((d) => d !== null, "must be an ISO 8601 timestamp")
      .transform((d) => d as Date),
};

/** Drop query parameters sent with an empty value: clients send `email=` to mean "no filter". */
export function withoutBlank(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ""));
}

export const pagingQuery = {
  page: q.int(1, 1_000_000).default(1),
  per: q
    .int(1, 1_000_000)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .default(MAX_PAGE_SIZE),
};
