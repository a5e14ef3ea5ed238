import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db/client";

/**
 * The PostgreSQL channel every instance LISTENs on for what the live stream announces: message
 * changes and (our addition, issue 27) changes of job requests and their jobs. One channel, one
 * LISTEN per process, one stream per page; the notice's `type` says which event it becomes.
 */
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
    }
  | JobNotice;

/**
 * A job request or one of its jobs changed in a way the job page shows (a hire, a job's move,
 * the request's own change of state or fields): the page reads the request and its jobs again.
 * `job_id` is absent when the request itself changed.
 */
export type JobNotice = {
  type: "job";
  company_id: number;
  job_request_id: number;
  job_id?: number;
};

/**
 * Queues the notice in the caller's transaction: PostgreSQL delivers it to every listener when
 * (and only if) the transaction commits, so a stream never announces a message that was rolled
 * back, and every instance hears it.
 */
export async function noticeMessages(tx: DbOrTx, notice: MessageNotice): Promise<void> {
  await tx.execute(sql`select pg_notify(${MESSAGES_CHANNEL}, ${JSON.stringify(notice)})`);
}

/**
 * Queues a `job` notice in the caller's transaction (delivered on commit, dropped on rollback).
 * PostgreSQL folds identical notices of one transaction into one, so a request whose many jobs
 * are cancelled together announces the request once and each job once.
 */
export async function noticeJob(
  tx: DbOrTx,
  n: { companyId: number; jobRequestId: number; jobId?: number | null },
): Promise<void> {
  await noticeMessages(tx, {
    type: "job",
    company_id: n.companyId,
    job_request_id: n.jobRequestId,
    ...(n.jobId != null && { job_id: n.jobId }),
  });
}
