import { formatTimestamp } from "@/lib/api-v2/format";
import { endpoint, idParam, json, methods, parseQuery } from "@/lib/api-v2/handler";
import { listCandidates } from "@/lib/api-v2/jobs/list-candidates";
import { candidatesQuerySchema } from "@/lib/schemas/job";

/**
 * POST /api_v2/job_requests/:id/re_rank_workers: the ranking is computed live on every read,
 * so re-ranking stores nothing; it answers the fresh ranking (first page, or `page`/`per`).
 */
const reRank = endpoint(
  async (ctx) => {
    const ranking = await listCandidates(
      ctx.db,
      ctx.caller,
      idParam(ctx, "id", "Job request"),
      parseQuery(candidatesQuerySchema, ctx.url),
      ctx.now,
      "rankings",
    );
    return json({ ...ranking, ranked_at: formatTimestamp(ctx.now) });
  },
  { needs: "job_requests.write" },
);

export const { GET, POST, PUT, PATCH, DELETE } = methods({ POST: reRank });
