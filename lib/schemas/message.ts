import { z } from "zod";
import { BLANK, MAX_ID, pagingQuery, q, timestamp, withoutBlank } from "./common";

/** Documented bounds of a message. */
export const MESSAGE_LIMITS = {
  /** Characters of the text. */
  body: 2_000,
  /** Characters of the image URL. */
  imageUrl: 2_048,
} as const;

/** An id: a number or its digits; a missing one is blank, anything else not an id. */
const id = () =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, "must be an id"),
      ],
      {
        error: (i) => (i.input === undefined || i.input === null ? BLANK : "must be an id"),
      },
    )
    .pipe(
      z.coerce
        .number<string | number>()
        .int("must be an id")
        .min(1, "must be an id")
        .max(MAX_ID, "must be an id"),
    );

/**
 * `image_url`: https only (the client shows it; the server never fetches it), no user name or
 * password. Empty means none.
 */
const imageUrl = () =>
  z
    .string({ error: "must be a string" })
    .trim()
    .max(MESSAGE_LIMITS.imageUrl, `is too long (maximum is ${MESSAGE_LIMITS.imageUrl} characters)`)
    .nullable()
    .transform((v) => (v === "" ? null : v))
    .refine((v) => {
      if (v === null) return true;
      try {
        const u = new URL(v);
        return u.protocol === "https:" && !u.username && !u.password && /^https:\/\//i.test(v);
      } catch {
        return false;
      }
    }, "must be an https URL (without a user name or password)");

/** POST /messages: the reference's `message[...]` fields. */
export const createMessageBodySchema = z.object({
  body: z
    .string({
      error: (i) => (i.input === undefined || i.input === null ? BLANK : "must be a string"),
    })
    .trim()
    .min(1, BLANK)
    .max(MESSAGE_LIMITS.body, `is too long (maximum is ${MESSAGE_LIMITS.body} characters)`),
  job_id: id(),
  sender_id: id(),
  receiver_id: id(),
  image_url: imageUrl().optional(),
  read_at: timestamp().optional(),
});
export type CreateMessageBody = z.output<typeof createMessageBodySchema>;

/** PATCH /messages/:id (ours): read state only; null marks it unread again. */
export const updateMessageBodySchema = z.strictObject(
  { read_at: timestamp() },
  { error: (i) => (i.code === "unrecognized_keys" ? "only read_at can change" : undefined) },
);
export type UpdateMessageBody = z.output<typeof updateMessageBodySchema>;

/** POST /messages/mark_read (ours): every unread message of a job addressed to the company. */
export const markReadBodySchema = z.object({
  job_id: id(),
  receiver_id: id().optional(),
  /**
   * Only messages up to this id (the last one the reader was shown), so a mark sent as the
   * reader leaves cannot swallow a message that arrived after. Absent: every unread one.
   */
  up_to_id: id().optional(),
});
export type MarkReadBody = z.output<typeof markReadBodySchema>;

export const MESSAGE_ORDERS = ["desc", "asc"] as const;

export const listMessagesQuerySchema = z.preprocess(
  withoutBlank,
  z.object({
    ...pagingQuery,
    job_id: q.int(1, MAX_ID).optional(),
    sender_id: q.int(1, MAX_ID).optional(),
    receiver_id: q.int(1, MAX_ID).optional(),
    /** Ours: a posting's conversations. */
    job_request_id: q.int(1, MAX_ID).optional(),
    /** Ours: only the unread (read_at null). */
    unread: q.bool().optional(),
    /** Ours: `asc` reads a conversation top-down; newest first by default. */
    order: z.enum(MESSAGE_ORDERS, { error: "must be asc or desc" }).default("desc"),
  }),
);
export type ListMessagesQuery = z.output<typeof listMessagesQuerySchema>;

export const unreadMessagesQuerySchema = z.preprocess(
  withoutBlank,
  z.object({ job_request_id: q.int(1, MAX_ID).optional() }),
);
export type UnreadMessagesQuery = z.output<typeof unreadMessagesQuerySchema>;

export const messageStreamQuerySchema = z.preprocess(
  withoutBlank,
  z.object({ job_request_id: q.int(1, MAX_ID).optional() }),
);

/** The demo's worker reply (POST /jobs/:id/simulate with action `message`). */
export const simulateMessageBodySchema = z.object({
  action: z.literal("message"),
  body: createMessageBodySchema.shape.body,
});
