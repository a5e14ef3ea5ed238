import { z } from "zod";

/**
 * Two-factor sign-in (our addition): the bodies of its calls, shared by the API and the portal's
 * forms. A code is a six-digit TOTP code or a recovery code (xxxxx-xxxxx).
 */

const text = () =>
  z.string({ error: (iss) => (iss.input === undefined ? "can't be blank" : "must be a string") });

export const twoFactorCodeSchema = text()
  .trim()
  .min(1, "can't be blank")
  .max(32, "is too long (maximum is 32 characters)");

/** POST /api_v2/authenticate, second step: the challenge from two_factor_required and a code. */
export const twoFactorSignInBodySchema = z.object({
  challenge: text().min(1, "can't be blank").max(100, "is too long (maximum is 100 characters)"),
  code: twoFactorCodeSchema,
});

/** POST /api_v2/me/two_factor/confirm. */
export const confirmTwoFactorBodySchema = z.object({ code: twoFactorCodeSchema });

/** DELETE /api_v2/me/two_factor: the person's password. */
export const disableTwoFactorBodySchema = z.object({
  password: text().min(1, "can't be blank").max(200, "is too long (maximum is 200 characters)"),
});

/** PATCH /api_v2/me/company (our addition): the company's sign-in rule. */
export const companySettingsBodySchema = z.object({
  require_two_factor: z.boolean({ error: "must be true or false" }),
});

/** What POST /api_v2/me/two_factor answers: the secret to type in, or the URI to scan. */
export type TwoFactorEnrolment = { secret: string; otpauth_uri: string };
