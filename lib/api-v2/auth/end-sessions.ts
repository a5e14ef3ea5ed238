import { and, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { tokens } from "@/lib/db/schema";

/**
 * Ends a person's sessions: every live token of theirs is revoked in one statement, inside the
 * caller's transaction, so the password change (or deactivation) and the sign-out commit
 * together. Every instance refuses them from the next request on (the token check reads the
 * database each time). `keep` spares one grant: the session that changed its own password.
 */
export async function endPersonSessions(
  tx: DbOrTx,
  userId: number,
  now: Date,
  keep?: number,
): Promise<number> {
  const revoked = await tx
    .update(tokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(tokens.userId, userId),
        isNull(tokens.revokedAt),
        keep === undefined ? undefined : ne(tokens.id, keep),
      ),
    )
    .returning({ id: tokens.id });
  return revoked.length;
}
