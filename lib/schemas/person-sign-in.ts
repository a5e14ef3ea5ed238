import { z } from "zod";

/**
 * A person's own sign-in, as the portal's form and /api/session take it (our API's addition).
 * Bounded like the API's: an address no longer than any address can be, a password of at most
 * 200 characters.
 */
export const personSignInBodySchema = z.object({
  email: z
    .string({ error: "can't be blank" })
    .trim()
    .min(1, "can't be blank")
    .max(254, "is too long (maximum is 254 characters)")
    .pipe(z.email({ error: "is not an e-mail address" })),
  password: z
    .string({ error: "can't be blank" })
    .min(1, "can't be blank")
    .max(200, "is too long (maximum is 200 characters)"),
});
export type PersonSignInBody = z.output<typeof personSignInBodySchema>;

/** "Forgot password": the address a reset link goes to, if it is a teammate's. */
export const requestPasswordResetBodySchema = z.object({
  email: personSignInBodySchema.shape.email,
});
export type RequestPasswordResetBody = z.output<typeof requestPasswordResetBodySchema>;

/** A new password twice, as the reset page sends it with the link's token. */
export const choosePasswordFormSchema = z
  .object({
    password: z.string().min(8, "is too short (minimum is 8 characters)").max(200, "is too long"),
    password_confirmation: z.string().max(200, "is too long"),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ["password_confirmation"],
    message: "doesn't match the password",
  });
export type ChoosePasswordForm = z.output<typeof choosePasswordFormSchema>;

export const confirmPasswordResetBodySchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(8).max(200),
  password_confirmation: z.string().max(200),
});
