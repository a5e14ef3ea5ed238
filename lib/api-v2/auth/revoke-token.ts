import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { tokens } from "@/lib/db/schema";
import type { Caller } from "../caller";

/**
 * Sign-out: the token the call came with is refused from now on (401 `invalid_token`), on
 * every instance, since they share the database. Other tokens of the same key stay valid.
 * Revoking twice is no error: the second call never gets this far (the token is refused).
 */
export async function revokeToken(db: Db, caller: Caller, now: Date): Promise<void> {
  if (caller.grantId === undefined) return;
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.id, caller.grantId), isNull(tokens.revokedAt)));
}
