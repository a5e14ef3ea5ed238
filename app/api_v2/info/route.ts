import { formatSecondsZ } from "@/lib/api-v2/format";
import { json, methods, publicEndpoint } from "@/lib/api-v2/handler";
import { deployInfo } from "@/lib/api-v2/info";
import { env } from "@/lib/env";

/** GET /api_v2/info: deployment facts, no token. */
const info = publicEndpoint(async (ctx) => {
  const e = env();
  return json({
    utc_time_now: formatSecondsZ(ctx.now),
    environment: e.API_ENVIRONMENT,
    ...deployInfo(e),
    release_version: e.RELEASE_VERSION,
    api_version: "2.0",
    server: "employer-portal",
    https_required: !e.ALLOW_HTTP_LOOPBACK,
    max_per_page: 50,
  });
});

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: info });
