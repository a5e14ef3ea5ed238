import type { DbOrTx } from "@/lib/db/client";
import type { Caller } from "../caller";
import { paging } from "../format";
import { rankCandidates, requiredBadgesOf, serializeCandidates } from "./candidates";
import { findJobRequest } from "./job-requests";

/**
 * GET /job_requests/:id/candidates. No `total`: counting every qualified worker would scan the
 * whole pool on each page; `has_more` says whether another page follows (and clients of the
 * real service page until a page holds fewer than `per` rows, which also works here).
 */
export async function listCandidates(
  db: DbOrTx,
  caller: Caller,
  id: number,
  q: { page: number; per: number },
  now: Date,
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
  return {
    candidates: await serializeCandidates(db, rows, required, offset, caller),
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
