CREATE TABLE "job_request_counts" (
	"company_id" integer NOT NULL,
	"state" text NOT NULL,
	"backend" integer NOT NULL,
	"requests" bigint NOT NULL,
	CONSTRAINT "job_request_counts_company_id_state_backend_pk" PRIMARY KEY("company_id","state","backend")
);
--> statement-breakpoint
-- The job request list's `total` (issue 29): count(*) over a company's postings grew with them
-- (10,000 -> 100,000 postings: list p50 3.3x). These rows keep the count per company and state,
-- in the statement that changes a posting, so the list adds up a few rows instead.
--
-- Sharded by writer: each change is added to the row of the backend that makes it
-- (pg_backend_pid(); one transaction runs on one backend, behind PgBouncer's transaction mode
-- too), so two transactions never touch the same row and never wait on each other or deadlock,
-- however many hires move requests between states at once. A company's figure is the sum of its
-- rows for a state (a backend's row may be negative: it counts what that backend changed).
-- fold_job_request_counts() (the server's minute sweep) folds other backends' rows into backend 0
-- so the rows stay few as connections come and go. The API suite checks the sums against a
-- recount from job_requests.
INSERT INTO "job_request_counts" ("company_id", "state", "backend", "requests")
SELECT "company_id", "state", 0, count(*) FROM "job_requests" GROUP BY "company_id", "state";--> statement-breakpoint
-- Each trigger adds its statement's change per (company, state) to this backend's rows; the
-- update trigger writes only the pairs whose sum moved (most updates leave the state alone).
CREATE FUNCTION "job_request_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_request_counts AS c (company_id, state, backend, requests)
  SELECT company_id, state, pg_backend_pid(), count(*) FROM added GROUP BY company_id, state
  ON CONFLICT (company_id, state, backend) DO UPDATE SET requests = c.requests + excluded.requests;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "job_request_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_request_counts AS c (company_id, state, backend, requests)
  SELECT company_id, state, pg_backend_pid(), -count(*) FROM removed GROUP BY company_id, state
  ON CONFLICT (company_id, state, backend) DO UPDATE SET requests = c.requests + excluded.requests;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every UPDATE statement (a trigger with transition tables takes no column list): the old rows
-- out, the new rows in.
CREATE FUNCTION "job_request_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_request_counts AS c (company_id, state, backend, requests)
  SELECT company_id, state, pg_backend_pid(), sum(n)
  FROM (
    SELECT company_id, state, -1 AS n FROM removed
    UNION ALL
    SELECT company_id, state, 1 FROM added
  ) AS d
  GROUP BY company_id, state
  HAVING sum(n) <> 0
  ON CONFLICT (company_id, state, backend) DO UPDATE SET requests = c.requests + excluded.requests;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "job_requests_counted_insert" AFTER INSERT ON "job_requests"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "job_request_counts_insert"();--> statement-breakpoint
CREATE TRIGGER "job_requests_counted_delete" AFTER DELETE ON "job_requests"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "job_request_counts_delete"();--> statement-breakpoint
CREATE TRIGGER "job_requests_counted_update" AFTER UPDATE ON "job_requests"
  REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added" FOR EACH STATEMENT
  EXECUTE FUNCTION "job_request_counts_update"();--> statement-breakpoint
-- Folds other backends' rows into backend 0, one fold at a time (every instance's sweep may call
-- it). It never waits: a row a running transaction holds is skipped (SKIP LOCKED) and folded by a
-- later sweep. A transaction that meets a row the fold is deleting waits for the fold's commit,
-- and the fold waits for nothing, so no deadlock. Returns the rows folded.
CREATE FUNCTION "fold_job_request_counts"(batch integer DEFAULT 10000) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('fold_job_request_counts')) THEN
    RETURN 0;
  END IF;
  WITH picked AS (
    SELECT company_id, state, backend FROM job_request_counts
    WHERE backend <> 0 AND backend <> pg_backend_pid()
    ORDER BY company_id, state, backend
    LIMIT batch
    FOR UPDATE SKIP LOCKED
  ), gone AS (
    DELETE FROM job_request_counts c USING picked p
    WHERE c.company_id = p.company_id AND c.state = p.state AND c.backend = p.backend
    RETURNING c.company_id, c.state, c.requests
  ), summed AS (
    SELECT company_id, state, sum(requests) AS n, count(*) AS rows FROM gone GROUP BY company_id, state
  ), kept AS (
    INSERT INTO job_request_counts AS c (company_id, state, backend, requests)
    SELECT company_id, state, 0, n FROM summed ORDER BY company_id, state
    ON CONFLICT (company_id, state, backend) DO UPDATE SET requests = c.requests + excluded.requests
  )
  SELECT coalesce(sum(rows), 0)::int INTO folded FROM summed;
  RETURN folded;
END $$;
