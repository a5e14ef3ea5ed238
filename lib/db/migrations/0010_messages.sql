CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"job_request_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"sender_type" text NOT NULL,
	"body" text NOT NULL,
	"image_url" text,
	"read_at" timestamp (3) with time zone,
	"actor_user_id" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "messages_parties_differ" CHECK ("messages"."sender_id" <> "messages"."receiver_id"),
	CONSTRAINT "messages_body_length" CHECK (char_length("messages"."body") between 1 and 2000),
	CONSTRAINT "messages_image_url_length" CHECK (char_length("messages"."image_url") <= 2048)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_job_request_id_job_requests_id_fk" FOREIGN KEY ("job_request_id") REFERENCES "public"."job_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_company_id_idx" ON "messages" USING btree ("company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_job_idx" ON "messages" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "messages_job_request_idx" ON "messages" USING btree ("job_request_id","id");--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id","id");--> statement-breakpoint
CREATE INDEX "messages_receiver_idx" ON "messages" USING btree ("receiver_id","id");--> statement-breakpoint
CREATE INDEX "messages_unread_from_worker_idx" ON "messages" USING btree ("company_id","job_request_id","job_id") WHERE "messages"."read_at" is null and "messages"."sender_type" = 'Worker';--> statement-breakpoint
-- The live message stream (GET /api_v2/messages/stream) ends the moment its grant does, on every
-- instance: whatever ends a grant (sign-out, a password change, deactivating a teammate,
-- revoking a key pair) writes one of these columns, and the trigger tells every listener.
CREATE FUNCTION "notify_grant_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('grants_ended', json_build_object('kind', TG_ARGV[0], 'id', NEW.id)::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "tokens_grant_ended" AFTER UPDATE OF "revoked_at" ON "tokens" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "notify_grant_ended"('token');--> statement-breakpoint
CREATE TRIGGER "api_keys_grant_ended" AFTER UPDATE OF "revoked_at" ON "api_keys" FOR EACH ROW WHEN (OLD."revoked_at" IS NULL AND NEW."revoked_at" IS NOT NULL) EXECUTE FUNCTION "notify_grant_ended"('api_key');--> statement-breakpoint
CREATE TRIGGER "users_grant_ended" AFTER UPDATE OF "suspended" ON "users" FOR EACH ROW WHEN (NOT OLD."suspended" AND NEW."suspended") EXECUTE FUNCTION "notify_grant_ended"('user');
