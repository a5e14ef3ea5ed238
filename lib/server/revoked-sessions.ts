import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { revokedSessions as table } from "@/lib/db/schema";
import type { RevokedSessions } from "@/lib/portal/server/session";

/**
 * The portal's signed-out sessions, in the `revoked_sessions` table every instance shares: one
 * primary-key lookup per signed-in request. Rows are kept until the cookie they name would have
 * expired anyway, then purged (lib/server/purge.ts).
 */
export const revokedSessions: RevokedSessions = {
  async isRevoked(sid) {
    const db = await getDb();
    const [row] = await db.select({ sid: table.sid }).from(table).where(eq(table.sid, sid));
    return row !== undefined;
  },
  async revoke(sid, until) {
    const db = await getDb();
    await db.insert(table).values({ sid, expiresAt: until }).onConflictDoNothing();
  },
};
