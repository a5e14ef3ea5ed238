import { z } from "zod";
import {
  companySettingsBodySchema,
  confirmTwoFactorBodySchema,
  disableTwoFactorBodySchema,
} from "@/lib/schemas/two-factor";
import { ADDITION_NOTE, AUTH_ERRORS, type Endpoint, JSON_BODY_ERRORS } from "../shared";

/**
 * Two-factor sign-in (our additions): a person enrols an authenticator app (TOTP, RFC 6238:
 * SHA-1, six digits, 30 seconds), gets ten one-use recovery codes, and may turn it off unless
 * their company's admin requires it for everyone. Signing in with it is documented on
 * POST /authenticate.
 */

const enrolmentSchema = z
  .object({
    secret: z.string().meta({ description: "The base32 secret, to type into the app." }),
    otpauth_uri: z.string().meta({ description: "The otpauth:// URI, to show as a QR code." }),
  })
  .meta({ id: "TwoFactorEnrolment" });
const recoveryCodesSchema = z
  .object({
    recovery_codes: z
      .array(z.string())
      .meta({ description: "Ten codes, each usable once in place of a TOTP code. Shown once." }),
  })
  .meta({ id: "TwoFactorRecoveryCodes" });
const companySettingsSchema = z
  .object({ id: z.number().int(), name: z.string(), require_two_factor: z.boolean() })
  .meta({ id: "CompanySettings" });

const PERSON_ONLY =
  "A person's own (any role); a key pair's token has no sign-in of its own: 422 on `base`.";

export const TWO_FACTOR_ENDPOINTS: Endpoint[] = [
  {
    method: "post",
    path: "/api_v2/me/two_factor",
    operationId: "startTwoFactor",
    tag: "Authentication",
    summary: "Start two-factor enrolment",
    description: `A new TOTP secret for the signed-in person, kept sealed and unconfirmed until a code from it is confirmed; starting again replaces an unconfirmed one. 422 on \`base\` when two-factor is already on. ${PERSON_ONLY} Answers even while the company requires two-factor and the person has not set it up.${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    success: { status: 201, description: "The secret and its URI.", schema: enrolmentSchema },
    errors: [...AUTH_ERRORS, "payload_too_large", "validation_failed"],
  },
  {
    method: "post",
    path: "/api_v2/me/two_factor/confirm",
    operationId: "confirmTwoFactor",
    tag: "Authentication",
    summary: "Confirm two-factor enrolment",
    description: `A current code from the new secret turns two-factor sign-in on and answers the ten recovery codes, once (only their hashes are kept). A wrong code is 422 on \`code\` and counts against the account's sign-in limit. ${PERSON_ONLY}${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: confirmTwoFactorBodySchema.meta({ id: "ConfirmTwoFactorBody" }),
            example: { code: "492039" },
          },
        },
      },
    },
    success: { status: 200, description: "On.", schema: recoveryCodesSchema },
    errors: [...AUTH_ERRORS, ...JSON_BODY_ERRORS, "validation_failed", "rate_limited"],
  },
  {
    method: "delete",
    path: "/api_v2/me/two_factor",
    operationId: "disableTwoFactor",
    tag: "Authentication",
    summary: "Turn two-factor sign-in off",
    description: `With the person's password (422 on \`password\` when wrong; counted like a sign-in). Refused (422 on \`base\`) while the company requires two-factor. The secret and recovery codes are forgotten. ${PERSON_ONLY}${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: disableTwoFactorBodySchema.meta({ id: "DisableTwoFactorBody" }),
            example: { password: "correct horse battery" },
          },
        },
      },
    },
    success: { status: 204, description: "Off." },
    errors: [
      ...AUTH_ERRORS,
      ...JSON_BODY_ERRORS,
      "two_factor_setup_required",
      "validation_failed",
      "rate_limited",
    ],
  },
  {
    method: "patch",
    path: "/api_v2/me/company",
    operationId: "updateCompanySettings",
    tag: "Authentication",
    summary: "Require two-factor sign-in for the company",
    description: `An admin (or a private pool key) sets \`require_two_factor\`. While it is true, a person who signs in without two-factor gets a token that may only read /me, enrol and sign out: every other call answers 403 \`two_factor_setup_required\` until they confirm. A person turning it on must have it on themself (422 on \`base\` otherwise). Needs \`team.write\`.${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: companySettingsBodySchema.meta({ id: "CompanySettingsBody" }),
            example: { require_two_factor: true },
          },
        },
      },
    },
    success: { status: 200, description: "The company's settings.", schema: companySettingsSchema },
    errors: [
      ...AUTH_ERRORS,
      ...JSON_BODY_ERRORS,
      "forbidden_for_public_pool",
      "forbidden_for_role",
      "two_factor_setup_required",
      "validation_failed",
    ],
  },
];
