-- The home page and the calendar (issue 28): a company's postings by start time (the home
-- page's days and weeks, the calendar's week and month), its completed jobs waiting for
-- approval, the invitations nobody has accepted yet, and each posting's jobs by state (the
-- fill of every posting in a week, counted from the index alone).
CREATE INDEX "job_requests_company_start_idx" ON "job_requests" USING btree ("company_id","start_time");--> statement-breakpoint
CREATE INDEX "job_requests_employer_start_idx" ON "job_requests" USING btree ("employer_id","start_time") WHERE "job_requests"."employer_id" is not null;--> statement-breakpoint
CREATE INDEX "jobs_request_state_idx" ON "jobs" USING btree ("job_request_id","state");--> statement-breakpoint
CREATE INDEX "jobs_company_completed_idx" ON "jobs" USING btree ("company_id","completed_at","id") WHERE "jobs"."state" = 'completed';--> statement-breakpoint
CREATE INDEX "users_company_pending_idx" ON "users" USING btree ("company_id","type","invitation_expires_at") WHERE "users"."password_hash" is null and "users"."invitation_expires_at" is not null;
