import { ApiError } from "@/lib/api-v2/errors";
import { publicEndpoint } from "@/lib/api-v2/handler";

/** Any other path under /api_v2: a JSON 404 in the house shape, never Next's HTML page. */
const unknown = publicEndpoint(
  async (ctx) => {
    throw new ApiError("not_found", `No such endpoint: ${ctx.req.method} ${ctx.url.pathname}`);
  },
  { body: false },
);

export const GET = unknown;
export const POST = unknown;
export const PUT = unknown;
export const PATCH = unknown;
export const DELETE = unknown;
