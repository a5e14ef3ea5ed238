import { ApiError } from "@/lib/api-v2/errors";
import { endpoint, json, methods, parseQuery, publicEndpoint } from "@/lib/api-v2/handler";
import { listUsers } from "@/lib/api-v2/users/list-users";
import { listUsersQuerySchema } from "@/lib/schemas/user";

/** GET /api_v2/users: the workers the caller may see, filtered and paged (max 50). */
const list = endpoint(async (ctx) => {
  const query = parseQuery(listUsersQuerySchema, ctx.url);
  return json(await listUsers(ctx.db, ctx.caller, ctx.now, query));
});

/** POST /api_v2/users is not how users are created: say where to go. */
const post = publicEndpoint(async () => {
  throw new ApiError(
    "method_not_allowed",
    "Users are not created here; use POST /api_v2/users/invite",
    undefined,
    {
      Allow: "GET",
    },
  );
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: post });
