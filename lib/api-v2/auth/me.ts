import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { ACTIONS, type Action, can, type Role } from "@/lib/schemas/permissions";
import { type Caller, principalOf } from "../caller";

export type MePerson = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  title: string | null;
};

/**
 * Who the token belongs to (GET /api_v2/me, our addition): the company, the pool, the person
 * behind a password sign-in (null for a key pair) and the actions the caller holds, read from
 * the one permission table, so the portal hides exactly what the API would refuse.
 */
export async function describeCaller(db: Db, caller: Caller) {
  let user: MePerson | null = null;
  if (caller.person) {
    const [row] = await db
      .select({
        id: users.id,
        first_name: users.firstName,
        last_name: users.lastName,
        email: users.email,
        title: users.title,
      })
      .from(users)
      .where(eq(users.id, caller.person.id));
    if (row) user = { ...row, role: caller.person.role };
  }
  const who = principalOf(caller);
  const permissions: Action[] = ACTIONS.filter((a) => can(who, a));
  return {
    company: { id: caller.companyId, name: caller.companyName },
    pool: caller.pool,
    environment: env().API_ENVIRONMENT,
    user,
    permissions,
  };
}
