import { and, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { type FieldErrors, TAKEN } from "../errors";

/**
 * Reports every taken field at once (a constraint violation names only one). This is for the
 * message only: the unique indexes still decide, and lib/api-v2/known-error.ts maps a race.
 */
export async function takenFields(
  db: DbOrTx,
  v: {
    email?: string;
    phone?: string | null;
    externalId?: string | null;
    companyId: number;
    excludeUserId?: number;
  },
): Promise<FieldErrors> {
  const conds: SQL[] = [];
  if (v.email) conds.push(sql`lower(${users.email}) = lower(${v.email})`);
  if (v.phone) conds.push(eq(users.phone, v.phone));
  if (v.externalId)
    conds.push(and(eq(users.companyId, v.companyId), eq(users.externalId, v.externalId))!);
  if (conds.length === 0) return {};
  const rows = await db
    .select({
      email: users.email,
      phone: users.phone,
      externalId: users.externalId,
      companyId: users.companyId,
    })
    .from(users)
    .where(and(or(...conds), v.excludeUserId ? ne(users.id, v.excludeUserId) : undefined))
    .limit(10);
  const errors: FieldErrors = {};
  for (const r of rows) {
    if (v.email && r.email.toLowerCase() === v.email.toLowerCase()) errors.email = [TAKEN];
    if (v.phone && r.phone === v.phone) errors.phone = [TAKEN];
    if (v.externalId && r.companyId === v.companyId && r.externalId === v.externalId)
      errors.external_id = [TAKEN];
  }
  return errors;
}
