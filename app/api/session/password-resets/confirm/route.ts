import { portalRoute } from "@/lib/portal/server/portal-route";
import { methodNotAllowed } from "@/lib/portal/server/respond";
import { forwardPasswordReset } from "@/lib/portal/server/sign-in-reset";
import { confirmPasswordResetBodySchema } from "@/lib/schemas/person-auth";

/**
 * POST /api/session/password-resets/confirm: a new password with the reset link's token, to the
 * API's POST /password_resets/confirm (which ends the person's sessions).
 */
export const POST = portalRoute((req) =>
  forwardPasswordReset(req, "password_resets/confirm", confirmPasswordResetBodySchema),
);

export const GET = methodNotAllowed("POST");
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
