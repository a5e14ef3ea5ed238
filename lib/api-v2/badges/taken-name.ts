import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { badges } from "@/lib/db/schema";

/** Badge names are unique per company, case-insensitively (the unique index decides races). */
export async function takenName(
  db: Db,
  companyId: number,
  name: string,
  excludeId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: badges.id })
    .from(badges)
    .where(
      and(
        eq(badges.companyId, companyId),
        sql`lower(${badges.name}) = lower(${name})`,
        excludeId ? ne(badges.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}
