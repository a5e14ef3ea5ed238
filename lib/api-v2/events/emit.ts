import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { outbox, webhooks } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { WebhookEvent } from "@/lib/schemas/webhook";
import { type InvitationMail, storedMail } from "./invitation-mail";

/**
 * Writers of the outbox. Each is called inside the transaction of the change it reports, so a
 * committed change always has its deliveries queued and a rolled-back one never does.
 */

/**
 * Queues one delivery of the event per matching subscription; returns the event id. `data` may
 * be a function: it is called only when some subscription wants the event, so a payload that
 * costs queries (a job with its worker and transitions) is built only for someone.
 */
export async function emitEvent(
  tx: DbOrTx,
  e: {
    companyId: number;
    event: WebhookEvent;
    data: unknown | (() => Promise<unknown>);
    now: Date;
  },
): Promise<string | null> {
  const subs = await tx
    .select({ id: webhooks.id, url: webhooks.url, events: webhooks.events })
    .from(webhooks)
    .where(eq(webhooks.companyId, e.companyId));
  const matching = subs.filter((s) => s.events.length === 0 || s.events.includes(e.event));
  if (matching.length === 0) return null;
  const id = randomUUID();
  const data = typeof e.data === "function" ? await (e.data as () => Promise<unknown>)() : e.data;
  // Serialised once: these exact bytes are signed and sent on every attempt.
  const body = JSON.stringify({
    id,
    event: e.event,
    occurred_at: e.now.toISOString(),
    data,
  });
  await tx.insert(outbox).values(
    matching.map((s) => ({
      companyId: e.companyId,
      channel: "webhook" as const,
      eventId: id,
      event: e.event,
      webhookId: s.id,
      target: s.url,
      body,
      maxAttempts: 1 + env().WEBHOOK_RETRIES,
      nextAttemptAt: e.now,
      createdAt: e.now,
    })),
  );
  return id;
}

export async function enqueueMail(
  tx: DbOrTx,
  m: { companyId: number; event: string; mail: InvitationMail; now: Date },
): Promise<void> {
  await tx.insert(outbox).values({
    companyId: m.companyId,
    channel: "email",
    eventId: randomUUID(),
    event: m.event,
    target: m.mail.to,
    // Sealed: the message carries the single-use invitation link.
    body: storedMail(m.mail),
    maxAttempts: 1 + env().MAIL_RETRIES,
    nextAttemptAt: m.now,
    createdAt: m.now,
  });
}
