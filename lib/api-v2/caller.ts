import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { apiKeys, companies, tokens, users } from "@/lib/db/schema";
import {
  type Action,
  can,
  isOperatorOnly,
  PERMISSIONS,
  type Principal,
  ROLE_LABELS,
  type Role,
} from "@/lib/schemas/permissions";
import { ApiError } from "./errors";
import { hashToken } from "./hash-token";

export type Pool = "private" | "public";

/** A person signed in with their own e-mail and password (our addition): an employer user. */
export type Person = { id: number; role: Role; name: string };

/** Who is calling: resolved from the token on every request. */
export type Caller = {
  /** The key pair behind the token; 0 for a person's token and for the operator. */
  apiKeyId: number;
  companyId: number;
  companyName: string;
  /** A person acts within their company's private pool; their role narrows what they may do. */
  pool: Pool;
  /** The person behind a password sign-in's token; absent for key pairs and the operator. */
  person?: Person;
  /** The operator command acting for the company (no key): history says "operator". */
  operator?: boolean;
  /** The grant (row of `tokens`) the call came with; none for the operator. Sign-out revokes it. */
  grantId?: number;
  /** When that grant expires (a live stream ends then). */
  expiresAt?: Date;
  /**
   * The company requires two-factor sign-in and this person has not set it up (our addition):
   * the token may only enrol until they do (enforced by the handler wrapper, one place).
   */
  mustEnrolTwoFactor?: boolean;
};

const byTokenHash = (db: Db) =>
  prepared(db, "caller_by_token_hash", () =>
    db
      .select({
        grantId: tokens.id,
        expiresAt: tokens.expiresAt,
        tokenRevokedAt: tokens.revokedAt,
        apiKeyId: apiKeys.id,
        revokedAt: apiKeys.revokedAt,
        pool: apiKeys.pool,
        personId: users.id,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        suspended: users.suspended,
        totpEnabledAt: users.totpEnabledAt,
        requireTwoFactor: companies.requireTwoFactor,
        companyId: companies.id,
        companyName: companies.name,
      })
      .from(tokens)
      .leftJoin(apiKeys, eq(apiKeys.id, tokens.apiKeyId))
      .leftJoin(users, eq(users.id, tokens.userId))
      .innerJoin(
        companies,
        sql`${companies.id} = coalesce(${apiKeys.companyId}, ${users.companyId})`,
      )
      .where(eq(tokens.tokenHash, sql.placeholder("hash")))
      .limit(1)
      .prepare("caller_by_token_hash"),
  );

export async function callerFromToken(db: Db, token: string, now: Date): Promise<Caller> {
  const [row] = await byTokenHash(db).execute({ hash: hashToken(token) });
  if (!row) throw new ApiError("invalid_token", "The token is not valid; authenticate again");
  if (row.revokedAt) {
    throw new ApiError("invalid_token", "The API key behind this token has been revoked");
  }
  if (row.suspended) {
    throw new ApiError("invalid_token", "This account has been deactivated by an administrator");
  }
  if (row.tokenRevokedAt) {
    throw new ApiError(
      "invalid_token",
      "The token has been revoked (signed out); authenticate again",
    );
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new ApiError("token_expired", "The token has expired; authenticate again");
  }
  const person =
    row.personId !== null && row.role !== null
      ? {
          id: row.personId,
          role: row.role,
          name: `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim(),
        }
      : undefined;
  return {
    grantId: row.grantId,
    expiresAt: row.expiresAt,
    apiKeyId: row.apiKeyId ?? 0,
    companyId: row.companyId,
    companyName: row.companyName,
    pool: person ? "private" : (row.pool ?? "public"),
    ...(person ? { person } : {}),
    ...(person && row.requireTwoFactor && !row.totpEnabledAt ? { mustEnrolTwoFactor: true } : {}),
  };
}

export const principalOf = (caller: Caller): Principal => ({
  pool: caller.pool,
  role: caller.person?.role ?? null,
});

/**
 * The one permission check (lib/schemas/permissions.ts): a public pool key without the action
 * gets 403 `forbidden_for_public_pool` (as before people existed), a person whose role lacks it
 * 403 `forbidden_for_role`, saying which role and which action; a private key pair asking for
 * the operator's own action 403 `operator_only`.
 */
export function requirePermission(
  caller: Caller,
  action: Action,
  allowedBeforeTwoFactor = false,
): void {
  if (caller.mustEnrolTwoFactor && !allowedBeforeTwoFactor) {
    throw new ApiError(
      "two_factor_setup_required",
      "Your company requires two-factor sign-in: set it up (POST /api_v2/me/two_factor) before anything else",
    );
  }
  if (can(principalOf(caller), action)) return;
  if (isOperatorOnly(action) && !caller.person && caller.pool === "private") {
    throw new ApiError(
      "operator_only",
      "Only the platform's operator can do this (the operator command), not a token",
    );
  }
  if (caller.person) {
    const what = PERMISSIONS[action].description;
    throw new ApiError(
      "forbidden_for_role",
      `Your role (${ROLE_LABELS[caller.person.role]}) cannot do this: ${what[0]?.toLowerCase()}${what.slice(1)}`,
    );
  }
  throw new ApiError(
    "forbidden_for_public_pool",
    "This operation needs a private pool key; public pool keys may only read",
  );
}
