import { principalOf, requirePermission } from "@/lib/api-v2/caller";
import { findEmployer } from "@/lib/api-v2/employers/find-employer";
import { serializeEmployer } from "@/lib/api-v2/employers/serialize-employer";
import { updateEmployer } from "@/lib/api-v2/employers/update-employer";
import { userBodyOf } from "@/lib/api-v2/employers/user-body";
import { endpoint, idParam, json, jsonBody, methods, parseBody } from "@/lib/api-v2/handler";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { etagOf } from "@/lib/api-v2/users/etag";
import { getUser } from "@/lib/api-v2/users/get-user";
import { updateUser } from "@/lib/api-v2/users/update-user";
import { updateEmployerBodySchema } from "@/lib/schemas/employer";
import { can } from "@/lib/schemas/permissions";
import { updateUserBodySchema } from "@/lib/schemas/user";

/**
 * GET /api_v2/users/:id: one worker, or one employer user of the caller's company for whoever
 * holds `team.read` (for anyone else a teammate's id is as unknown as a missing one), with an
 * ETag for If-Match.
 */
const get = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", "User");
    if (can(principalOf(ctx.caller), "team.read")) {
      const employer = await findEmployer(ctx.db, ctx.caller, id);
      if (employer)
        return json(serializeEmployer(employer, ctx.now), 200, { ETag: etagOf(employer) });
    }
    const { user, etag } = await getUser(ctx.db, ctx.caller, ctx.now, id);
    return json(user, 200, { ETag: etag });
  },
  { needs: "workers.read" },
);

/**
 * PATCH /api_v2/users/:id: partial update, all or nothing: a worker's fields and badges, or a
 * teammate's names, phone, title, role and `suspended` (which needs `team.write`).
 */
const patch = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", "User");
    const ifMatch = ctx.req.headers.get("if-match");
    if (can(principalOf(ctx.caller), "team.read") && (await findEmployer(ctx.db, ctx.caller, id))) {
      requirePermission(ctx.caller, "team.write");
      // A teammate's fields are flat, so the reference's form encoding (user[...]) reads too.
      const parsed = parseBody(updateEmployerBodySchema, userBodyOf(ctx));
      const { user, etag } = await updateEmployer(ctx.db, ctx.caller, ctx.now, id, parsed, ifMatch);
      return json(user, 200, { ETag: etag });
    }
    const parsed = parseBody(updateUserBodySchema, unwrapBody(jsonBody(ctx), "user"));
    const { user, etag } = await updateUser(ctx.db, ctx.caller, ctx.now, id, parsed, ifMatch);
    return json(user, 200, { ETag: etag });
  },
  { needs: "workers.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, PATCH: patch });
