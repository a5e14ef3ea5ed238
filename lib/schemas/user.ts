import { z } from "zod";
import {
  boolish,
  coordinate,
  isoDate,
  lengthFirst,
  MAX_ID,
  nullableText,
  pagingQuery,
  q,
  requiredText,
  text,
  timestamp,
  url,
  withoutBlank,
} from "./common";
import { phone } from "./phone";
import { INVITATION_STATUSES, type UserWritableField } from "./user-fields";

const email = () =>
  z
    .string({ error: (iss) => (iss.input == null ? "can't be blank" : "must be a string") })
    .trim()
    .min(1, "can't be blank")
    .max(254, "is too long (maximum is 254 characters)")
    .pipe(z.email({ error: "is invalid" }));

/** Any caller-chosen string up to 255 characters; numbers are taken as their text. */
const externalId = () =>
  z
    .union([z.string(), z.number().transform(String)], { error: "must be a string" })
    .nullable()
    .transform((v) => (v === null || v.trim() === "" ? null : v.trim()))
    .refine((v) => v === null || v.length <= 255, "is too long (maximum is 255 characters)");

/** The rule of every writable field of the catalogue (user-fields.ts), as the API and the forms accept it. */
export const userWritableShape = {
  external_id: externalId(),
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: email(),
  phone: phone(),
  gender: nullableText(50),
  dob: isoDate(),
  address: nullableText(255),
  address_state: text(100),
  city: text(100),
  zip: text(20),
  home_latitude: coordinate(90),
  home_longitude: coordinate(180),
  latitude: coordinate(90),
  longitude: coordinate(180),
  avatar_url: url(),
  logo_url: url(),
  workplace_image_url: url(),
  business_name: nullableText(255),
  drug_tested: text(50),
  referred_by: text(255),
  ssn: text(20),
  suspended: boolish(),
  suspended_until: timestamp(),
  lower_pool: boolish().nullable(),
  lower_pool_until: timestamp(),
  onboarding_appt_time: timestamp(),
  tracking_code: nullableText(100),
  w2_address_state: nullableText(100),
  w2_employee_id: text(100),
  w2_onboarding_completed: timestamp(),
  w2_onboarding_started: timestamp(),
  w2_onboarding_status: text(50),
} satisfies Record<UserWritableField, z.ZodType>;
// `satisfies`: a writable field of the catalogue without its rule here, or a rule for a field
// the catalogue does not call writable, fails the type check.

export { USER_READ_ONLY_FIELDS, USER_WRITABLE_FIELDS } from "./user-fields";

const COORDINATE_PAIRS = [
  ["latitude", "longitude"],
  ["home_latitude", "home_longitude"],
] as const;

type CoordinateFields = Partial<
  Record<"latitude" | "longitude" | "home_latitude" | "home_longitude", string | null>
>;

/**
 * A coordinate pair is set or cleared together: field → message for each half left alone.
 * A pair with a half that failed validation (`invalid`) is skipped: that half already has its
 * own error, and calling it "missing" would be wrong.
 */
export function coordinatePairErrors(
  state: CoordinateFields,
  invalid: Iterable<string> = [],
): Record<string, string[]> {
  const bad = new Set(invalid);
  const errors: Record<string, string[]> = {};
  for (const [a, b] of COORDINATE_PAIRS) {
    if (bad.has(a) || bad.has(b)) continue;
    const hasA = state[a] != null;
    const hasB = state[b] != null;
    if (hasA && !hasB) errors[b] = [`must be set together with ${a}`];
    if (hasB && !hasA) errors[a] = [`must be set together with ${b}`];
  }
  return errors;
}

/** A badge reference: "12" or 12 (never beyond the database's integer ids). */
const badgeRef = () =>
  z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/)
          .refine((v) => Number(v) <= MAX_ID),
        z.number().int().positive().max(MAX_ID),
      ],
      {
        error: "must be a badge id",
      },
    )
    .transform(Number);

const destroyFlag = z
  .union([z.boolean(), z.literal(1), z.literal(0), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === 1 || v === "true" || v === "1");

/**
 * Entries in one request's `user_badges` or `user_badges_attributes`: more than a worker needs,
 * few enough that checking them is constant work. Longer lists are refused before any entry is.
 */
export const MAX_BADGE_ENTRIES = 500;
const TOO_MANY_BADGE_ENTRIES = `may hold at most ${MAX_BADGE_ENTRIES} entries`;

/** Rails nested attributes: a list, or an object keyed by index ({"0": {...}}). */
const listOrIndexed = <T extends z.ZodType>(item: T) =>
  lengthFirst(
    MAX_BADGE_ENTRIES,
    TOO_MANY_BADGE_ENTRIES,
    z.union(
      [
        z.array(item).max(MAX_BADGE_ENTRIES, TOO_MANY_BADGE_ENTRIES),
        z.record(z.string(), item).transform((o) => Object.values(o)),
      ],
      { error: "must be a list" },
    ),
  );

const userBadgeAttributeSchema = z
  .object({
    id: z
      .union([
        z.number().int().positive().max(MAX_ID),
        z
          .string()
          .regex(/^\d{1,10}$/)
          .transform(Number)
          .refine((n) => n <= MAX_ID),
      ])
      .optional(),
    badge_id: badgeRef().optional(),
    _destroy: destroyFlag.optional(),
  })
  .refine(
    (a) => a.id !== undefined || a.badge_id !== undefined,
    "needs badge_id (or id to remove)",
  );

/** user_badges in a request replaces the whole set: objects with badge_id, or plain ids. */
const userBadgeReplaceItem = z.union([
  badgeRef().transform((badge_id) => ({ badge_id })),
  z.object({ badge_id: badgeRef() }),
]);

const badgeChangesShape = {
  user_badges: lengthFirst(
    MAX_BADGE_ENTRIES,
    TOO_MANY_BADGE_ENTRIES,
    z
      .array(userBadgeReplaceItem, { error: "must be a list" })
      .max(MAX_BADGE_ENTRIES, TOO_MANY_BADGE_ENTRIES),
  ).optional(),
  user_badges_attributes: listOrIndexed(userBadgeAttributeSchema).optional(),
};

const writable = z.object(userWritableShape);

export const inviteUserBodySchema = writable.partial().extend({
  type: z.literal("Worker", { error: "must be Worker" }),
  first_name: userWritableShape.first_name,
  last_name: userWritableShape.last_name,
  email: userWritableShape.email,
  phone: userWritableShape.phone,
  ...badgeChangesShape,
});
// The coordinate pair rule is `coordinatePairErrors`, applied after parsing (by the API to
// the stored values merged with the request, by forms to their state): a zod refinement would
// be skipped whenever another field fails, and every failing field must be reported at once.
export type InviteUserBody = z.output<typeof inviteUserBodySchema>;

export const updateUserBodySchema = writable.partial().extend(badgeChangesShape);
export type UpdateUserBody = z.output<typeof updateUserBodySchema>;

const USER_SORTS = [
  "-updated_at",
  "updated_at",
  "last_name",
  "-last_name",
  "first_name",
  "-first_name",
  "email",
  "-email",
  "id",
  "-id",
  // City (then state) and status (active first): the portal's column headers sort by them.
  "city",
  "-city",
  "status",
  "-status",
] as const;

/** The reference's onboarding states (its users filter `onboarding_last_state`). */
export const ONBOARDING_STATES = [
  "not_started",
  "started",
  "take_quiz",
  "take_background_check",
  "schedule_call",
  "call",
  "pending_background_check",
  "complete",
  "rejected",
  "error",
  "invited",
  "uninvited",
] as const;

export const listUsersQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    ...pagingQuery,
    type: z.string().optional(),
    email: z.string().optional(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    external_id: q.list().optional(),
    w2_onboarding_status: q.list().optional(),
    onboarding_last_state: q
      .list()
      .refine(
        (xs) => xs.every((x) => (ONBOARDING_STATES as readonly string[]).includes(x)),
        `must be among ${ONBOARDING_STATES.join(", ")}`,
      )
      .optional(),
    /** Our addition: invited, accepted, expired (comma-separated for several). */
    invitation_status: q
      .list()
      .refine(
        (xs) => xs.every((x) => (INVITATION_STATUSES as readonly string[]).includes(x)),
        `must be among ${INVITATION_STATUSES.join(", ")}`,
      )
      .optional(),
    w2_employee_id: z.string().optional(),
    address_state: q.list().optional(),
    drug_tested: q.list().optional(),
    updated_before: q.time().optional(),
    updated_after: q.time().optional(),
    q: z.string().max(200, "is too long").optional(),
    suspended: q.bool().optional(),
    badge_id: q.idList().optional(),
    sort: z
      .enum(USER_SORTS, { error: `must be one of ${USER_SORTS.join(", ")}` })
      .default("-updated_at"),
  }),
);
export type ListUsersQuery = z.output<typeof listUsersQuerySchema>;

/** GET /search: `q` is required, 1 to 100 characters (trimmed). */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: "can't be blank" })
    .trim()
    .min(1, "can't be blank")
    .max(100, "is too long (maximum is 100 characters)"),
});

/** GET /users/:id/tracking: paged like every list (at most 50 a page). */
export const trackingQuerySchema = z.preprocess(withoutBlank, z.object({ ...pagingQuery }));
