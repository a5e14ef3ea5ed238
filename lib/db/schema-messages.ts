import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

import { ts } from "./schema-columns";
import { companies, users } from "./schema-core";
import { jobRequests, jobs } from "./schema-jobs";

/**
 * A message about one job, between the job's worker and an employer user of its company (the
 * reference's `/messages`). `job_request_id` and `sender_type` are copied from the job and the
 * sender when the message is written (neither ever changes), so the lists by posting and the
 * unread counts (messages from the worker nobody has read) are answered by indexes alone.
 */
export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    jobId: integer("job_id")
      .notNull()
      .references(() => jobs.id),
    jobRequestId: integer("job_request_id")
      .notNull()
      .references(() => jobRequests.id),
    senderId: integer("sender_id")
      .notNull()
      .references(() => users.id),
    receiverId: integer("receiver_id")
      .notNull()
      .references(() => users.id),
    /** "Worker" or "Employer": the sender's type when the message was written. */
    senderType: text("sender_type", { enum: ["Worker", "Employer"] }).notNull(),
    body: text("body").notNull(),
    /** Shown by the client; never fetched by the server. */
    imageUrl: text("image_url"),
    readAt: ts("read_at"),
    /** The teammate who wrote it or marked it read with their own sign-in; null for key pairs. */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("messages_company_id_idx").on(t.companyId, t.id.desc().nullsFirst()),
    index("messages_job_idx").on(t.jobId, t.id),
    index("messages_job_request_idx").on(t.jobRequestId, t.id),
    index("messages_sender_idx").on(t.senderId, t.id),
    index("messages_receiver_idx").on(t.receiverId, t.id),
    // The unread counts: only unread messages from workers are in it, so it stays small.
    index("messages_unread_from_worker_idx")
      .on(t.companyId, t.jobRequestId, t.jobId)
      .where(sql`${t.readAt} is null and ${t.senderType} = 'Worker'`),
    check("messages_parties_differ", sql`${t.senderId} <> ${t.receiverId}`),
    check("messages_body_length", sql`char_length(${t.body}) between 1 and 2000`),
    check("messages_image_url_length", sql`char_length(${t.imageUrl}) <= 2048`),
  ],
);
