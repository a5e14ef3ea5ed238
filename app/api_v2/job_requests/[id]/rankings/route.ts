import { endpoint, idParam, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { listCandidates } from "@/lib/api-v2/jobs/list-candidates";
import { candidatesQuerySchema } from "@/lib/schemas/job";

/** GET /api_v2/job_requests/:id/rankings: the reference's name for the ranked candidates (private pool). */
const list = endpoint(
  async (ctx) =>
    json(
      await listCandidates(
        ctx.db,
        ctx.caller,
        idParam(ctx, "id", "Job request"),
        parseQuery(candidatesQuerySchema, ctx.url),
        ctx.now,
        "rankings",
      ),
    ),
  { needs: "candidates.read" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ GET: list });
