import { endpoint, idParam, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { userHistory } from "@/lib/api-v2/users/history";
import { listMailsQuerySchema as pagingQuerySchema } from "@/lib/schemas/webhook";

/** GET /api_v2/users/:id/history: who changed the worker, when, and what (our addition). */
const get = endpoint(
  async (ctx) =>
    json(
      await userHistory(
        ctx.db,
        ctx.caller,
        ctx.now,
        idParam(ctx, "id", "User"),
        parseQuery(pagingQuerySchema, ctx.url),
      ),
    ),
  { needs: "workers.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
