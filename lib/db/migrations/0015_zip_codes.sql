-- US ZIP codes, offline (issue 28): the lookup that fills a site's city, state and time zone, and
-- the centre a worker with only a ZIP is ranked from. The rows are loaded once, when the table is
-- empty, by the migrate step (lib/db/zip-codes.ts) from the `zipcodes` package.
CREATE TABLE "zip_codes" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"time_zone" text,
	"latitude" numeric(10, 7) NOT NULL,
	"longitude" numeric(10, 7) NOT NULL,
	CONSTRAINT "zip_codes_zip" CHECK ("zip" ~ '^[0-9]{5}$')
);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zip_latitude" numeric(10, 7);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "zip_longitude" numeric(10, 7);--> statement-breakpoint
-- The ZIP's centre follows the ZIP in the same statement (a ZIP+4 "12345-6789" counts by its first five).
CREATE FUNCTION "users_zip_centre"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT z.latitude, z.longitude INTO NEW.zip_latitude, NEW.zip_longitude
  FROM zip_codes z WHERE z.zip = left(btrim(NEW.zip), 5);
  IF NOT FOUND THEN
    NEW.zip_latitude := NULL;
    NEW.zip_longitude := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_zip_centre_insert" BEFORE INSERT ON "users"
  FOR EACH ROW WHEN (NEW.zip IS NOT NULL) EXECUTE FUNCTION "users_zip_centre"();--> statement-breakpoint
CREATE TRIGGER "users_zip_centre_update" BEFORE UPDATE OF "zip" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_zip_centre"();--> statement-breakpoint
-- The ranking point falls back to the ZIP's centre (RANK_POINT in lib/db/schema-core.ts).
DROP INDEX "users_company_rank_point_idx";--> statement-breakpoint
CREATE INDEX "users_company_rank_point_idx" ON "users" USING gist ("company_id",(ll_to_earth(coalesce(latitude, home_latitude, zip_latitude)::float8, coalesce(longitude, home_longitude, zip_longitude)::float8)));
