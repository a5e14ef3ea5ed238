-- People (issue 26): employer users live in "users" beside workers (type 'Employer', with a
-- role and a title), as the reference has them: one id space and one e-mail uniqueness for both.
-- A job request's employer_id used to be a free integer that nothing checked: what does not name
-- an employer user is cleared before the foreign key is added.
UPDATE "job_requests" jr SET "employer_id" = NULL
  WHERE jr."employer_id" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = jr."employer_id" AND u."type" = 'Employer');--> statement-breakpoint
ALTER TABLE "tokens" ALTER COLUMN "api_key_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "purpose" text DEFAULT 'invitation' NOT NULL;--> statement-breakpoint
ALTER TABLE "tokens" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "users" SET "suspended_at" = "updated_at" WHERE "suspended";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "actor_user_id" integer;--> statement-breakpoint
ALTER TABLE "user_changes" ADD COLUMN "actor_user_id" integer;--> statement-breakpoint
ALTER TABLE "job_transitions" ADD COLUMN "actor_user_id" integer;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_changes" ADD CONSTRAINT "user_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_requests" ADD CONSTRAINT "job_requests_employer_id_users_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_transitions" ADD CONSTRAINT "job_transitions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tokens_user_idx" ON "tokens" USING btree ("user_id") WHERE "tokens"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "users_company_employers_idx" ON "users" USING btree ("company_id","id") WHERE "users"."type" = 'Employer';--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_one_holder" CHECK (("tokens"."api_key_id" is null) <> ("tokens"."user_id" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_type" CHECK ("users"."type" in ('Worker', 'Employer'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_employer_role" CHECK (("users"."type" = 'Employer') = ("users"."role" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_worker_phone" CHECK ("users"."type" <> 'Worker' or "users"."phone" is not null);--> statement-breakpoint
-- The pool's counter (migration 0003) counts workers: the whole-pool list pages over workers only.
CREATE OR REPLACE FUNCTION "company_user_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_user_counts" ("company_id", "users")
  SELECT "company_id", count(*) FROM "added" WHERE "type" = 'Worker' GROUP BY "company_id"
  ON CONFLICT ("company_id") DO UPDATE SET "users" = "company_user_counts"."users" + EXCLUDED."users";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "company_user_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "company_user_counts" AS c SET "users" = c."users" - r."n"
  FROM (SELECT "company_id", count(*) AS "n" FROM "removed" WHERE "type" = 'Worker' GROUP BY "company_id") AS r
  WHERE c."company_id" = r."company_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "company_user_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."type" <> 'Worker' THEN RETURN NULL; END IF;
  UPDATE "company_user_counts" SET "users" = "users" - 1 WHERE "company_id" = OLD."company_id";
  INSERT INTO "company_user_counts" ("company_id", "users") VALUES (NEW."company_id", 1)
  ON CONFLICT ("company_id") DO UPDATE SET "users" = "company_user_counts"."users" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE "company_user_counts" c SET "users" = (
  SELECT count(*) FROM "users" u WHERE u."company_id" = c."company_id" AND u."type" = 'Worker'
);