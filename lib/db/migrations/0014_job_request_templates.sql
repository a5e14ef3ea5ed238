CREATE TABLE "job_request_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "job_request_templates_name_length" CHECK (char_length("job_request_templates"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "job_request_templates" ADD CONSTRAINT "job_request_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_request_templates" ADD CONSTRAINT "job_request_templates_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_request_templates_company_name_key" ON "job_request_templates" USING btree ("company_id",lower("name"));
