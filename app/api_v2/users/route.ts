import { requirePermission } from "@/lib/api-v2/caller";
import { createEmployer } from "@/lib/api-v2/employers/create-employer";
import { listEmployers } from "@/lib/api-v2/employers/list-employers";
import { userBodyOf } from "@/lib/api-v2/employers/user-body";
import { ApiError } from "@/lib/api-v2/errors";
import { endpoint, json, methods, parseBody, parseQuery } from "@/lib/api-v2/handler";
import { etagOf } from "@/lib/api-v2/users/etag";
import { listUsers } from "@/lib/api-v2/users/list-users";
import { createEmployerBodySchema, listEmployersQuerySchema } from "@/lib/schemas/employer";
import { listUsersQuerySchema } from "@/lib/schemas/user";

/**
 * GET /api_v2/users: the workers the caller may see, filtered and paged (max 50); with
 * `type=Employer`, the company's employer users (the team), which needs `team.read`.
 */
const list = endpoint(
  async (ctx) => {
    if (ctx.url.searchParams.get("type") === "Employer") {
      requirePermission(ctx.caller, "team.read");
      const query = parseQuery(listEmployersQuerySchema, ctx.url);
      return json(await listEmployers(ctx.db, ctx.caller, ctx.now, query));
    }
    const query = parseQuery(listUsersQuerySchema, ctx.url);
    return json(await listUsers(ctx.db, ctx.caller, ctx.now, query));
  },
  { needs: "workers.read" },
);

/**
 * POST /api_v2/users: an employer user (`type: "Employer"`) with a password, as the reference
 * has it; JSON or its form encoding (`user[...]`). Workers are created only by invitation.
 */
const create = endpoint(
  async (ctx) => {
    const fields = userBodyOf(ctx);
    if (fields.type !== "Employer") {
      throw new ApiError(
        "method_not_allowed",
        "Users are not created here; use POST /api_v2/users/invite",
        undefined,
        { Allow: "GET, POST" },
      );
    }
    const parsed = parseBody(createEmployerBodySchema, fields);
    const { user, row } = await createEmployer(ctx.db, ctx.caller, ctx.now, parsed);
    return json(user, 201, { Location: `/api_v2/users/${user.id}`, ETag: etagOf(row) });
  },
  { needs: "team.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
