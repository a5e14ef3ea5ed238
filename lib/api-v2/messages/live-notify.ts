import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";

/** The PostgreSQL channel every instance LISTENs on for message changes. */
export const MESSAGES_CHANNEL = "messages";
/** The channel the grant triggers (migration 0010) write to when a token, key or person ends. */
export const GRANTS_CHANNEL = "grants_ended";

/**
 * What rides a notification: ids only (the stream never carries a body; a client refetches
 * through the API, which checks access again).
 */
export type MessageNotice =
  | { type: "message"; company_id: number; job_id: number; job_request_id: number; id: number }
  | {
      type: "read";
      company_id: number;
      job_id: number;
      job_request_id: number;
      /** The message whose read state changed (PATCH); absent when many did (mark_read). */
      id?: number;
      marked?: number;
    };

/**
 * Queues the notice in the caller's transaction: PostgreSQL delivers it to every listener when
 * (and only if) the transaction commits, so a stream never announces a message that was rolled
 * back, and every instance hears it.
 */
export async function noticeMessages(tx: DbOrTx, notice: MessageNotice): Promise<void> {
  await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, ${JSON.stringify(notice)})`);
}
