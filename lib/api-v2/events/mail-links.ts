import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { invitations, type outbox, users } from "@/lib/db/schema";

type OutboxRow = typeof outbox.$inferSelect;

/** Our addition: what became of a mail's one-use link. */
export type LinkState = "live" | "used" | "replaced" | "expired";
export type MailContext = {
  sentBy: { id: number; name: string } | null;
  linkState: LinkState | null;
};

/**
 * For a page of outbox mails: the teammate who sent each (named as they are now) and the state
 * of its link, read from the invitation the mail carries (written in the same transaction, so
 * the same address and the same instant). A link ended before its own expiry by a newer link
 * of the same person (a resend) is `replaced`: the mail still says it "works once, until …",
 * so the outbox says it no longer does. Mails with no link (candidate notices) have null.
 */
export async function mailContexts(
  db: Db,
  companyId: number,
  rows: { row: OutboxRow; to: string; expiresAt: string }[],
  now: Date,
): Promise<Map<number, MailContext>> {
  const out = new Map<number, MailContext>();
  if (rows.length === 0) return out;
  const actorIds = [...new Set(rows.map((r) => r.row.actorUserId).filter((id) => id !== null))];
  const addresses = [...new Set(rows.map((r) => r.to.toLowerCase()))];
  const [actors, links] = await Promise.all([
    actorIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: users.id, first: users.firstName, last: users.lastName })
          .from(users)
          .where(inArray(users.id, actorIds)),
    db
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.companyId, companyId),
          sql`lower(${invitations.email}) = any(${sql.param(addresses)}::text[])`,
        ),
      ),
  ]);
  for (const { row, to, expiresAt } of rows) {
    const actor = actors.find((a) => a.id === row.actorUserId);
    const link = links.find(
      (l) =>
        l.email.toLowerCase() === to.toLowerCase() &&
        l.createdAt.getTime() === row.createdAt.getTime(),
    );
    let linkState: LinkState | null = null;
    if (link) {
      const endedEarly = link.expiresAt.getTime() < new Date(expiresAt).getTime();
      const newer = links.some(
        (l) => l.userId === link.userId && l.purpose === link.purpose && l.id > link.id,
      );
      if (link.usedAt) linkState = "used";
      else if (endedEarly && newer) linkState = "replaced";
      else if (link.expiresAt <= now) linkState = "expired";
      else linkState = "live";
    }
    out.set(row.id, {
      sentBy: actor ? { id: actor.id, name: `${actor.first} ${actor.last}`.trim() } : null,
      linkState,
    });
  }
  return out;
}
