import { and, asc, count, desc, eq, gt, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { userBadges, users } from "@/lib/db/schema";
import type { ListUsersQuery } from "@/lib/schemas/user";
import type { Caller } from "../caller";
import { paging } from "../format";
import { serializeUser } from "./serialize-user";
import { badgesByUser } from "./user-badges";
import { visibleUsers } from "./visibility";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Free text over name, e-mail, phone and external id (trigram-indexed `search_text`). */
function searchCondition(raw: string): SQL | undefined {
  const text = raw.trim().toLowerCase();
  if (!text) return undefined;
  // "(415) 555-01" should find +1415555010x: search phone-like input by its digits.
  const digits = text.replace(/\D/g, "");
  const needle = /^[\d\s()+.-]+$/.test(text) && digits.length >= 3 ? digits : text;
  return sql`${users.searchText} like ${`%${escapeLike(needle)}%`}`;
}

const SORTS: Record<ListUsersQuery["sort"], SQL[]> = {
  "-updated_at": [desc(users.updatedAt), desc(users.id)],
  updated_at: [asc(users.updatedAt), asc(users.id)],
  last_name: [asc(sql`lower(${users.lastName})`), asc(users.id)],
  "-last_name": [desc(sql`lower(${users.lastName})`), desc(users.id)],
  first_name: [asc(sql`lower(${users.firstName})`), asc(users.id)],
  "-first_name": [desc(sql`lower(${users.firstName})`), desc(users.id)],
  email: [asc(sql`lower(${users.email})`), asc(users.id)],
  "-email": [desc(sql`lower(${users.email})`), desc(users.id)],
  id: [asc(users.id)],
  "-id": [desc(users.id)],
};

export async function listUsers(db: Db, caller: Caller, now: Date, query: ListUsersQuery) {
  const conds: (SQL | undefined)[] = [visibleUsers(caller, now)];
  if (query.type) conds.push(eq(users.type, query.type));
  if (query.email) conds.push(sql`lower(${users.email}) = ${query.email.trim().toLowerCase()}`);
  if (query.first_name)
    conds.push(sql`lower(${users.firstName}) = ${query.first_name.trim().toLowerCase()}`);
  if (query.last_name)
    conds.push(sql`lower(${users.lastName}) = ${query.last_name.trim().toLowerCase()}`);
  if (query.external_id?.length) conds.push(inArray(users.externalId, query.external_id));
  if (query.w2_onboarding_status?.length)
    conds.push(inArray(users.w2OnboardingStatus, query.w2_onboarding_status));
  if (query.w2_employee_id) conds.push(eq(users.w2EmployeeId, query.w2_employee_id));
  if (query.address_state?.length) conds.push(inArray(users.addressState, query.address_state));
  if (query.drug_tested?.length) conds.push(inArray(users.drugTested, query.drug_tested));
  if (query.updated_before) conds.push(lt(users.updatedAt, query.updated_before));
  if (query.updated_after) conds.push(gt(users.updatedAt, query.updated_after));
  if (query.suspended !== undefined) conds.push(eq(users.suspended, query.suspended));
  if (query.badge_id?.length) {
    conds.push(
      sql`exists (select 1 from ${userBadges} where ${userBadges.userId} = ${users.id} and ${inArray(userBadges.badgeId, query.badge_id)})`,
    );
  }
  if (query.q) conds.push(searchCondition(query.q));
  const where = and(...conds);
  const { limit, offset } = paging(query.page, query.per);

  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const badges = await badgesByUser(
    db,
    rows.map((r) => r.id),
  );
  return {
    users: rows.map((r) => serializeUser(r, badges.get(r.id) ?? [])),
    page: query.page,
    per: query.per,
    total: Number(totals[0]?.n ?? 0),
  };
}
