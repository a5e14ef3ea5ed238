-- Multi-day job requests (issue 27): the reference's umbrella over a series of job requests.
-- job_requests.multi_day_job_request_id used to be a free integer that nothing checked: what
-- names no series is cleared before the foreign key is added.
CREATE TABLE "multi_day_job_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"repeat_type" text NOT NULL,
	"repeat_number" integer NOT NULL,
	"same_workers" boolean DEFAULT false NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "multi_day_job_requests_repeat_type_check" CHECK ("multi_day_job_requests"."repeat_type" in ('daily', 'weekly')),
	CONSTRAINT "multi_day_job_requests_repeat_number_check" CHECK ("multi_day_job_requests"."repeat_number" between 1 and 31)
);
--> statement-breakpoint
ALTER TABLE "multi_day_job_requests" ADD CONSTRAINT "multi_day_job_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multi_day_job_requests" ADD CONSTRAINT "multi_day_job_requests_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "multi_day_job_requests_company_idx" ON "multi_day_job_requests" USING btree ("company_id","id");--> statement-breakpoint
UPDATE "job_requests" SET "multi_day_job_request_id" = NULL WHERE "multi_day_job_request_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD CONSTRAINT "job_requests_multi_day_fk" FOREIGN KEY ("multi_day_job_request_id") REFERENCES "public"."multi_day_job_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_requests_multi_day_idx" ON "job_requests" USING btree ("multi_day_job_request_id","start_time");