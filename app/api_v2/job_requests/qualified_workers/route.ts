import { endpoint, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { countQualifiedWorkers } from "@/lib/api-v2/jobs/qualified-workers";
import { qualifiedWorkersQuerySchema } from "@/lib/schemas/job-request-template";

/** GET /api_v2/job_requests/qualified_workers (ours): how many workers a posting here would reach. */
const count = endpoint(
  async (ctx) =>
    json(
      await countQualifiedWorkers(
        ctx.db,
        ctx.caller,
        parseQuery(qualifiedWorkersQuerySchema, ctx.url),
        ctx.now,
      ),
    ),
  { needs: "candidates.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: count });
