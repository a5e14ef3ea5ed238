import { getBadge, updateBadge } from "@/lib/api-v2/badges/badges";
import { deleteBadge } from "@/lib/api-v2/badges/delete-badge";
import { withIconUrlAlias } from "@/lib/api-v2/badges/icon-url-alias";
import {
  endpoint,
  idParam,
  json,
  jsonBody,
  methods,
  parseOr422,
  parseQuery,
} from "@/lib/api-v2/handler";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { deleteBadgeQuerySchema, updateBadgeBodySchema } from "@/lib/schemas/badge";

/** GET /api_v2/badges/:id */
const get = endpoint(
  async (ctx) => json(await getBadge(ctx.db, ctx.caller, idParam(ctx, "id", "Badge"))),
  { needs: "badges.read" },
);

/** PATCH /api_v2/badges/:id (private pool) */
const patch = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", "Badge");
    const raw = withIconUrlAlias(unwrapBody(jsonBody(ctx), "badge"));
    const body = parseOr422(updateBadgeBodySchema, raw);
    return json(await updateBadge(ctx.db, ctx.caller, ctx.now, id, body));
  },
  { needs: "badges.write" },
);

/**
 * DELETE /api_v2/badges/:id (private pool); refused while workers hold it, unless
 * `remove_from_workers=true` (our addition) takes it from them in the same transaction.
 */
const del = endpoint(
  async (ctx) => {
    const id = idParam(ctx, "id", "Badge");
    const query = parseQuery(deleteBadgeQuerySchema, ctx.url);
    await deleteBadge(ctx.db, ctx.caller, ctx.now, id, {
      removeFromWorkers: query.remove_from_workers ?? false,
    });
    return json(null, 204);
  },
  { needs: "badges.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get, PATCH: patch, DELETE: del });
