import { and, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { type FieldErrors, validationError } from "../errors";
import { isUniqueViolation, type PgErrorInfo, pgErrorOf } from "../pg-error";

export const TAKEN = "has already been taken";

/**
 * Reports every taken field at once (a constraint violation names only one). This is for the
 * message only: the unique indexes still decide, and `uniqueViolationToError` maps a race.
 */
export async function takenFields(
  db: DbOrTx,
  v: {
    email?: string;
    phone?: string;
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

const FIELD_OF_CONSTRAINT: Record<string, string> = {
  users_email_key: "email",
  users_phone_key: "phone",
  users_company_external_id_key: "external_id",
  badges_company_name_key: "name",
};

/** A unique violation of a known constraint becomes the validation error of its field. */
export function uniqueViolationToError(err: unknown): Error {
  const info: PgErrorInfo | null = pgErrorOf(err);
  if (isUniqueViolation(info) && info.constraint && FIELD_OF_CONSTRAINT[info.constraint]) {
    return validationError({ [FIELD_OF_CONSTRAINT[info.constraint]!]: [TAKEN] });
  }
  return err as Error;
}
