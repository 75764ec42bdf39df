-- A site's board is served on its own domain only once the site has shown it controls that domain: a TXT record at
-- `_hireline-verify.<domain>` or the file `/.well-known/hireline-verify.txt` carrying the site's token (docs/board.md).
-- The token is per site and not secret (it is published); the columns live on "sites", which already carries
-- account_id and its row-level security policies, so nothing about tenancy changes.
ALTER TABLE "sites" ADD COLUMN "domain_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "domain_verified_at" timestamp with time zone;
--> statement-breakpoint
-- Boards already live keep being served: their domains were taken before proof was asked for, and switching them
-- off on upgrade would take working boards down. Any later change of domain needs the proof.
UPDATE "sites" SET "domain_verified_at" = now() WHERE "domain" IS NOT NULL;
