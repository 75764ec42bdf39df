-- Each site's content system (CMS) verifies its sign-in tokens with a secret of its own instead of the deployment's
-- APP_SECRET (docs/cms-token.md), so a CMS can no longer sign anything else, such as file links for every tenant.
-- The default is volatile, so PostgreSQL computes it for each existing row: every site gets its own random value
-- (two v4 UUIDs: 244 random bits from the server's strong random source; pgcrypto is not assumed). The column sits on
-- "sites", whose row-level security policy and grants (0009) already cover it.
ALTER TABLE "sites" ADD COLUMN "cms_secret" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "cms_secret_rotated_at" timestamp with time zone;
