import type { DbOrTx } from "@/lib/db/client";
import type { Caller } from "../caller";
import { paging } from "../format";
import { rankCandidates, requiredBadgesOf, serializeCandidates } from "./candidates";
import { findJobRequest } from "./job-requests";

/**
 * GET /job_requests/:id/candidates, and the reference's name for the same list, GET
 * /job_requests/:id/rankings (and POST …/re_rank_workers, which answers it freshly computed):
 * one ranking, under the key the route is named for. No `total`: counting every qualified worker would scan the
 * whole pool on each page; `has_more` says whether another page follows (and clients of the
 * real service page until a page holds fewer than `per` rows, which also works here).
 */
export async function listCandidates<K extends "candidates" | "rankings" = "candidates">(
  db: DbOrTx,
  caller: Caller,
  id: number,
  q: { page: number; per: number },
  now: Date,
  key: K = "candidates" as K,
) {
  const request = await findJobRequest(db, caller.companyId, id);
  const required = await requiredBadgesOf(db, request.id);
  const { offset, limit } = paging(q.page, q.per);
  const { rows, hasMore } = await rankCandidates(
    db,
    request,
    required.map((b) => b.badgeId),
    { offset, per: limit },
    now,
  );
  const list = await serializeCandidates(db, rows, required, offset, caller);
  return {
    ...({ [key]: list } as Record<K, typeof list>),
    job_request_id: request.id,
    site:
      request.latitude === null || request.longitude === null
        ? null
        : { latitude: Number(request.latitude), longitude: Number(request.longitude) },
    page: q.page,
    per: q.per,
    has_more: hasMore,
  };
}
