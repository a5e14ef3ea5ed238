import { z } from "zod";

/**
 * A person's own sign-in and account calls (our addition): e-mail and password sign-in, password
 * reset by a one-use link, password change. Shared by the API (its `.parse`) and the portal's
 * forms, so both say the same about a field.
 */

const PASSWORD_MIN = 8;
const PASSWORD_MAX = 200;

/** A missing field is blank; a number or a list where text goes is not a string. */
const text = () =>
  z.string({ error: (iss) => (iss.input === undefined ? "can't be blank" : "must be a string") });

/** A new password, as the invitation's accept and POST /users take it: 8–200 characters. */
export const newPasswordSchema = text()
  .min(PASSWORD_MIN, `is too short (minimum is ${PASSWORD_MIN} characters)`)
  .max(PASSWORD_MAX, `is too long (maximum is ${PASSWORD_MAX} characters)`);

/** A password as typed at sign-in: any non-empty text within the bound (the hash decides). */
const givenPasswordSchema = text()
  .min(1, "can't be blank")
  .max(PASSWORD_MAX, `is too long (maximum is ${PASSWORD_MAX} characters)`);

const emailSchema = text()
  .trim()
  .min(1, "can't be blank")
  .max(254, "is too long (maximum is 254 characters)");

/** POST /api_v2/authenticate with a person's credentials. */
export const personSignInBodySchema = z.object({
  email: emailSchema,
  password: givenPasswordSchema,
});
export type PersonSignInBody = z.output<typeof personSignInBodySchema>;

/** POST /api_v2/password_resets: ask for a reset link. */
export const requestPasswordResetBodySchema = z.object({ email: emailSchema });

const confirmation = <T extends { password: string; password_confirmation: string }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({
      code: "custom",
      path: ["password_confirmation"],
      message: "doesn't match password",
    });
  }
};

/** POST /api_v2/password_resets/confirm: the link's token and the new password, twice. */
export const confirmPasswordResetBodySchema = z
  .object({
    token: text().min(20, "is not a valid link").max(200),
    password: newPasswordSchema,
    password_confirmation: text().max(PASSWORD_MAX),
  })
  .superRefine(confirmation);

/** PATCH /api_v2/me/password: the current password and the new one, twice. */
export const changePasswordBodySchema = z
  .object({
    current_password: givenPasswordSchema,
    password: newPasswordSchema,
    password_confirmation: text().max(PASSWORD_MAX),
  })
  .superRefine(confirmation);
