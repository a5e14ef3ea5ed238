import { endpoint, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { getHome } from "@/lib/api-v2/home/home";
import { homeQuerySchema } from "@/lib/schemas/home";

/** GET /api_v2/home (ours): the home page's sections in one call (docs/home.md). */
const home = endpoint(
  async (ctx) =>
    json({
      home: await getHome(ctx.db, ctx.caller, parseQuery(homeQuerySchema, ctx.url), ctx.now),
    }),
  { needs: "job_requests.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: home });
