CREATE TABLE "company_user_counts" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"users" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_company_updated_idx";--> statement-breakpoint
ALTER TABLE "company_user_counts" ADD CONSTRAINT "company_user_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_company_updated_idx" ON "users" USING btree ("company_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- The counts as they stand, then triggers keep them in the same transaction as each change.
-- Statement-level with transition tables: a bulk insert of 100,000 workers updates each
-- company's row once, not 100,000 times.
INSERT INTO "company_user_counts" ("company_id", "users")
SELECT "company_id", count(*) FROM "users" GROUP BY "company_id";--> statement-breakpoint
CREATE FUNCTION "company_user_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "company_user_counts" ("company_id", "users")
  SELECT "company_id", count(*) FROM "added" GROUP BY "company_id"
  ON CONFLICT ("company_id") DO UPDATE SET "users" = "company_user_counts"."users" + EXCLUDED."users";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "company_user_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "company_user_counts" AS c SET "users" = c."users" - r."n"
  FROM (SELECT "company_id", count(*) AS "n" FROM "removed" GROUP BY "company_id") AS r
  WHERE c."company_id" = r."company_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_counted_insert" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "company_user_counts_add"();--> statement-breakpoint
CREATE TRIGGER "users_counted_delete" AFTER DELETE ON "users"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "company_user_counts_remove"();--> statement-breakpoint
-- A user moved to another company (never done by the API; an operator might): both sides.
CREATE FUNCTION "company_user_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "company_user_counts" SET "users" = "users" - 1 WHERE "company_id" = OLD."company_id";
  INSERT INTO "company_user_counts" ("company_id", "users") VALUES (NEW."company_id", 1)
  ON CONFLICT ("company_id") DO UPDATE SET "users" = "company_user_counts"."users" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_counted_move" AFTER UPDATE OF "company_id" ON "users" FOR EACH ROW
  WHEN (OLD."company_id" IS DISTINCT FROM NEW."company_id")
  EXECUTE FUNCTION "company_user_counts_move"();
