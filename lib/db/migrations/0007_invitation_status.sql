-- The invitation status (invited / accepted / expired, our addition to the user object) is read
-- on every list row: the newest link's expiry is kept on the user, beside password_hash, rather
-- than looked up in invitations per row.
ALTER TABLE "users" ADD COLUMN "invitation_expires_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "users" u SET "invitation_expires_at" = i.expires_at
  FROM (SELECT user_id, max(expires_at) AS expires_at FROM "invitations" GROUP BY user_id) i
  WHERE i.user_id = u.id;--> statement-breakpoint
-- Demo data seeded before this migration marked accepted invitations as used without setting a
-- password (the accept call always sets both): such a worker has accepted. The marker is not an
-- scrypt hash, so no password matches it.
UPDATE "users" u SET "password_hash" = 'accepted-without-password'
  WHERE u.password_hash IS NULL
    AND EXISTS (SELECT 1 FROM "invitations" i WHERE i.user_id = u.id AND i.used_at IS NOT NULL);
