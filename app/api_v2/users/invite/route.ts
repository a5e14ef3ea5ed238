import { endpoint, json, jsonBody, methods, parseBody } from "@/lib/api-v2/handler";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { etagOf } from "@/lib/api-v2/users/etag";
import { inviteUser } from "@/lib/api-v2/users/invite-user";
import { inviteUserBodySchema } from "@/lib/schemas/user";

/** POST /api_v2/users/invite: create a worker and send the invitation link. */
const invite = endpoint(
  async (ctx) => {
    const parsed = parseBody(inviteUserBodySchema, unwrapBody(jsonBody(ctx), "user"));
    const { user, row } = await inviteUser(ctx.db, ctx.caller, ctx.now, parsed);
    return json(user, 201, { Location: `/api_v2/users/${user.id}`, ETag: etagOf(row) });
  },
  { needs: "workers.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: invite });
