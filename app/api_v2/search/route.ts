import { endpoint, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { search } from "@/lib/api-v2/search/search";
import { searchQuerySchema } from "@/lib/schemas/user";

/** GET /api_v2/search?q=: the caller's workers, job requests, jobs and badges matching q (10 of each). */
const get = endpoint(
  async (ctx) =>
    json(await search(ctx.db, ctx.caller, parseQuery(searchQuerySchema, ctx.url).q, ctx.now)),
  { needs: "search.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
