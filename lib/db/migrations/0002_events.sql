CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"channel" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"webhook_id" integer,
	"target" text NOT NULL,
	"body" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"next_attempt_at" timestamp (3) with time zone NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp (3) with time zone,
	"last_status" integer,
	"last_error" text,
	"transport" text,
	"delivered_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"outbox_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"latency_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"status" integer,
	"error" text,
	"dispatcher" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"api_key_id" integer,
	"company_id" integer,
	"actor" text NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"badges_added" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"badges_removed" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"url" text NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"api_key_id" integer,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "secret_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_attempts" ADD CONSTRAINT "outbox_attempts_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_changes" ADD CONSTRAINT "user_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_changes" ADD CONSTRAINT "user_changes_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_changes" ADD CONSTRAINT "user_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_company_channel_idx" ON "outbox" USING btree ("company_id","channel","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_attempts_outbox_attempt_key" ON "outbox_attempts" USING btree ("outbox_id","attempt");--> statement-breakpoint
CREATE INDEX "user_changes_user_idx" ON "user_changes" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "webhooks_company_url_key" ON "webhooks" USING btree ("company_id","url");