-- Every email speaks as its tenant. An account may send from its own address (its domain must authorise this
-- server: SPF, DKIM) and ask replies to go elsewhere; both null means the deployment's MAIL_FROM address and no
-- Reply-To.
ALTER TABLE "accounts" ADD COLUMN "mail_from_address" text;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "mail_reply_to" text;
--> statement-breakpoint
-- The sender is decided when the mail is queued, in the tenant's context, and delivery sends exactly that. Rows
-- queued before this migration keep nulls and go out from MAIL_FROM as they would have.
ALTER TABLE "email_outbox" ADD COLUMN "from_name" text;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "from_address" text;
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" text;
