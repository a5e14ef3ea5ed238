-- The ranking measures distance in the database: earthdistance (on cube) for the points, and
-- btree_gist so one GiST index holds the company and the point together. All three are
-- contrib extensions present both in PGlite and on a PostgreSQL server (no PostGIS needed).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "job_request_badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_request_id" integer NOT NULL,
	"badge_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_transitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"name" text NOT NULL,
	"from_state" text,
	"actor" text NOT NULL,
	"latitude" numeric(10, 7),
	"longitude" numeric(10, 7),
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "job_categories" text[] DEFAULT array['Fulfillment / Warehousing', 'General Labor', 'Administrative', 'Customer Service', 'Event Staff', 'Delivery', 'Merchandising', 'Brand Representative']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "employer_id" integer;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "description_tasks" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "description_company" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "description_travel" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "description_skills" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "description_contact" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "description_arrival" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "slots" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "start_time" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "duration" integer;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "timezone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "wage" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "classification" text DEFAULT '1099' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "w2_hourly_rate" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "venue" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "country" text DEFAULT 'US' NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "latitude" numeric(10, 7);--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "longitude" numeric(10, 7);--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "preferred_candidate_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "ban_list" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "notification_distance" integer;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "open_request" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "multi_day" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "multi_day_job_request_id" integer;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "push_all_notifications_asap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "use_pending_state" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "can" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "agent_code" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "organizational_path" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "flag_color" text;--> statement-breakpoint
ALTER TABLE "job_requests" ADD COLUMN "posted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "requestor_notes" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "confirmed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "started_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "completed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "finished_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cancelled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "cancelled_reason" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "actual_duration" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "adjusted_wage" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "w2_payment_ref" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "w2_pay_status" text;--> statement-breakpoint
ALTER TABLE "job_request_badges" ADD CONSTRAINT "job_request_badges_job_request_id_job_requests_id_fk" FOREIGN KEY ("job_request_id") REFERENCES "public"."job_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_request_badges" ADD CONSTRAINT "job_request_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_transitions" ADD CONSTRAINT "job_transitions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_request_badges_request_badge_key" ON "job_request_badges" USING btree ("job_request_id","badge_id");--> statement-breakpoint
CREATE INDEX "job_request_badges_badge_idx" ON "job_request_badges" USING btree ("badge_id");--> statement-breakpoint
CREATE INDEX "job_transitions_job_idx" ON "job_transitions" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "job_requests_company_state_idx" ON "job_requests" USING btree ("company_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_request_user_key" ON "jobs" USING btree ("job_request_id","user_id");--> statement-breakpoint
CREATE INDEX "users_company_rank_point_idx" ON "users" USING gist ("company_id",(ll_to_earth(coalesce(latitude, home_latitude)::float8, coalesce(longitude, home_longitude)::float8)));--> statement-breakpoint
-- Jobs made before transitions were recorded get one line for the state they are in.
INSERT INTO "job_transitions" ("job_id", "name", "from_state", "actor", "created_at")
SELECT "id", "state", NULL, 'system', "updated_at" FROM "jobs";
