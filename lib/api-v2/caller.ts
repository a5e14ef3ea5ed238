import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { apiKeys, companies, tokens } from "@/lib/db/schema";
import { ApiError } from "./errors";
import { hashToken } from "./hash-token";

export type Pool = "private" | "public";

/** Who is calling: resolved from the token on every request. */
export type Caller = {
  apiKeyId: number;
  companyId: number;
  companyName: string;
  pool: Pool;
  /** The operator command acting for the company (no key): history says "operator". */
  operator?: boolean;
  /** The grant (row of `tokens`) the call came with; none for the operator. Sign-out revokes it. */
  grantId?: number;
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
        companyId: companies.id,
        companyName: companies.name,
      })
      .from(tokens)
      .innerJoin(apiKeys, eq(apiKeys.id, tokens.apiKeyId))
      .innerJoin(companies, eq(companies.id, apiKeys.companyId))
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
  if (row.tokenRevokedAt) {
    throw new ApiError(
      "invalid_token",
      "The token has been revoked (signed out); authenticate again",
    );
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw new ApiError("token_expired", "The token has expired; authenticate again");
  }
  return {
    grantId: row.grantId,
    apiKeyId: row.apiKeyId,
    companyId: row.companyId,
    companyName: row.companyName,
    pool: row.pool,
  };
}

export function requirePrivatePool(caller: Caller): void {
  if (caller.pool !== "private") {
    throw new ApiError(
      "forbidden_for_public_pool",
      "This operation needs a private pool key; public pool keys may only read",
    );
  }
}
