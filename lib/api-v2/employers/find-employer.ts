import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { Caller } from "../caller";

/** Employer users, as opposed to workers, who live in the same table. */
export const isEmployer = eq(users.type, "Employer");

/**
 * One employer user of the caller's own company, or null: another company's teammate is as
 * unknown as an id that does not exist.
 */
export async function findEmployer(db: DbOrTx, caller: Caller, id: number, forUpdate = false) {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isEmployer, eq(users.companyId, caller.companyId)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update", { of: users }) : await query;
  return row ?? null;
}
