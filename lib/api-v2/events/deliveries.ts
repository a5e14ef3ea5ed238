import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { companies, outbox, outboxAttempts } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { notFound, validationError } from "../errors";
import { formatTimestamp } from "../format";
import { consumeRateLimit } from "../rate-limit";
import { openStoredMail, withoutInvitationLink } from "./invitation-mail";
import { mailContexts } from "./mail-links";
import { RESEND_LIMIT } from "./webhook-limits";

type OutboxRow = typeof outbox.$inferSelect;
type AttemptRow = typeof outboxAttempts.$inferSelect;

async function attemptsOf(db: DbOrTx, ids: number[]): Promise<Map<number, AttemptRow[]>> {
  const map = new Map<number, AttemptRow[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(outboxAttempts)
    .where(inArray(outboxAttempts.outboxId, ids))
    .orderBy(asc(outboxAttempts.outboxId), asc(outboxAttempts.attempt));
  for (const r of rows) map.set(r.outboxId, [...(map.get(r.outboxId) ?? []), r]);
  return map;
}

const serializeAttempt = (a: AttemptRow) => ({
  attempt: a.attempt,
  started_at: formatTimestamp(a.startedAt)!,
  latency_ms: a.latencyMs,
  ok: a.ok,
  status: a.status,
  error: a.error,
});

function serializeDelivery(r: OutboxRow, attempts: AttemptRow[]) {
  return {
    id: r.id,
    event_id: r.eventId,
    event: r.event,
    webhook_id: r.webhookId,
    url: r.target,
    state: r.state,
    attempts: r.attempts,
    max_attempts: r.maxAttempts,
    next_attempt_at: r.state === "pending" ? formatTimestamp(r.nextAttemptAt) : null,
    last_status: r.lastStatus,
    last_error: r.lastError,
    delivered_at: formatTimestamp(r.deliveredAt),
    created_at: formatTimestamp(r.createdAt)!,
    payload: JSON.parse(r.body) as unknown,
    attempt_log: attempts.map(serializeAttempt),
  };
}

/** One page of outbox rows, newest first, and how many match in all. */
async function outboxPage(db: DbOrTx, where: SQL | undefined, q: { page: number; per: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.id))
      .limit(q.per)
      .offset((q.page - 1) * q.per),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Webhook deliveries of the company, newest first, each with its attempts. */
export async function listDeliveries(
  db: Db,
  companyId: number,
  q: { page: number; per: number; state?: OutboxRow["state"]; webhook_id?: number },
) {
  const conds: SQL[] = [eq(outbox.companyId, companyId), eq(outbox.channel, "webhook")];
  if (q.state) conds.push(eq(outbox.state, q.state));
  if (q.webhook_id) conds.push(eq(outbox.webhookId, q.webhook_id));
  const where = and(...conds);
  // One snapshot for the rows, the total and the attempts: a delivery settled between two
  // separate reads came back "pending" with its finished attempt already in attempt_log.
  const { rows, total, attempts } = await db.transaction(
    async (tx) => {
      const page = await outboxPage(tx, where, q);
      const tried = await attemptsOf(
        tx,
        page.rows.map((r) => r.id),
      );
      return { ...page, attempts: tried };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  return {
    deliveries: rows.map((r) => serializeDelivery(r, attempts.get(r.id) ?? [])),
    page: q.page,
    per: q.per,
    total,
  };
}

/**
 * Sends a finished delivery (dead, or delivered) again, with a fresh set of retries. Its
 * earlier attempts stay on record; the body, and so the event id, is the same. Only a resend
 * that happens counts against RESEND_LIMIT (a refused one rolls its count back); the operator
 * passes `limited: false`.
 */
export async function resendDelivery(
  db: Db,
  companyId: number,
  id: number,
  now: Date,
  opts: { limited?: boolean } = {},
) {
  const row = await db.transaction(async (tx) => {
    if (opts.limited !== false) {
      const { perCompany, windowSeconds } = RESEND_LIMIT;
      await consumeRateLimit(
        tx,
        `webhook-resend:company:${companyId}`,
        perCompany,
        windowSeconds,
        now,
      );
    }
    const [updated] = await tx
      .update(outbox)
      .set({
        state: "pending",
        nextAttemptAt: now,
        maxAttempts: sqlAttemptsPlus(1 + env().WEBHOOK_RETRIES),
        leaseOwner: null,
        leaseUntil: null,
        deliveredAt: null,
      })
      .where(
        and(
          eq(outbox.id, id),
          eq(outbox.companyId, companyId),
          eq(outbox.channel, "webhook"),
          inArray(outbox.state, ["dead", "delivered"]),
        ),
      )
      .returning();
    if (updated) return updated;
    const [exists] = await tx
      .select({ state: outbox.state })
      .from(outbox)
      .where(
        and(eq(outbox.id, id), eq(outbox.companyId, companyId), eq(outbox.channel, "webhook")),
      );
    if (!exists) throw notFound("Delivery");
    throw validationError({ state: ["is pending: the delivery is still being tried"] });
  });
  const attempts = await attemptsOf(db, [row.id]);
  return serializeDelivery(row, attempts.get(row.id) ?? []);
}

const sqlAttemptsPlus = (n: number) => sql`${outbox.attempts} + ${n}`;

/**
 * The invitation e-mails of the company, newest first. Never another company's. The rendered
 * message is shown only when mail is kept in the database (no SMTP_URL): once mail really goes
 * out, it belongs to the worker's inbox alone. Its invitation link (and the token in it) is
 * shown only to the demo company, whose visitors must be able to open the invitation; for
 * every other company the link would let anyone with a private-pool key accept the invitation
 * in the worker's place, so it is listed as HIDDEN_LINK. The message rests sealed: one sealed
 * under another data key is listed without it.
 */
export async function listMails(
  db: Db,
  companyId: number,
  q: { page: number; per: number },
  now: Date,
) {
  const where = and(eq(outbox.companyId, companyId), eq(outbox.channel, "email"));
  const [{ rows, total }, [company]] = await Promise.all([
    outboxPage(db, where, q),
    db.select({ demo: companies.demo }).from(companies).where(eq(companies.id, companyId)),
  ]);
  const showBodies = !env().SMTP_URL;
  const showLinks = company?.demo === true;
  const opened = rows.map((r) => ({ row: r, ...openStoredMail(r.body) }));
  const context = await mailContexts(
    db,
    companyId,
    opened.map((o) => ({ row: o.row, to: o.meta.to, expiresAt: o.meta.expires_at })),
    now,
  );
  return {
    mails: opened.map(({ row: r, meta: m, content }) => {
      const body =
        showBodies && content ? (showLinks ? content : withoutInvitationLink(content)) : null;
      return {
        id: r.id,
        event: r.event,
        to: m.to,
        to_name: m.to_name,
        subject: m.subject,
        state: r.state,
        transport: r.transport,
        attempts: r.attempts,
        last_error: r.lastError,
        created_at: formatTimestamp(r.createdAt)!,
        delivered_at: formatTimestamp(r.deliveredAt),
        // The API's one timestamp format, as /invitations/inspect gives the same expiry.
        link_expires_at: formatTimestamp(new Date(m.expires_at)),
        body_available: body !== null,
        text: body?.text ?? null,
        html: body?.html ?? null,
        link: body?.link ?? null,
        // Ours: who sent it, and whether its link still works.
        sent_by: context.get(r.id)?.sentBy ?? null,
        link_state: context.get(r.id)?.linkState ?? null,
      };
    }),
    page: q.page,
    per: q.per,
    total,
  };
}
