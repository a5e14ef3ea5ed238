import { z } from "zod";
import {
  changePasswordBodySchema,
  confirmPasswordResetBodySchema,
  requestPasswordResetBodySchema,
} from "@/lib/schemas/person-auth";
import { ADDITION_NOTE, AUTH_ERRORS, type Endpoint, JSON_BODY_ERRORS } from "../shared";

/**
 * A person's own account (our additions, beside e-mail and password sign-in, which is
 * documented with POST /authenticate): password reset by a one-use link, password change.
 */

const RequestPasswordResetBody = requestPasswordResetBodySchema.meta({
  id: "RequestPasswordResetBody",
});
const ConfirmPasswordResetBody = confirmPasswordResetBodySchema.meta({
  id: "ConfirmPasswordResetBody",
});
const ChangePasswordBody = changePasswordBodySchema.meta({ id: "ChangePasswordBody" });

const passwordResetRequestedSchema = z
  .object({ message: z.string() })
  .meta({ id: "PasswordResetRequested", description: "The same answer for every address." });

const EXAMPLE_RESET_TOKEN = "Q2hvb3NlIGEgbmV3IHBhc3N3b3JkIGZvciBEYW5hIExlZQ";

export const PEOPLE_AUTH_ENDPOINTS: Endpoint[] = [
  {
    method: "post",
    path: "/api_v2/password_resets",
    operationId: "requestPasswordReset",
    tag: "Authentication",
    summary: "Ask for a password reset link",
    description: `Mails a one-use link (valid one hour) to choose a new password, if the address belongs to an employer user who can sign in (active, with a password). The answer is the same 202 whoever the address belongs to, so it tells nobody which addresses have accounts. Asking again replaces the earlier link. Rate-limited per client address (429 \`rate_limited\` with Retry-After) and per address asked about (past that limit, still 202 and no further mail). The link points at the portal's reset page and carries its token after \`#token=\`, so it never reaches a server log. Needs no token.${ADDITION_NOTE}`,
    auth: false,
    addition: true,
    request: {
      body: {
        description: "The e-mail address the person signs in with.",
        required: true,
        content: {
          "application/json": {
            schema: RequestPasswordResetBody,
            example: { email: "dana.lee@example.com" },
          },
        },
      },
    },
    success: {
      status: 202,
      description: "Accepted: a link is on its way if the address belongs to a teammate.",
      schema: passwordResetRequestedSchema,
    },
    errors: [...JSON_BODY_ERRORS, "validation_failed", "rate_limited"],
  },
  {
    method: "post",
    path: "/api_v2/password_resets/confirm",
    operationId: "confirmPasswordReset",
    tag: "Authentication",
    summary: "Choose a new password with a reset link",
    description: `Sets the new password (8–200 characters, given twice) with the token from the reset link. The link works once: a used, expired, replaced or unknown link is 422 \`validation_failed\` on \`token\`, said before the password is hashed; two confirmations racing each other cannot both succeed. Every session of the person ends in the same transaction (their tokens answer 401 \`invalid_token\` from then on, on every instance). An invitation's link is not a reset link, and a reset link does not accept an invitation. Rate-limited per client address. Needs no token.${ADDITION_NOTE}`,
    auth: false,
    addition: true,
    request: {
      body: {
        description: "The token from the link (after #token=) and the new password, twice.",
        required: true,
        content: {
          "application/json": {
            schema: ConfirmPasswordResetBody,
            example: {
              token: EXAMPLE_RESET_TOKEN,
              password: "correct horse battery",
              password_confirmation: "correct horse battery",
            },
          },
        },
      },
    },
    success: { status: 204, description: "The password is set; sign in with it." },
    errors: [...JSON_BODY_ERRORS, "validation_failed", "rate_limited"],
  },
  {
    method: "patch",
    path: "/api_v2/me/password",
    operationId: "changePassword",
    tag: "Authentication",
    summary: "Change my password",
    description: `A person signed in with e-mail and password changes it, giving the current one (422 on \`current_password\` when it is not correct; those attempts count against the same per-account limit as sign-ins). Every other session of theirs ends at once; the one making the change stays signed in. Any role may. A key pair's token has no password: 422 on \`base\`.${ADDITION_NOTE}`,
    auth: true,
    addition: true,
    request: {
      body: {
        description: "The current password and the new one (8–200 characters), twice.",
        required: true,
        content: {
          "application/json": {
            schema: ChangePasswordBody,
            example: {
              current_password: "correct horse battery",
              password: "a brand new passphrase",
              password_confirmation: "a brand new passphrase",
            },
          },
        },
      },
    },
    success: { status: 204, description: "Changed; the person's other sessions have ended." },
    errors: [...AUTH_ERRORS, ...JSON_BODY_ERRORS, "validation_failed", "rate_limited"],
  },
];
