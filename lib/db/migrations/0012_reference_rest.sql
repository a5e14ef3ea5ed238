-- The rest of the real reference (issue 27): the customer record's fields on companies, the
-- users fields tap-wonolo's schema carries, a resend limit kept on the job request, search
-- columns for job requests and badges, and webhook targets unique on the normalised URL.
--
-- Customers (GET/PATCH /customers/:id): contact and billing are the company's to change; the
-- platform's terms (fee_percentage, can_post_*, …) are set by the operator, with the reference's
-- defaults (can_post_1099 true, the rest false; no fee until one is agreed).
ALTER TABLE "companies" ADD COLUMN "account_owner" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "account_manager" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_first_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_last_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_first_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_last_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_phone" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "fee_percentage" numeric(5, 4);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "can_post_w2" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "can_post_1099" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "can_use_premier_features" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "use_start_and_complete_pin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "strategic_pilot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "use_pending_state" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_fee_percentage" CHECK ("companies"."fee_percentage" is null or ("companies"."fee_percentage" >= 0 and "companies"."fee_percentage" <= 1));--> statement-breakpoint
-- Users: whether the worker agreed to the platform's terms (tap-wonolo's users schema), null
-- until known. (onboarding_last_state is derived from the invitation, as the users filter of
-- that name already is; suspended_at exists since 0008, for workers and employers alike.)
ALTER TABLE "users" ADD COLUMN "agreed_to_terms" boolean;--> statement-breakpoint
-- POST /job_requests/:id/resend_notifications: when it last ran. The limit is one conditional
-- UPDATE of this column, so every instance on the database shares it.
ALTER TABLE "job_requests" ADD COLUMN "notifications_resent_at" timestamp (3) with time zone;--> statement-breakpoint
-- GET /search: trigram haystacks, accents removed like the users' (0006).
ALTER TABLE "job_requests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(search_unaccent(name || ' ' || coalesce(venue, '') || ' ' || coalesce(address, '') || ' ' || coalesce(city, '') || ' ' || coalesce(category, '')))) STORED;--> statement-breakpoint
CREATE INDEX "job_requests_search_trgm_idx" ON "job_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "badges" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(search_unaccent(name))) STORED;--> statement-breakpoint
CREATE INDEX "badges_search_trgm_idx" ON "badges" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Webhook targets: one subscription per receiver. The application normalises every URL it
-- stores (WHATWG URL: scheme and host lower-cased, default port and fragment dropped, dot
-- segments resolved, empty path "/"); rows written before it are normalised here as far as SQL
-- can: scheme and host lower-cased, ":443" (https) or ":80" (http) dropped, the fragment dropped,
-- dot segments resolved (up to five ".." levels), an empty path made "/". Percent-encoding,
-- IDNA hosts and deeper ".." chains are left as written (rare in a receiver's URL: such a row
-- keeps working and simply does not collide here).
-- Rows that normalise to one URL in one company are merged into the oldest (lowest id): it takes
-- the union of their events (none, i.e. every event, if any of them had none) and their
-- deliveries (history and pending ones alike; a receiver told the same event twice already
-- deduplicates by its id); the others are removed.
CREATE TEMP TABLE "webhook_norm" AS
  SELECT w."id", w."company_id", w."events",
    CASE WHEN r.raw IS NULL THEN w."url" ELSE
      lower(r.raw[1])
      || regexp_replace(lower(r.raw[2]),
           CASE lower(r.raw[1]) WHEN 'https://' THEN ':443$' WHEN 'http://' THEN ':80$' ELSE '$^' END, '')
      || coalesce(nullif(p."path", ''), '/') || p."query"
    END AS "url"
  FROM "webhooks" w,
  LATERAL (SELECT regexp_match(split_part(w."url", '#', 1), '^([A-Za-z][A-Za-z0-9+.-]*://)([^/?]*)([^?]*)(.*)$') AS raw) r,
  -- Dot segments as WHATWG resolves them, up to five ".." levels: "/./" and a trailing "/." become
  -- "/", "/seg/../" and a trailing "/seg/.." become "/", and ".." above the root goes.
  LATERAL (SELECT regexp_replace(regexp_replace(r.raw[3], '/\.(/|$)', '/', 'g'), '/\.(/|$)', '/', 'g') AS p1) d1,
  LATERAL (SELECT regexp_replace(d1.p1, '/(?!\.\.(/|$))[^/]+/\.\.(/|$)', '/') AS p2) d2,
  LATERAL (SELECT regexp_replace(d2.p2, '/(?!\.\.(/|$))[^/]+/\.\.(/|$)', '/') AS p3) d3,
  LATERAL (SELECT regexp_replace(d3.p3, '/(?!\.\.(/|$))[^/]+/\.\.(/|$)', '/') AS p4) d4,
  LATERAL (SELECT regexp_replace(d4.p4, '/(?!\.\.(/|$))[^/]+/\.\.(/|$)', '/') AS p5) d5,
  LATERAL (SELECT regexp_replace(d5.p5, '/(?!\.\.(/|$))[^/]+/\.\.(/|$)', '/') AS p6) d6,
  LATERAL (SELECT regexp_replace(d6.p6, '^(/\.\.)+(/|$)', '/') AS "path", coalesce(r.raw[4], '') AS "query") p;--> statement-breakpoint
CREATE TEMP TABLE "webhook_keep" AS
  SELECT n."id", k."keeper"
  FROM "webhook_norm" n
  JOIN (SELECT "company_id", "url", min("id") AS "keeper" FROM "webhook_norm" GROUP BY 1, 2) k
    ON k."company_id" = n."company_id" AND k."url" = n."url";--> statement-breakpoint
UPDATE "webhooks" w SET "events" = m."events" FROM (
  SELECT k."keeper",
    CASE WHEN bool_or(cardinality(n."events") = 0) THEN '{}'::text[]
      ELSE array(SELECT DISTINCT e FROM "webhook_norm" n2 JOIN "webhook_keep" k2 ON k2."id" = n2."id", unnest(n2."events") e WHERE k2."keeper" = k."keeper" ORDER BY 1)
    END AS "events"
  FROM "webhook_norm" n JOIN "webhook_keep" k ON k."id" = n."id"
  GROUP BY k."keeper" HAVING count(*) > 1
) m WHERE w."id" = m."keeper";--> statement-breakpoint
UPDATE "outbox" o SET "webhook_id" = k."keeper" FROM "webhook_keep" k
  WHERE o."webhook_id" = k."id" AND k."id" <> k."keeper";--> statement-breakpoint
DELETE FROM "webhooks" w USING "webhook_keep" k WHERE w."id" = k."id" AND k."id" <> k."keeper";--> statement-breakpoint
UPDATE "webhooks" w SET "url" = n."url" FROM "webhook_norm" n
  WHERE w."id" = n."id" AND w."url" <> n."url";--> statement-breakpoint
DROP TABLE "webhook_keep";--> statement-breakpoint
DROP TABLE "webhook_norm";
