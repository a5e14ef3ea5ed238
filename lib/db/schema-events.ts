import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { ts } from "./schema-columns";
import { apiKeys, companies, users } from "./schema-core";

/** Per-company webhook subscriptions. `events` empty = every event. */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    url: text("url").notNull(),
    events: text("events").array().notNull().default(sql`'{}'::text[]`),
    /** The key whose secret signs deliveries (falls back to the company's newest active key). */
    apiKeyId: integer("api_key_id").references(() => apiKeys.id),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("webhooks_company_url_key").on(t.companyId, t.url)],
);

/**
 * The outbox: every e-mail and webhook delivery, written in the same transaction as the change
 * that causes it, then delivered (at least once) by the dispatcher. A row is claimed with a
 * lease (FOR UPDATE SKIP LOCKED), so several dispatchers never work on the same row at once.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id),
    channel: text("channel", { enum: ["email", "webhook"] }).notNull(),
    /** The event's id: the `id` of the webhook body; shared by the deliveries of one event. */
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    webhookId: integer("webhook_id").references(() => webhooks.id, { onDelete: "set null" }),
    /** Webhook URL or e-mail address. */
    target: text("target").notNull(),
    /** Webhook: the exact body bytes that are signed. E-mail: the rendered message as JSON. */
    body: text("body").notNull(),
    state: text("state", { enum: ["pending", "delivered", "dead"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull(),
    nextAttemptAt: ts("next_attempt_at").notNull(),
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    /** Who caused it, in person (an employer user signed in with a password); null otherwise. */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** E-mail: "smtp" or "database" (kept for the demo outbox). */
    transport: text("transport"),
    deliveredAt: ts("delivered_at"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [
    index("outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index("outbox_company_channel_idx").on(t.companyId, t.channel, t.id.desc().nullsFirst()),
  ],
);

/** Every delivery attempt: when, how long, what came back. One row per (delivery, attempt). */
export const outboxAttempts = pgTable(
  "outbox_attempts",
  {
    id: serial("id").primaryKey(),
    outboxId: integer("outbox_id")
      .notNull()
      .references(() => outbox.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: ts("started_at").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    ok: boolean("ok").notNull(),
    status: integer("status"),
    error: text("error"),
    dispatcher: text("dispatcher").notNull(),
  },
  (t) => [uniqueIndex("outbox_attempts_outbox_attempt_key").on(t.outboxId, t.attempt)],
);

/** A worker's change history: who changed what, from what to what, and badges added/removed. */
export const userChanges = pgTable(
  "user_changes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `personal_data_revealed` (ours): someone read the full SSN on purpose; no value kept. */
    kind: text("kind", {
      enum: ["invited", "updated", "invitation_accepted", "personal_data_revealed"],
    }).notNull(),
    /** The key that made the change; null for the worker themself or the operator. */
    apiKeyId: integer("api_key_id").references(() => apiKeys.id),
    companyId: integer("company_id").references(() => companies.id),
    actor: text("actor", { enum: ["api_key", "worker", "operator", "employer"] }).notNull(),
    /** The person (an employer user) who made the change with their own sign-in; null otherwise. */
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    occurredAt: ts("occurred_at").notNull(),
    changes: jsonb("changes").notNull().default(sql`'{}'::jsonb`),
    badgesAdded: jsonb("badges_added").notNull().default(sql`'[]'::jsonb`),
    badgesRemoved: jsonb("badges_removed").notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [index("user_changes_user_idx").on(t.userId, t.id.desc().nullsFirst())],
);
