import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { ListEmployersQuery } from "@/lib/schemas/employer";
import type { Caller } from "../caller";
import { paging } from "../format";
import { isEmployer } from "./find-employer";
import { serializeEmployer } from "./serialize-employer";

/**
 * GET /users?type=Employer: the caller's company's employer users (a team is small: one
 * indexed range, users_company_employers_idx), oldest first, paged like the workers' list.
 */
export async function listEmployers(db: Db, caller: Caller, now: Date, query: ListEmployersQuery) {
  const filters: (SQL | undefined)[] = [
    eq(users.companyId, caller.companyId),
    isEmployer,
    query.email ? sql`lower(${users.email}) = ${query.email.trim().toLowerCase()}` : undefined,
    query.first_name
      ? sql`lower(${users.firstName}) = ${query.first_name.trim().toLowerCase()}`
      : undefined,
    query.last_name
      ? sql`lower(${users.lastName}) = ${query.last_name.trim().toLowerCase()}`
      : undefined,
    query.suspended !== undefined ? eq(users.suspended, query.suspended) : undefined,
    query.role?.length
      ? inArray(users.role, query.role as ("customer_admin" | "requestor" | "read_only")[])
      : undefined,
  ];
  const where = and(...filters);
  const { limit, offset } = paging(query.page, query.per);
  const [rows, totals] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map((r) => serializeEmployer(r, now)),
    page: query.page,
    per: query.per,
    total: Number(totals[0]?.n ?? 0),
  };
}
