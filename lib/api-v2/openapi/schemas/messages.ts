import { z } from "zod";
import { MESSAGE_LIMITS } from "@/lib/schemas/message";
import { ADDITION, listOf, nullableTimestamp, timestamp } from "./common";

/** Messages (the reference documents no response shape: this one is ours, its names the reference's). */

const ours = <T extends z.ZodType>(schema: T, description: string) =>
  schema.meta({ description: `${description}${ADDITION}`, "x-addition": true });

const partySchema = z
  .object({
    id: z.number().int(),
    type: z.enum(["Worker", "Employer"]),
    first_name: z.string(),
    last_name: z.string(),
  })
  .meta({
    id: "MessageParty",
    description: `A party to a message: the job's worker or an employer user of its company.${ADDITION}`,
  });

export const messageSchema = z
  .object({
    id: z.number().int(),
    job_id: z.number().int().meta({ description: "The job the message is about." }),
    sender_id: z.number().int().meta({ description: "User id of the sender." }),
    receiver_id: z.number().int().meta({ description: "User id of the receiver." }),
    body: z.string().min(1).max(MESSAGE_LIMITS.body),
    image_url: z.string().max(MESSAGE_LIMITS.imageUrl).nullable().meta({
      description: "An https URL of an image to show with the text; never fetched by us.",
    }),
    read_at: nullableTimestamp("When the message was read; null while unread."),
    created_at: timestamp(),
    updated_at: timestamp(),
    job_request_id: ours(z.number().int(), "The job's job request."),
    sender: ours(partySchema, "Who wrote it."),
    receiver: ours(partySchema, "Who it is for."),
  })
  .meta({
    id: "Message",
    description:
      "A message about a job, between the job's worker and a requestor (or admin) of its company: the original interface's fields, then our additions (job_request_id, sender, receiver).",
  });

export const messageEnvelopeSchema = z
  .object({ message: messageSchema })
  .meta({ id: "MessageEnvelope", description: 'One message, under the key "message".' });

export const messageListSchema = listOf(
  "messages",
  messageSchema,
  "MessageList",
  "messages, newest first (oldest first with order=asc)",
);

export const markedSchema = z
  .object({
    marked: z.number().int().min(0).meta({ description: "How many messages became read." }),
  })
  .meta({ id: "MessagesMarkedRead", description: `What mark_read changed.${ADDITION}` });

const countsById = (what: string) =>
  z.record(z.string().regex(/^\d+$/), z.number().int().min(1)).meta({
    description: `Unread messages by ${what} id; ids without unread messages are left out.`,
  });

export const unreadCountsSchema = z
  .object({
    total: z.number().int().min(0).meta({ description: "Unread messages from workers, in all." }),
    jobs: countsById("job"),
    job_requests: countsById("job request"),
  })
  .meta({
    id: "UnreadMessageCounts",
    description: `The company's unread messages from workers (read_at null), by job and by job request.${ADDITION}`,
  });
