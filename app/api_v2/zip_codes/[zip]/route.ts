import { endpoint, json, methods, parseOr422 } from "@/lib/api-v2/handler";
import { lookupZip } from "@/lib/api-v2/zip-codes/lookup";
import { zipParamSchema } from "@/lib/schemas/zip-code";

/** GET /api_v2/zip_codes/:zip (ours): city, state, time zone and centre of a US ZIP code. */
const get = endpoint(
  async (ctx) => {
    const { zip } = parseOr422(zipParamSchema, { zip: ctx.params.zip });
    return json(await lookupZip(ctx.db, zip));
  },
  { needs: "session" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: get });
