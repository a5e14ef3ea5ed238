import { eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/lib/db/client";
import { messages, users } from "@/lib/db/schema";
import { formatTimestamp } from "../format";

export type MessageRow = typeof messages.$inferSelect;

const sender = alias(users, "sender");
const receiver = alias(users, "receiver");

/** A message's party as its record shows them (ours): enough to label a conversation. */
export type MessageParty = {
  id: number;
  type: "Worker" | "Employer";
  first_name: string;
  last_name: string;
};

/** The message record: the reference's fields in its order, then ours (job_request_id, the parties). */
export type MessageOut = {
  id: number;
  job_id: number;
  sender_id: number;
  receiver_id: number;
  body: string;
  image_url: string | null;
  read_at: string | null;
  created_at: string;
  updated_at: string;
  job_request_id: number;
  sender: MessageParty;
  receiver: MessageParty;
};

type Person = { id: number; type: string; firstName: string; lastName: string };

const party = (p: Person): MessageParty => ({
  id: p.id,
  type: p.type === "Employer" ? "Employer" : "Worker",
  first_name: p.firstName,
  last_name: p.lastName,
});

export function serializeMessage(m: MessageRow, s: Person, r: Person): MessageOut {
  return {
    id: m.id,
    job_id: m.jobId,
    sender_id: m.senderId,
    receiver_id: m.receiverId,
    body: m.body,
    image_url: m.imageUrl,
    read_at: formatTimestamp(m.readAt),
    created_at: formatTimestamp(m.createdAt)!,
    updated_at: formatTimestamp(m.updatedAt)!,
    job_request_id: m.jobRequestId,
    sender: party(s),
    receiver: party(r),
  };
}

/** Messages with their parties, in one statement: the base query every read builds on. */
export function selectMessages(db: DbOrTx) {
  return db
    .select({
      m: messages,
      s: {
        id: sender.id,
        type: sender.type,
        firstName: sender.firstName,
        lastName: sender.lastName,
      },
      r: {
        id: receiver.id,
        type: receiver.type,
        firstName: receiver.firstName,
        lastName: receiver.lastName,
      },
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(receiver, eq(receiver.id, messages.receiverId));
}

/** The records of the messages matching `where`, by id (the read-state changes answer with them). */
export async function messagesWhere(db: DbOrTx, where: SQL | undefined): Promise<MessageOut[]> {
  const rows = await selectMessages(db).where(where ?? sql`true`);
  return rows.map((x) => serializeMessage(x.m, x.s, x.r));
}
