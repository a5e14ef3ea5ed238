import { and, count, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { jobs, messages } from "@/lib/db/schema";
import type { MarkReadBody, UnreadMessagesQuery, UpdateMessageBody } from "@/lib/schemas/message";
import type { Caller } from "../caller";
import { notFound, validationError } from "../errors";
import { noticeMessages } from "./live-notify";
import { findMessage } from "./messages";
import type { MessageOut } from "./serialize-message";

/**
 * PATCH /messages/:id (ours): sets or clears `read_at`, the one field that changes after a
 * message is written. The conversation is the company's, so anyone who may read it may mark it.
 */
export async function updateMessage(
  db: Db,
  caller: Caller,
  id: number,
  body: UpdateMessageBody,
  now: Date,
): Promise<MessageOut> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(messages)
      .set({ readAt: body.read_at, updatedAt: now, actorUserId: caller.person?.id ?? null })
      .where(and(eq(messages.id, id), eq(messages.companyId, caller.companyId)))
      .returning({ jobId: messages.jobId, jobRequestId: messages.jobRequestId });
    if (!row) throw notFound("Message");
    await noticeMessages(tx, {
      type: "read",
      company_id: caller.companyId,
      job_id: row.jobId,
      job_request_id: row.jobRequestId,
      id,
    });
    return findMessage(tx, caller, id);
  });
}

/**
 * POST /messages/mark_read (ours): every unread message of the job addressed to the company
 * (from its worker), or to `receiver_id` when given, read now, in one statement; `{marked: n}`.
 * With `up_to_id`, only those up to it: what the reader was shown, not what arrived since.
 * Another company's job is refused as one that does not exist (422 on job_id).
 */
export async function markRead(
  db: Db,
  caller: Caller,
  body: MarkReadBody,
  now: Date,
): Promise<{ marked: number }> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({ id: jobs.id, jobRequestId: jobs.jobRequestId })
      .from(jobs)
      .where(and(eq(jobs.id, body.job_id), eq(jobs.companyId, caller.companyId)));
    if (!job) throw validationError({ job_id: ["does not exist"] });
    const marked = await tx
      .update(messages)
      .set({ readAt: now, updatedAt: now, actorUserId: caller.person?.id ?? null })
      .where(
        and(
          eq(messages.companyId, caller.companyId),
          eq(messages.jobId, job.id),
          isNull(messages.readAt),
          body.receiver_id !== undefined
            ? eq(messages.receiverId, body.receiver_id)
            : eq(messages.senderType, "Worker"),
          body.up_to_id !== undefined ? lte(messages.id, body.up_to_id) : undefined,
        ),
      )
      .returning({ id: messages.id });
    if (marked.length > 0) {
      await noticeMessages(tx, {
        type: "read",
        company_id: caller.companyId,
        job_id: job.id,
        job_request_id: job.jobRequestId,
        marked: marked.length,
      });
    }
    return { marked: marked.length };
  });
}

export type UnreadCounts = {
  total: number;
  jobs: Record<string, number>;
  job_requests: Record<string, number>;
};

/**
 * GET /messages/unread (ours): the company's messages from workers that nobody has read, by
 * job and by job request. One grouped scan of the partial index that holds exactly them.
 */
export async function unreadCounts(
  db: Db,
  caller: Caller,
  q: UnreadMessagesQuery,
): Promise<UnreadCounts> {
  const rows = await db
    .select({ jobRequestId: messages.jobRequestId, jobId: messages.jobId, n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, caller.companyId),
        isNull(messages.readAt),
        sql`${messages.senderType} = 'Worker'`,
        q.job_request_id !== undefined ? eq(messages.jobRequestId, q.job_request_id) : undefined,
      ),
    )
    .groupBy(messages.jobRequestId, messages.jobId)
    .orderBy(messages.jobRequestId, messages.jobId);
  const out: UnreadCounts = { total: 0, jobs: {}, job_requests: {} };
  for (const r of rows) {
    const n = Number(r.n);
    out.total += n;
    out.jobs[String(r.jobId)] = n;
    out.job_requests[String(r.jobRequestId)] = (out.job_requests[String(r.jobRequestId)] ?? 0) + n;
  }
  return out;
}
