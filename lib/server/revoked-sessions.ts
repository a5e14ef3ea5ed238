import "server-only";
import { eq, sql } from "drizzle-orm";
import { type Db, getDb } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { revokedSessions as table } from "@/lib/db/schema";
import type { RevokedSessions } from "@/lib/portal/server/session";

/**
 * The portal's signed-out sessions, in the `revoked_sessions` table every instance shares: one
 * primary-key lookup per signed-in request. Rows are kept until the cookie they name would have
 * expired anyway, then purged (lib/server/purge.ts). The lookup is a prepared statement.
 */
const bySid = (db: Db) =>
  prepared(db, "revoked_session_by_sid", () =>
    db
      .select({ sid: table.sid })
      .from(table)
      .where(eq(table.sid, sql.placeholder("sid")))
      .prepare("revoked_session_by_sid"),
  );

export const revokedSessions: RevokedSessions = {
  async isRevoked(sid) {
    const [row] = await bySid(await getDb()).execute({ sid });
    return row !== undefined;
  },
  async revoke(sid, until) {
    const db = await getDb();
    await db.insert(table).values({ sid, expiresAt: until }).onConflictDoNothing();
  },
};
