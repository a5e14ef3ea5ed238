import { endpoint, idParam, json, jsonBody, methods, parseBody } from "@/lib/api-v2/handler";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { getUser } from "@/lib/api-v2/users/get-user";
import { updateUser } from "@/lib/api-v2/users/update-user";
import { updateUserBodySchema } from "@/lib/schemas/user";

/** GET /api_v2/users/:id: one worker, with an ETag for If-Match. */
const get = endpoint(
  async (ctx) => {
    const { user, etag } = await getUser(ctx.db, ctx.caller, ctx.now, idParam(ctx, "id", "User"));
    return json(user, 200, { ETag: etag });
  },
  { needs: "workers.read" },
);

/** PATCH /api_v2/users/:id: partial update of fields and badges, all or nothing. */
const patch = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", "User");
    const parsed = parseBody(updateUserBodySchema, unwrapBody(jsonBody(ctx), "user"));
    const { user, etag } = await updateUser(
      ctx.db,
      ctx.caller,
      ctx.now,
      id,
      parsed,
      ctx.req.headers.get("if-match"),
    );
    return json(user, 200, { ETag: etag });
  },
  { needs: "workers.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, PATCH: patch });
