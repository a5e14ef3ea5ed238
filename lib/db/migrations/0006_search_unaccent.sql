-- Search finds the names people see whatever their accents: "Nguyen" finds "Nguyễn", "Chloe"
-- finds "Chloé". unaccent() is STABLE (its dictionary could change), and a generated column or
-- an index needs an IMMUTABLE function: the wrapper names its dictionary and schema, as the
-- PostgreSQL documentation advises. The API applies the same function to the search term.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
ALTER TABLE "users" drop column "search_text";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(search_unaccent(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || coalesce(external_id, '')))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);
