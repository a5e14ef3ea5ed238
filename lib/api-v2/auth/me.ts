import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { companies, users } from "@/lib/db/schema";
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
  /** Our addition: whether two-factor sign-in is on for this person. */
  two_factor_enabled: boolean;
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
        totpEnabledAt: users.totpEnabledAt,
      })
      .from(users)
      .where(eq(users.id, caller.person.id));
    if (row) {
      const { totpEnabledAt, ...rest } = row;
      user = { ...rest, role: caller.person.role, two_factor_enabled: totpEnabledAt !== null };
    }
  }
  const who = principalOf(caller);
  // A person who must still set up two-factor holds nothing else until they do.
  const permissions: Action[] = caller.mustEnrolTwoFactor
    ? ["session"]
    : ACTIONS.filter((a) => can(who, a));
  const [company] = await db
    .select({ requireTwoFactor: companies.requireTwoFactor })
    .from(companies)
    .where(eq(companies.id, caller.companyId));
  return {
    company: {
      id: caller.companyId,
      name: caller.companyName,
      require_two_factor: company?.requireTwoFactor ?? false,
    },
    two_factor_setup_required: caller.mustEnrolTwoFactor ?? false,
    pool: caller.pool,
    environment: env().API_ENVIRONMENT,
    user,
    permissions,
  };
}
