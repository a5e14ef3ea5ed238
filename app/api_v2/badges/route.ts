import { createBadge, listBadges } from "@/lib/api-v2/badges/badges";
import { withIconUrlAlias } from "@/lib/api-v2/badges/icon-url-alias";
import { endpoint, json, jsonBody, methods, parseOr422, parseQuery } from "@/lib/api-v2/handler";
import { unwrapBody } from "@/lib/api-v2/unwrap-body";
import { createBadgeBodySchema, listBadgesQuerySchema } from "@/lib/schemas/badge";

/** GET /api_v2/badges: the company's badges; `query` filters by name. */
const list = endpoint(
  async (ctx) =>
    json(await listBadges(ctx.db, ctx.caller, ctx.now, parseQuery(listBadgesQuerySchema, ctx.url))),
  { needs: "badges.read" },
);

/** POST /api_v2/badges: create a badge (private pool). */
const create = endpoint(
  async (ctx) => {
    const raw = withIconUrlAlias(unwrapBody(jsonBody(ctx), "badge"));
    const body = parseOr422(createBadgeBodySchema, raw);
    const badge = await createBadge(ctx.db, ctx.caller, ctx.now, body);
    return json(badge, 201, { Location: `/api_v2/badges/${badge.id}` });
  },
  { needs: "badges.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list, POST: create });
