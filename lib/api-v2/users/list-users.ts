import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { companyUserCounts, userBadges, users } from "@/lib/db/schema";
import type { ListUsersQuery } from "@/lib/schemas/user";
import type { Caller } from "../caller";
import { paging } from "../format";
import { containsTerm } from "../search/contains-term";
import { LISTED_USER_COLUMNS, type SerializableUser, serializeUser } from "./serialize-user";
import { isWorker, visibleUsers } from "./visibility";

/**
 * Free text over name, e-mail, phone and external id (trigram-indexed `search_text`), case- and
 * accent-insensitive: the term goes through the same `search_unaccent` as the haystack.
 */
export function searchCondition(raw: string): SQL | undefined {
  const text = raw.trim().toLowerCase();
  if (!text) return undefined;
  // "(415) 555-01" should find +1415555010x: search phone-like input by its digits.
  const digits = text.replace(/\D/g, "");
  const needle = /^[\d\s()+.-]+$/.test(text) && digits.length >= 3 ? digits : text;
  return containsTerm(users.searchText, needle);
}

/**
 * The status the portal shows, as a rank: active (joined), invited, invitation expired,
 * suspended (which outranks the rest, as in the list's pill). The expiry is compared with the
 * database's clock: a sort needs no exact instant.
 */
const STATUS_RANK = sql`case when ${users.suspended} then 3 when ${users.passwordHash} is null and ${users.invitationExpiresAt} <= now() then 2 when ${users.passwordHash} is null and ${users.invitationExpiresAt} is not null then 1 else 0 end`;

type SortKey = { expr: SQL; desc: boolean };
const key = (expr: SQL | typeof users.id | typeof users.updatedAt, desc = false): SortKey => ({
  expr: sql`${expr}`,
  desc,
});
const noCity = sql`(coalesce(${users.city}, '') = '')`;
const SORT_KEYS: Record<ListUsersQuery["sort"], SortKey[]> = {
  "-updated_at": [key(users.updatedAt, true), key(users.id, true)],
  updated_at: [key(users.updatedAt), key(users.id)],
  last_name: [key(sql`lower(${users.lastName})`), key(users.id)],
  "-last_name": [key(sql`lower(${users.lastName})`, true), key(users.id, true)],
  first_name: [key(sql`lower(${users.firstName})`), key(users.id)],
  "-first_name": [key(sql`lower(${users.firstName})`, true), key(users.id, true)],
  email: [key(sql`lower(${users.email})`), key(users.id)],
  "-email": [key(sql`lower(${users.email})`, true), key(users.id, true)],
  id: [key(users.id)],
  "-id": [key(users.id, true)],
  // Workers without a city last either way.
  city: [
    key(noCity),
    key(sql`lower(${users.city})`),
    key(sql`lower(${users.addressState})`),
    key(users.id),
  ],
  "-city": [
    key(noCity),
    key(sql`lower(${users.city})`, true),
    key(sql`lower(${users.addressState})`, true),
    key(users.id, true),
  ],
  // Status: active before suspended (false < true), newest change first within each.
  status: [key(STATUS_RANK), key(users.updatedAt, true), key(users.id, true)],
  "-status": [key(STATUS_RANK, true), key(users.updatedAt, true), key(users.id, true)],
};
const orderOf = (keys: SortKey[]) => keys.map((k) => (k.desc ? desc(k.expr) : asc(k.expr)));

/**
 * Our onboarding is the invitation: a worker is `invited` until they accept it and set a
 * password, then `complete`. The reference's other onboarding states (quiz, background check,
 * call …) are steps we do not run, so nobody is in them.
 */
function onboardingIs(states: string[]): SQL {
  const parts = [
    states.includes("complete") ? isNotNull(users.passwordHash) : undefined,
    states.includes("invited") ? isNull(users.passwordHash) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length > 0 ? (or(...parts) as SQL) : sql`false`;
}

/** Our addition: the invitation statuses serializeUser gives, as a filter (./serialize-user.ts). */
function invitationIs(statuses: string[], now: Date): SQL {
  const waiting = isNull(users.passwordHash);
  const parts = [
    statuses.includes("accepted") ? isNotNull(users.passwordHash) : undefined,
    statuses.includes("invited") ? and(waiting, gt(users.invitationExpiresAt, now)) : undefined,
    statuses.includes("expired") ? and(waiting, lte(users.invitationExpiresAt, now)) : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return parts.length > 0 ? (or(...parts) as SQL) : sql`false`;
}

export async function listUsers(db: Db, caller: Caller, now: Date, query: ListUsersQuery) {
  const visible = visibleUsers(caller, now);
  const filters: (SQL | undefined)[] = [];
  // `type`: the route sends `Employer` to the team's list (lib/api-v2/employers); what reaches
  // here lists workers, which visibleUsers already keeps to (any other type matches nobody).
  if (query.type && query.type !== "Worker") filters.push(sql`false`);
  if (query.email) filters.push(sql`lower(${users.email}) = ${query.email.trim().toLowerCase()}`);
  if (query.first_name)
    filters.push(sql`lower(${users.firstName}) = ${query.first_name.trim().toLowerCase()}`);
  if (query.last_name)
    filters.push(sql`lower(${users.lastName}) = ${query.last_name.trim().toLowerCase()}`);
  if (query.external_id?.length) filters.push(inArray(users.externalId, query.external_id));
  if (query.w2_onboarding_status?.length)
    filters.push(inArray(users.w2OnboardingStatus, query.w2_onboarding_status));
  if (query.onboarding_last_state?.length) filters.push(onboardingIs(query.onboarding_last_state));
  if (query.invitation_status?.length) filters.push(invitationIs(query.invitation_status, now));
  if (query.w2_employee_id) filters.push(eq(users.w2EmployeeId, query.w2_employee_id));
  if (query.address_state?.length) filters.push(inArray(users.addressState, query.address_state));
  if (query.drug_tested?.length) filters.push(inArray(users.drugTested, query.drug_tested));
  if (query.updated_before) filters.push(lt(users.updatedAt, query.updated_before));
  if (query.updated_after) filters.push(gt(users.updatedAt, query.updated_after));
  if (query.suspended !== undefined) filters.push(eq(users.suspended, query.suspended));
  if (query.badge_id?.length) {
    filters.push(
      sql`exists (select 1 from ${userBadges} where ${userBadges.userId} = ${users.id} and ${inArray(userBadges.badgeId, query.badge_id)})`,
    );
  }
  if (query.q) filters.push(searchCondition(query.q));
  const where = and(visible, ...filters);
  const { limit, offset } = paging(query.page, query.per);
  const keys = SORT_KEYS[query.sort];
  const order = orderOf(keys);

  // A private pool's whole list: one round trip on its index and counter (wholePoolPage).
  if (caller.pool === "private" && !filters.some(Boolean)) {
    return wholePoolPage(db, caller, query, order, limit, offset);
  }
  // Anything narrower (a search, a filter, the public pool), also in one round trip: one pass
  // over the matches gives the page's ids and the total (a window count), so a search's trigram
  // scan runs once, then only the page's rows are joined back, with their badges aggregated in
  // the database. "offset 0" keeps the planner from pulling the matches up into the ordered
  // query: a window count must visit every match anyway, so walking the date index (every
  // entry of the pool) to save a sort never pays, while a trigram or filter scan of the
  // matches does.
  const matches = sql`select ${users.id} as id, ${sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  )} from ${users} where ${where} offset 0`;
  const page = db
    .$with("page", {
      pageId: sql<number>`page_id`.as("page_id"),
      total: sql<string>`total`.as("total"),
    })
    .as(
      sql`select m.id as page_id, count(*) over () as total from (${matches}) as m order by ${sql.join(
        keys.map((k, i) => sql`${sql.identifier(`k${i}`)} ${sql.raw(k.desc ? "desc" : "asc")}`),
        sql`, `,
      )} limit ${limit} offset ${offset}`,
    );
  const rows = await db
    .with(page)
    .select({ user: LISTED_USER_COLUMNS, badges: BADGES_JSON, total: page.total })
    .from(page)
    .innerJoin(users, eq(users.id, page.pageId))
    .orderBy(...order);
  const total =
    rows.length > 0
      ? Number(rows[0]!.total)
      : offset === 0
        ? 0
        : Number((await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0);
  return { users: serializeRows(rows, caller), page: query.page, per: query.per, total };
}

/** A page row's badges, aggregated in the database (one round trip for the page). */
const BADGES_JSON = sql<
  BadgeJson[]
>`coalesce((select json_agg(json_build_object('id', ub.id, 'user_id', ub.user_id, 'badge_id', ub.badge_id, 'created_at', ub.created_at) order by ub.id) from ${userBadges} ub where ub.user_id = ${users.id}), '[]'::json)`;

function serializeRows(rows: { user: SerializableUser; badges: BadgeJson[] }[], caller: Caller) {
  return rows.map((r) =>
    serializeUser(
      r.user,
      r.badges.map((b) => ({
        id: b.id,
        userId: b.user_id,
        badgeId: b.badge_id,
        createdAt: new Date(b.created_at),
      })),
      caller,
    ),
  );
}

/**
 * A private pool's whole list, the most common list of all, in one round trip: a prepared
 * statement (planned once per pooled connection) that walks the page's ids on the
 * (company_id, updated_at, id) index (a deferred join: a deep page skips index entries, not
 * rows), joins those rows back, aggregates their badges in the database, and reads the exact
 * total from the counter the triggers keep.
 */
async function wholePoolPage(
  db: Db,
  caller: Caller,
  query: ListUsersQuery,
  order: SQL[],
  limit: number,
  offset: number,
) {
  const statement = prepared(db, `users_whole_page_${query.sort}`, () => {
    const page = db.$with("page").as(
      db
        .select({ pageId: sql<number>`${users.id}`.as("page_id") })
        .from(users)
        .where(and(eq(users.companyId, sql.placeholder("company")), isWorker))
        .orderBy(...order)
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset")),
    );
    return db
      .with(page)
      .select({
        user: LISTED_USER_COLUMNS,
        badges: BADGES_JSON,
        total: sql<number>`(select c.users from ${companyUserCounts} c where c.company_id = ${sql.placeholder("company")})`,
      })
      .from(page)
      .innerJoin(users, eq(users.id, page.pageId))
      .orderBy(...order)
      .prepare(`users_whole_page_${query.sort}`);
  });
  const rows = await statement.execute({ company: caller.companyId, limit, offset });
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0) {
    // Past the end: the counter alone says how many there are.
    const [counted] = await db
      .select({ n: companyUserCounts.users })
      .from(companyUserCounts)
      .where(eq(companyUserCounts.companyId, caller.companyId));
    total = Number(counted?.n ?? 0);
  }
  return { users: serializeRows(rows, caller), page: query.page, per: query.per, total };
}

type BadgeJson = { id: number; user_id: number; badge_id: number; created_at: string };
