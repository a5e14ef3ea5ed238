import { requirePermission } from "@/lib/api-v2/caller";
import { inviteEmployer } from "@/lib/api-v2/employers/invite-employer";
import { endpoint, json, jsonBody, methods, parseBody } from "@/lib/api-v2/handler";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { etagOf } from "@/lib/api-v2/users/etag";
import { inviteUser } from "@/lib/api-v2/users/invite-user";
import { inviteEmployerBodySchema } from "@/lib/schemas/employer";
import { inviteUserBodySchema } from "@/lib/schemas/user";

/**
 * POST /api_v2/users/invite: create a worker and send the invitation link; with
 * `type: "Employer"` (our addition, needs `team.write`), a teammate who chooses their own
 * password through the link.
 */
const invite = endpoint(
  async (ctx) => {
    const fields = unwrapBody(jsonBody(ctx), "user");
    if (fields.type === "Employer") {
      requirePermission(ctx.caller, "team.write");
      const parsed = parseBody(inviteEmployerBodySchema, fields);
      const { user, row } = await inviteEmployer(ctx.db, ctx.caller, ctx.now, parsed);
      return json(user, 201, { Location: `/api_v2/users/${user.id}`, ETag: etagOf(row) });
    }
    const parsed = parseBody(inviteUserBodySchema, fields);
    const { user, row } = await inviteUser(ctx.db, ctx.caller, ctx.now, parsed);
    return json(user, 201, { Location: `/api_v2/users/${user.id}`, ETag: etagOf(row) });
  },
  { needs: "workers.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: invite });
