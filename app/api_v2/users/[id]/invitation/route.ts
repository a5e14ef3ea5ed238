import { endpoint, idParam, json, methods } from "@/lib/api-v2/handler";
import { resendInvitation } from "@/lib/api-v2/users/resend-invitation";

/**
 * POST /api_v2/users/:id/invitation (our addition): send a worker who has not accepted a new
 * invitation link; earlier links stop working. 201 with the worker (invitation_status "invited").
 */
const resend = endpoint(
  async (ctx) => {
    const { user, etag } = await resendInvitation(
      ctx.db,
      ctx.caller,
      ctx.now,
      idParam(ctx, "id", "User"),
    );
    return json(user, 201, { ETag: etag });
  },
  { needs: "workers.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: resend });
