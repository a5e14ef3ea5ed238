import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";
import { outbox, webhooks } from "@/lib/db/schema";
import { env } from "@/lib/env";
import type { WebhookEvent } from "@/lib/schemas/webhook";
import { noticeJob } from "../messages/live-notify";
import { type InvitationMail, storedMail } from "./invitation-mail";

/**
 * Writers of the outbox. Each is called inside the transaction of the change it reports, so a
 * committed change always has its deliveries queued and a rolled-back one never does.
 */

type EventMeta = {
  companyId: number;
  event: WebhookEvent;
  now: Date;
  /** The teammate whose action this reports (our addition); recorded, never sent. */
  actorUserId?: number | null;
};

/** The events about a job request or its jobs: what the job page shows. */
type JobEvent = "job.state_changed" | "job_request.state_changed";

/**
 * An event about a job request or its jobs must say which (the type requires it): besides the
 * webhooks, it queues the live stream's `job` notice in the same transaction, so an open job
 * page hears every move the webhooks report, whether or not anyone subscribes to them.
 */
type LiveOf =
  | { event: Exclude<WebhookEvent, JobEvent>; live?: undefined }
  | { event: JobEvent; live: { jobRequestId: number; jobId?: number } };

type Subscription = { id: number; url: string };

/** The company's subscriptions that want the event. */
async function subscribersOf(tx: DbOrTx, e: EventMeta): Promise<Subscription[]> {
  const subs = await tx
    .select({ id: webhooks.id, url: webhooks.url, events: webhooks.events })
    .from(webhooks)
    .where(eq(webhooks.companyId, e.companyId));
  return subs.filter((s) => s.events.length === 0 || s.events.includes(e.event));
}

/**
 * One event's outbox rows: a delivery per subscription, sharing the event's id and body. The body
 * is serialised once: these exact bytes are signed and sent on every attempt.
 */
function deliveriesOf(e: EventMeta, subs: Subscription[], data: unknown) {
  const id = randomUUID();
  const body = JSON.stringify({ id, event: e.event, occurred_at: e.now.toISOString(), data });
  const rows = subs.map((s) => ({
    companyId: e.companyId,
    channel: "webhook" as const,
    eventId: id,
    event: e.event,
    webhookId: s.id,
    target: s.url,
    body,
    maxAttempts: 1 + env().WEBHOOK_RETRIES,
    nextAttemptAt: e.now,
    actorUserId: e.actorUserId ?? null,
    createdAt: e.now,
  }));
  return { id, rows };
}

/**
 * Queues one delivery of the event per matching subscription (and, for a job event, the live
 * stream's notice); returns the event id. `data` may
 * be a function: it is called only when some subscription wants the event, so a payload that
 * costs queries (a job with its worker and transitions) is built only for someone.
 */
export async function emitEvent(
  tx: DbOrTx,
  e: EventMeta & LiveOf & { data: unknown | (() => Promise<unknown>) },
): Promise<string | null> {
  if (e.live) await noticeJob(tx, { companyId: e.companyId, ...e.live });
  const matching = await subscribersOf(tx, e);
  if (matching.length === 0) return null;
  const data = typeof e.data === "function" ? await (e.data as () => Promise<unknown>)() : e.data;
  const { id, rows } = deliveriesOf(e, matching, data);
  await tx.insert(outbox).values(rows);
  return id;
}

/** Events per insert statement when many are queued at once (a statement's parameters are bounded). */
const EVENTS_PER_INSERT = 100;

/**
 * The same event about many records (every worker a badge was taken from), each its own event
 * with its own id, as one call per record would queue them. The subscriptions are read once;
 * `data` builds the payloads of one batch of records, called only when someone subscribes, so
 * a thousand workers cost a few statements, not a thousand, and never all payloads at once.
 */
export async function emitEvents<K>(
  tx: DbOrTx,
  e: EventMeta & { keys: K[]; data: (batch: K[]) => Promise<unknown[]> },
): Promise<number> {
  const matching = await subscribersOf(tx, e);
  if (matching.length === 0 || e.keys.length === 0) return 0;
  const perBatch = Math.max(1, Math.floor(EVENTS_PER_INSERT / matching.length));
  for (let i = 0; i < e.keys.length; i += perBatch) {
    const payloads = await e.data(e.keys.slice(i, i + perBatch));
    await tx
      .insert(outbox)
      .values(payloads.flatMap((data) => deliveriesOf(e, matching, data).rows));
  }
  return e.keys.length;
}

export async function enqueueMail(
  tx: DbOrTx,
  m: {
    companyId: number;
    event: string;
    mail: InvitationMail;
    now: Date;
    /** The teammate who sent it (our addition): the outbox says "Invited by …". */
    actorUserId?: number | null;
  },
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
    actorUserId: m.actorUserId ?? null,
    createdAt: m.now,
  });
}
