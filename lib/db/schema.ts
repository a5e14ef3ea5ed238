/**
 * The one PostgreSQL schema (drizzle), in parts along its seams: the companies, keys,
 * workers and badges; the job requests and jobs; the events (webhooks, the outbox, the
 * workers' change history); the messages. Import from here; drizzle-kit reads the schema from
 * here too.
 */
export * from "./schema-core";
export * from "./schema-events";
export * from "./schema-jobs";
export * from "./schema-messages";
