import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { companies, tokens } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { Role } from "@/lib/schemas/permissions";
import { insertEmployer } from "../employers/insert-employer";
import { notFound } from "../errors";
import { formatSecondsZ } from "../format";
import { hashToken, randomToken } from "../hash-token";
import { hashPassword } from "../invitations/password";

/**
 * Employer users made outside the interface: the demo's team, tests, the operator. The
 * interface's own ways (POST /users, a teammate's invitation) validate and record history;
 * this one only writes the row.
 */
export async function createEmployerUser(
  db: DbOrTx,
  p: {
    companyId: number;
    firstName: string;
    lastName: string;
    email: string;
    role: Role;
    title?: string | null;
    phone?: string | null;
    /** Null: no password yet (invited, or signs in no other way). */
    password?: string | null;
    /** An already-made scrypt hash (the demo seed reuses one for speed). */
    passwordHash?: string | null;
    now?: Date;
  },
): Promise<{ id: number }> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, p.companyId));
  if (!company) throw notFound("Company");
  const now = p.now ?? new Date();
  const passwordHash = p.passwordHash ?? (p.password ? await hashPassword(p.password) : null);
  const row = await insertEmployer(
    db,
    company,
    {
      first_name: p.firstName,
      last_name: p.lastName,
      email: p.email,
      role: p.role,
      title: p.title,
      phone: p.phone,
    },
    { passwordHash, now },
  );
  return { id: row.id };
}

/**
 * A token bound to a person, as password sign-in issues it (same expiry as a key pair's). For
 * tests and the operator; the interface issues them only after checking the password.
 */
export async function issuePersonToken(
  db: DbOrTx,
  userId: number,
  now: Date = new Date(),
): Promise<{ token: string; expires_at: string }> {
  const token = randomToken();
  const expiresAt = new Date(
    Math.floor(now.getTime() / 1000) * 1000 + env().TOKEN_TTL_SECONDS * 1000,
  );
  await db
    .insert(tokens)
    .values({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt });
  return { token, expires_at: formatSecondsZ(expiresAt) };
}
