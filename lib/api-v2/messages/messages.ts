import { and, asc, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db, DbOrTx } from "@/lib/db/client";
import { messages } from "@/lib/db/schema";
import type { ListMessagesQuery } from "@/lib/schemas/message";
import type { Caller } from "../caller";
import { notFound } from "../errors";
import { paging } from "../format";
import { type MessageOut, selectMessages, serializeMessage } from "./serialize-message";

/**
 * GET /messages: the company's messages, newest first (`order=asc`, ours, reads a conversation
 * top-down), filtered by job, sender, receiver and (ours) job request and read state.
 */
export async function listMessages(db: Db, caller: Caller, q: ListMessagesQuery) {
  const where = and(
    eq(messages.companyId, caller.companyId),
    q.job_id !== undefined ? eq(messages.jobId, q.job_id) : undefined,
    q.sender_id !== undefined ? eq(messages.senderId, q.sender_id) : undefined,
    q.receiver_id !== undefined ? eq(messages.receiverId, q.receiver_id) : undefined,
    q.job_request_id !== undefined ? eq(messages.jobRequestId, q.job_request_id) : undefined,
    q.unread === true ? isNull(messages.readAt) : undefined,
    q.unread === false ? isNotNull(messages.readAt) : undefined,
  );
  const { limit, offset } = paging(q.page, q.per);
  const [rows, totals] = await Promise.all([
    selectMessages(db)
      .where(where)
      .orderBy(q.order === "asc" ? asc(messages.id) : desc(messages.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return {
    messages: rows.map((x) => serializeMessage(x.m, x.s, x.r)),
    page: q.page,
    per: q.per,
    total: Number(totals[0]?.n ?? 0),
  };
}

/** One message of the caller's company; another company's is as unknown as a missing one. */
export async function findMessage(db: DbOrTx, caller: Caller, id: number): Promise<MessageOut> {
  const [x] = await selectMessages(db)
    .where(and(eq(messages.id, id), eq(messages.companyId, caller.companyId)))
    .limit(1);
  if (!x) throw notFound("Message");
  return serializeMessage(x.m, x.s, x.r);
}
