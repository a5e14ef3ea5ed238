import { endpoint, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { listUsers } from "@/lib/api-v2/users/list-users";
import { listUsersQuerySchema } from "@/lib/schemas/user";

/** GET /api_v2/users: the workers the caller may see, filtered and paged (max 50). */
const list = endpoint(
  async (ctx) => {
    const query = parseQuery(listUsersQuerySchema, ctx.url);
    return json(await listUsers(ctx.db, ctx.caller, ctx.now, query));
  },
  { needs: "workers.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods(
  { GET: list },
  // Users are never created by posting to the collection: say where to go.
  { POST: "Users are not created here; use POST /api_v2/users/invite" },
);
