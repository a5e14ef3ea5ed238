import { and, asc, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { badges, jobRequests, jobs, users } from "@/lib/db/schema";
import { listUsersQuerySchema } from "@/lib/schemas/user";
import { serializeBadge } from "../badges/badges";
import type { Caller } from "../caller";
import { serializeJobs } from "../jobs/serialize-job";
import { serializeJobRequests } from "../jobs/serialize-job-request";
import { listUsers, searchCondition } from "../users/list-users";
import { visibleUsers } from "../users/visibility";
import { containsTerm } from "./contains-term";

/** At most this many records of each kind. */
export const SEARCH_PER_KIND = 10;

/**
 * GET /search?q=: the reference's "search common attributes of the most common models", over
 * what the caller may see elsewhere, each kind through its trigram-indexed `search_text`:
 * - users: the workers GET /users?q= finds (name, e-mail, phone, external id; the public pool's
 *   own rule), in that list's order;
 * - job_requests: the company's, by name, venue, address, city or category, newest change first;
 * - jobs: the company's whose job request matches, or whose worker matches among the workers
 *   the caller may see (a public pool key never learns a hidden worker's name through a job);
 * - badges: the company's, by name, in name order.
 * Case- and accent-insensitive ("Nguyen" finds "Nguyễn"). Each kind is one bounded query.
 */
export async function search(db: Db, caller: Caller, q: string, now: Date) {
  const term = q.trim();
  const requestMatch = and(
    eq(jobRequests.companyId, caller.companyId),
    containsTerm(jobRequests.searchText, term),
  );
  const workerMatch = and(visibleUsers(caller, now), searchCondition(term));
  const [found, requestRows, jobRows, badgeRows] = await Promise.all([
    listUsers(
      db,
      caller,
      now,
      listUsersQuerySchema.parse({ q: term, per: String(SEARCH_PER_KIND) }),
    ),
    db
      .select()
      .from(jobRequests)
      .where(requestMatch)
      .orderBy(desc(jobRequests.updatedAt), desc(jobRequests.id))
      .limit(SEARCH_PER_KIND),
    db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.companyId, caller.companyId),
          or(
            inArray(
              jobs.jobRequestId,
              db.select({ id: jobRequests.id }).from(jobRequests).where(requestMatch),
            ),
            inArray(jobs.userId, db.select({ id: users.id }).from(users).where(workerMatch)),
          ),
        ),
      )
      .orderBy(desc(jobs.updatedAt), desc(jobs.id))
      .limit(SEARCH_PER_KIND),
    db
      .select()
      .from(badges)
      .where(and(eq(badges.companyId, caller.companyId), containsTerm(badges.searchText, term)))
      .orderBy(asc(sql`lower(${badges.name})`), asc(badges.id))
      .limit(SEARCH_PER_KIND),
  ]);
  return {
    users: found.users,
    job_requests: await serializeJobRequests(db, requestRows),
    jobs: await serializeJobs(db, jobRows, caller, now),
    badges: badgeRows.map(serializeBadge),
  };
}
