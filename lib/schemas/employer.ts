import { z } from "zod";
import {
  BLANK,
  boolish,
  MAX_ID,
  nullableText,
  pagingQuery,
  q,
  requiredText,
  withoutBlank,
} from "./common";
import { ROLES } from "./permissions";
import { phone } from "./phone";
import { userWritableShape } from "./user";

/**
 * Employer users (the company's team), as the reference's POST /users with `type: "Employer"`
 * has them: names, e-mail, phone, `customer_id`, `role`, `title`, and a password with its
 * confirmation. Shared by the API and the portal's team forms.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

const ROLE_MESSAGE = `must be one of ${ROLES.join(", ")}`;

const role = () => z.enum(ROLES, { error: (iss) => (iss.input == null ? BLANK : ROLE_MESSAGE) });

/** Optional for employer users (the reference's users schema allows none): blank means none. */
const optionalPhone = () =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    phone().nullable().optional(),
  );

const password = () =>
  z
    .string({ error: (iss) => (iss.input == null ? BLANK : "must be a string") })
    .min(PASSWORD_MIN, `is too short (minimum is ${PASSWORD_MIN} characters)`)
    .max(PASSWORD_MAX, `is too long (maximum is ${PASSWORD_MAX} characters)`);

/** The reference's `customer_id` (a number; the form encoding sends it as text). */
const customerId = () =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/)
          .transform(Number),
      ],
      {
        error: (iss) => (iss.input == null ? BLANK : "must be an id"),
      },
    )
    .pipe(z.number().int("must be an id").min(1, "must be an id").max(MAX_ID, "must be an id"));

const employerType = () =>
  z.literal("Employer", {
    error: "must be Employer (workers are invited: POST /api_v2/users/invite)",
  });

const teammateShape = {
  first_name: requiredText(100),
  last_name: requiredText(100),
  email: userWritableShape.email,
  phone: optionalPhone(),
  role: role(),
  title: nullableText(255).optional(),
};

export const createEmployerBodySchema = z.object({
  type: employerType(),
  ...teammateShape,
  customer_id: customerId(),
  password: password(),
  password_confirmation: z.string({
    error: (iss) => (iss.input == null ? BLANK : "must be a string"),
  }),
});
export type CreateEmployerBody = z.output<typeof createEmployerBodySchema>;

/** "doesn't match Password": checked after parsing, so every failing field is said at once. */
export function passwordConfirmationErrors(f: {
  password?: string;
  password_confirmation?: string;
}): Record<string, string[]> {
  if (f.password === undefined || f.password_confirmation === undefined) return {};
  return f.password === f.password_confirmation
    ? {}
    : { password_confirmation: ["doesn't match Password"] };
}

/** Our addition: a teammate invited by e-mail chooses their own password through the link. */
export const inviteEmployerBodySchema = z.object({ type: employerType(), ...teammateShape });
export type InviteEmployerBody = z.output<typeof inviteEmployerBodySchema>;

/** PATCH /users/:id for an employer user: only what is sent changes; unknown fields are ignored. */
export const updateEmployerBodySchema = z.object({
  first_name: teammateShape.first_name.optional(),
  last_name: teammateShape.last_name.optional(),
  email: teammateShape.email.optional(),
  phone: teammateShape.phone,
  title: teammateShape.title,
  role: role().optional(),
  suspended: boolish().optional(),
});
export type UpdateEmployerBody = z.output<typeof updateEmployerBodySchema>;

export const listEmployersQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    ...pagingQuery,
    type: z.literal("Employer"),
    email: z.string().max(254).optional(),
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    suspended: q.bool().optional(),
    /** Ours: one role or a comma-separated list. */
    role: q
      .list()
      .refine((xs) => xs.every((x) => (ROLES as readonly string[]).includes(x)), ROLE_MESSAGE)
      .optional(),
  }),
);
export type ListEmployersQuery = z.output<typeof listEmployersQuerySchema>;
