import { portalRoute } from "@/lib/portal/server/portal-route";
import { methodNotAllowed } from "@/lib/portal/server/respond";
import { forwardPasswordReset } from "@/lib/portal/server/sign-in-reset";
import { requestPasswordResetBodySchema } from "@/lib/schemas/person-auth";

/**
 * POST /api/session/password-resets: "Forgot password" ({email}), to the API's POST
 * /password_resets. The same answer whether or not the address is a teammate's.
 */
export const POST = portalRoute((req) =>
  forwardPasswordReset(req, "password_resets", requestPasswordResetBodySchema),
);

export const GET = methodNotAllowed("POST");
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
