-- A membership given by invitation is pending until the person accepts it (accepted_at null) and grants nothing
-- meanwhile; invited_name is the name the inviting account typed, all it shows of the person until then. Every
-- membership made so far is accepted, except those still waiting on an unused, unexpired invitation link of their
-- account for someone who has never set a password.
ALTER TABLE "memberships" ADD COLUMN "accepted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_name" text;
--> statement-breakpoint
UPDATE "memberships" SET "accepted_at" = "created_at";
--> statement-breakpoint
UPDATE "memberships" AS m
SET "accepted_at" = NULL, "invited_name" = u."name"
FROM "users" AS u
WHERE u."id" = m."user_id"
  AND u."password_hash" IS NULL
  AND m."account_id" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "password_resets" AS r
    WHERE r."user_id" = m."user_id" AND r."account_id" = m."account_id" AND r."purpose" = 'invite'
      AND r."used_at" IS NULL AND r."expires_at" > now()
  );
--> statement-breakpoint
-- Every other way a membership is made (a new account's admin, a board registration, single sign-on) is the person's own.
ALTER TABLE "memberships" ALTER COLUMN "accepted_at" SET DEFAULT now();
--> statement-breakpoint
CREATE INDEX "memberships_pending_user_idx" ON "memberships" ("user_id") WHERE "accepted_at" IS NULL;
--> statement-breakpoint
-- Giving an employer role takes holding its permissions (ADR 014). The site manager looks after the site's employers
-- and their people, so its bundle holds what the built-in employer admin role gives at an employer: users.all there.
UPDATE "roles"
SET "permissions" = array_append("permissions", 'users.all')
WHERE "key" = 'site_manager'
  AND 'users.view' = ANY ("permissions")
  AND NOT ('users.all' = ANY ("permissions"));
