import { and, asc, count, eq, type InferSelectModel, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { badges } from "@/lib/db/schema";
import type { CreateBadgeBody, UpdateBadgeBody } from "@/lib/schemas/badge";
import type { Caller } from "../caller";
import { notFound, TAKEN, validationError } from "../errors";
import { formatTimestamp, paging } from "../format";
import { containsTerm } from "../search/contains-term";
import { takenName } from "./taken-name";
import { workersCountOf } from "./workers-count";

type BadgeRow = InferSelectModel<typeof badges>;

export function serializeBadge(b: BadgeRow) {
  return {
    id: b.id,
    name: b.name,
    description: b.description,
    info_url: b.infoUrl,
    icon_url: b.iconUrl,
    is_soft: b.isSoft,
    created_at: formatTimestamp(b.createdAt)!,
    updated_at: formatTimestamp(b.updatedAt)!,
  };
}

/**
 * The company's badges; `query` filters by name (case- and accent-insensitive substring, over
 * the trigram-indexed `search_text`, as GET /search does). Each carries
 * `workers_count` (our addition): how many of the workers the caller sees hold it.
 */
export async function listBadges(
  db: Db,
  caller: Caller,
  now: Date,
  query: { page: number; per: number; query?: string },
) {
  const where = and(
    eq(badges.companyId, caller.companyId),
    query.query?.trim() ? containsTerm(badges.searchText, query.query.trim()) : undefined,
  );
  const { limit, offset } = paging(query.page, query.per);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(badges)
      .where(where)
      .orderBy(asc(sql`lower(${badges.name})`), asc(badges.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(badges).where(where),
  ]);
  const counts = await workersCountOf(
    db,
    caller,
    now,
    rows.map((r) => r.id),
  );
  return {
    badges: rows.map((r) => ({ ...serializeBadge(r), workers_count: counts.get(r.id) ?? 0 })),
    page: query.page,
    per: query.per,
    total: Number(totals[0]?.n ?? 0),
  };
}

export async function findBadge(db: DbOrTx, caller: Caller, id: number): Promise<BadgeRow> {
  const [row] = await db
    .select()
    .from(badges)
    .where(and(eq(badges.id, id), eq(badges.companyId, caller.companyId)))
    .limit(1);
  if (!row) throw notFound("Badge");
  return row;
}

export async function getBadge(db: Db, caller: Caller, id: number) {
  return serializeBadge(await findBadge(db, caller, id));
}

export async function createBadge(db: Db, caller: Caller, now: Date, body: CreateBadgeBody) {
  if (await takenName(db, caller.companyId, body.name)) throw validationError({ name: [TAKEN] });
  const [row] = await db
    .insert(badges)
    .values({
      companyId: caller.companyId,
      name: body.name,
      description: body.description,
      infoUrl: body.info_url ?? null,
      iconUrl: body.icon_url ?? null,
      isSoft: body.is_soft ?? false,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return serializeBadge(row!);
}

export async function updateBadge(
  db: Db,
  caller: Caller,
  now: Date,
  id: number,
  body: UpdateBadgeBody,
) {
  await findBadge(db, caller, id);
  if (body.name !== undefined && (await takenName(db, caller.companyId, body.name, id))) {
    throw validationError({ name: [TAKEN] });
  }
  const [row] = await db
    .update(badges)
    .set({
      ...(body.name !== undefined && { name: body.name }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.info_url !== undefined && { infoUrl: body.info_url }),
      ...(body.icon_url !== undefined && { iconUrl: body.icon_url }),
      ...(body.is_soft !== undefined && { isSoft: body.is_soft }),
      updatedAt: now,
    })
    .where(and(eq(badges.id, id), eq(badges.companyId, caller.companyId)))
    .returning();
  if (!row) throw notFound("Badge");
  return serializeBadge(row);
}
