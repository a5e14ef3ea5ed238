import { endpoint, idParam, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { trackUser } from "@/lib/api-v2/users/tracking";
import { trackingQuerySchema } from "@/lib/schemas/user";

/** GET /api_v2/users/:id/tracking: the worker's transitions (time and place) on the company's jobs, newest first. */
const get = endpoint(
  async (ctx) =>
    json(
      await trackUser(
        ctx.db,
        ctx.caller,
        idParam(ctx, "id", "User"),
        parseQuery(trackingQuerySchema, ctx.url),
        ctx.now,
      ),
    ),
  { needs: "tracking.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
