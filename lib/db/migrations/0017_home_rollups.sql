-- The home page's weekly figures kept as they change (issue 28): GET /home summed every posting
-- of eight weeks and counted each one's jobs (150 ms + 50 ms at 50,000 postings and 200,000 jobs).
-- A posting adds its figures to one row per (company, 15-minute bucket of its start, requestor,
-- category); every UTC offset in use is a whole number of quarter hours, so any time zone's local
-- weeks are whole runs of buckets, and the home page sums a few hundred rows instead.
-- A posting counts unless it is a draft or cancelled (docs/home.md); "filled" is a job in one of
-- FILLED_JOB_STATES (lib/schemas/home.ts). Triggers keep the rows in the statement that changes a
-- posting or its jobs; the API suite checks them against a recount from the tables.
-- employer_id 0: a posting with no requestor. No foreign keys: the rows are derived, and a row
-- whose last posting leaves is deleted by the same trigger.
CREATE TABLE "home_rollups" (
	"company_id" integer NOT NULL,
	"bucket" timestamp (3) with time zone NOT NULL,
	"employer_id" integer NOT NULL,
	"category" text NOT NULL,
	"postings" integer NOT NULL,
	"posted_slots" integer NOT NULL,
	"filled_slots" integer NOT NULL,
	"filled_jobs" integer NOT NULL,
	"no_shows" integer NOT NULL,
	"filled_minutes" bigint NOT NULL,
	"wage_minutes" numeric NOT NULL,
	CONSTRAINT "home_rollups_company_id_bucket_employer_id_category_pk" PRIMARY KEY("company_id","bucket","employer_id","category")
);--> statement-breakpoint
-- Adds (sign 1) or takes away (sign -1) one posting's figures, given its jobs' counts.
CREATE FUNCTION "home_rollup_apply"(r job_requests, filled integer, no_shows integer, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF r.start_time IS NULL OR r.state IN ('draft', 'cancelled') THEN
    RETURN;
  END IF;
  INSERT INTO home_rollups AS h (company_id, bucket, employer_id, category, postings, posted_slots,
    filled_slots, filled_jobs, no_shows, filled_minutes, wage_minutes)
  VALUES (r.company_id, date_bin('15 minutes', r.start_time, timestamptz '2000-01-01 00:00:00+00'),
    coalesce(r.employer_id, 0), coalesce(r.category, 'Uncategorized'), sign, sign * r.slots,
    sign * least(filled, r.slots), sign * filled, sign * no_shows,
    sign * filled::bigint * coalesce(r.duration, 0),
    sign * filled * coalesce(r.wage, r.w2_hourly_rate, 0) * coalesce(r.duration, 0))
  ON CONFLICT (company_id, bucket, employer_id, category) DO UPDATE SET
    postings = h.postings + excluded.postings,
    posted_slots = h.posted_slots + excluded.posted_slots,
    filled_slots = h.filled_slots + excluded.filled_slots,
    filled_jobs = h.filled_jobs + excluded.filled_jobs,
    no_shows = h.no_shows + excluded.no_shows,
    filled_minutes = h.filled_minutes + excluded.filled_minutes,
    wage_minutes = h.wage_minutes + excluded.wage_minutes;
  IF sign < 0 THEN
    DELETE FROM home_rollups h
    WHERE h.company_id = r.company_id
      AND h.bucket = date_bin('15 minutes', r.start_time, timestamptz '2000-01-01 00:00:00+00')
      AND h.employer_id = coalesce(r.employer_id, 0)
      AND h.category = coalesce(r.category, 'Uncategorized')
      AND h.postings = 0;
  END IF;
END $$;--> statement-breakpoint
-- A posting's jobs, counted: filled (FILLED_JOB_STATES) and no-shows.
CREATE FUNCTION "home_rollup_counts"(request_id integer, OUT filled integer, OUT no_shows integer) LANGUAGE sql STABLE AS $$
  SELECT count(*) FILTER (WHERE state IN ('filled', 'in_progress', 'paused', 'completed', 'approved'))::int,
    count(*) FILTER (WHERE state = 'no_show')::int
  FROM jobs WHERE job_request_id = request_id
$$;--> statement-breakpoint
CREATE FUNCTION "home_rollup_job_requests"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    c := home_rollup_counts(NEW.id);
    PERFORM home_rollup_apply(NEW, c.filled, c.no_shows, 1);
    RETURN NULL;
  END IF;
  c := home_rollup_counts(OLD.id);
  PERFORM home_rollup_apply(OLD, c.filled, c.no_shows, -1);
  IF TG_OP = 'UPDATE' THEN
    PERFORM home_rollup_apply(NEW, c.filled, c.no_shows, 1);
    RETURN NULL;
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "home_rollup_job_requests_insert" AFTER INSERT ON "job_requests"
  FOR EACH ROW EXECUTE FUNCTION "home_rollup_job_requests"();--> statement-breakpoint
-- Only the columns a posting's figures read; a move between two states that both count (posted,
-- filled, in progress, completed, ...) changes nothing.
CREATE TRIGGER "home_rollup_job_requests_update" AFTER UPDATE OF "state", "start_time", "company_id", "employer_id", "category", "slots", "duration", "wage", "w2_hourly_rate" ON "job_requests"
  FOR EACH ROW WHEN (
    (OLD.state IN ('draft', 'cancelled')) IS DISTINCT FROM (NEW.state IN ('draft', 'cancelled'))
    OR (OLD.start_time, OLD.company_id, OLD.employer_id, OLD.category, OLD.slots, OLD.duration, OLD.wage, OLD.w2_hourly_rate)
      IS DISTINCT FROM (NEW.start_time, NEW.company_id, NEW.employer_id, NEW.category, NEW.slots, NEW.duration, NEW.wage, NEW.w2_hourly_rate)
  ) EXECUTE FUNCTION "home_rollup_job_requests"();--> statement-breakpoint
-- Before the delete, while the posting's jobs (if a cascade ever removes them) still count.
CREATE TRIGGER "home_rollup_job_requests_delete" BEFORE DELETE ON "job_requests"
  FOR EACH ROW EXECUTE FUNCTION "home_rollup_job_requests"();--> statement-breakpoint
-- Jobs, once per statement (a statement may insert or move many jobs of one posting): for each
-- posting touched, its counts before the statement are its counts now less what the statement
-- added plus what it took away (df, dn); its figures move from the one to the other. Postings in
-- id order, so two statements lock their rows in the same order. A move between two states that
-- both count as filled changes nothing.
CREATE FUNCTION "home_rollup_move"(request_id integer, df integer, dn integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r job_requests;
  c record;
BEGIN
  -- The posting's row lock (the API's writers hold it already: request first, then job) makes
  -- two statements on one posting's jobs count one after the other, so "before" is exact even
  -- where a figure is not a plain sum (filled slots: at most the posting's slots).
  SELECT * INTO r FROM job_requests WHERE id = request_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  c := home_rollup_counts(request_id);
  PERFORM home_rollup_apply(r, c.filled + df, c.no_shows + dn, -1);
  PERFORM home_rollup_apply(r, c.filled, c.no_shows, 1);
END $$;--> statement-breakpoint
-- A transition table exists only for its own event, so each event has its own query.
CREATE FUNCTION "home_rollup_jobs"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  x record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR x IN
      SELECT job_request_id AS id,
        -count(*) FILTER (WHERE state IN ('filled', 'in_progress', 'paused', 'completed', 'approved'))::int AS df,
        -count(*) FILTER (WHERE state = 'no_show')::int AS dn
      FROM new_rows GROUP BY 1 ORDER BY 1
    LOOP
      CONTINUE WHEN x.df = 0 AND x.dn = 0;
      PERFORM home_rollup_move(x.id, x.df, x.dn);
    END LOOP;
  ELSIF TG_OP = 'DELETE' THEN
    FOR x IN
      SELECT job_request_id AS id,
        count(*) FILTER (WHERE state IN ('filled', 'in_progress', 'paused', 'completed', 'approved'))::int AS df,
        count(*) FILTER (WHERE state = 'no_show')::int AS dn
      FROM old_rows GROUP BY 1 ORDER BY 1
    LOOP
      CONTINUE WHEN x.df = 0 AND x.dn = 0;
      PERFORM home_rollup_move(x.id, x.df, x.dn);
    END LOOP;
  ELSE
    FOR x IN
      SELECT id, sum(df)::int AS df, sum(dn)::int AS dn FROM (
        SELECT job_request_id AS id,
          -(state IN ('filled', 'in_progress', 'paused', 'completed', 'approved'))::int AS df,
          -(state = 'no_show')::int AS dn
        FROM new_rows
        UNION ALL
        SELECT job_request_id,
          (state IN ('filled', 'in_progress', 'paused', 'completed', 'approved'))::int,
          (state = 'no_show')::int
        FROM old_rows
      ) changed GROUP BY id HAVING sum(df) <> 0 OR sum(dn) <> 0 ORDER BY id
    LOOP
      PERFORM home_rollup_move(x.id, x.df, x.dn);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "home_rollup_jobs_insert" AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "home_rollup_jobs"();--> statement-breakpoint
CREATE TRIGGER "home_rollup_jobs_update" AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "home_rollup_jobs"();--> statement-breakpoint
CREATE TRIGGER "home_rollup_jobs_delete" AFTER DELETE ON "jobs"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "home_rollup_jobs"();--> statement-breakpoint
-- The postings there are now.
INSERT INTO home_rollups (company_id, bucket, employer_id, category, postings, posted_slots,
  filled_slots, filled_jobs, no_shows, filled_minutes, wage_minutes)
SELECT jr.company_id, date_bin('15 minutes', jr.start_time, timestamptz '2000-01-01 00:00:00+00'),
  coalesce(jr.employer_id, 0), coalesce(jr.category, 'Uncategorized'), count(*), sum(jr.slots),
  sum(least(c.filled, jr.slots)), sum(c.filled), sum(c.no_shows),
  sum(c.filled::bigint * coalesce(jr.duration, 0)),
  sum(c.filled * coalesce(jr.wage, jr.w2_hourly_rate, 0) * coalesce(jr.duration, 0))
FROM job_requests jr, home_rollup_counts(jr.id) c
WHERE jr.start_time IS NOT NULL AND jr.state NOT IN ('draft', 'cancelled')
GROUP BY 1, 2, 3, 4;
