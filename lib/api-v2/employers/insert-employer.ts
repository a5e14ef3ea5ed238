import type { DbOrTx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { Role } from "@/lib/schemas/permissions";
import type { UserRow } from "../users/serialize-user";

/** The fields a new teammate is made of, whichever way they arrive. */
export type NewEmployer = {
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  title?: string | null;
  phone?: string | null;
};

/**
 * One employer user row: POST /users (with a password hash), a teammate's invitation (with the
 * link's expiry) and the demo team all write it here. `business_name` is the company's name, as
 * the real service's jobs answer shows it on the employer.
 */
export async function insertEmployer(
  db: DbOrTx,
  company: { id: number; name: string },
  body: NewEmployer,
  extra: { passwordHash?: string | null; invitationExpiresAt?: Date | null; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      companyId: company.id,
      type: "Employer",
      role: body.role,
      title: body.title ?? null,
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      phone: body.phone ?? null,
      businessName: company.name,
      passwordHash: extra.passwordHash ?? null,
      invitationExpiresAt: extra.invitationExpiresAt ?? null,
      createdAt: extra.now,
      updatedAt: extra.now,
    })
    .returning();
  return row!;
}
