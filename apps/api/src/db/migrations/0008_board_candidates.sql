CREATE TABLE "seeker_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"seeker_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"parent_session_id" uuid,
	"impersonator_user_id" uuid,
	"impersonation_type" text,
	"reason" text,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "seeker_sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "seeker_sessions_impersonation_type_check" CHECK ("seeker_sessions"."impersonation_type" in ('user', 'seeker', 'applicant'))
);
--> statement-breakpoint
CREATE TABLE "seeker_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"seeker_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"pending_password_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seeker_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "seeker_tokens_purpose_check" CHECK ("seeker_tokens"."purpose" in ('verify', 'reset'))
);
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_impersonated_seeker_id_seekers_id_fk";
--> statement-breakpoint
DROP INDEX "sessions_impersonated_seeker_idx";--> statement-breakpoint
ALTER TABLE "seeker_sessions" ADD CONSTRAINT "seeker_sessions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_sessions" ADD CONSTRAINT "seeker_sessions_seeker_id_seekers_id_fk" FOREIGN KEY ("seeker_id") REFERENCES "public"."seekers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_sessions" ADD CONSTRAINT "seeker_sessions_parent_session_id_sessions_id_fk" FOREIGN KEY ("parent_session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_sessions" ADD CONSTRAINT "seeker_sessions_impersonator_user_id_users_id_fk" FOREIGN KEY ("impersonator_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_tokens" ADD CONSTRAINT "seeker_tokens_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seeker_tokens" ADD CONSTRAINT "seeker_tokens_seeker_id_seekers_id_fk" FOREIGN KEY ("seeker_id") REFERENCES "public"."seekers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seeker_sessions_seeker_idx" ON "seeker_sessions" USING btree ("seeker_id");--> statement-breakpoint
CREATE INDEX "seeker_sessions_parent_idx" ON "seeker_sessions" USING btree ("parent_session_id");--> statement-breakpoint
CREATE INDEX "seeker_sessions_impersonator_idx" ON "seeker_sessions" USING btree ("impersonator_user_id");--> statement-breakpoint
CREATE INDEX "seeker_sessions_expires_at_idx" ON "seeker_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "seeker_tokens_seeker_idx" ON "seeker_tokens" USING btree ("seeker_id");--> statement-breakpoint
CREATE INDEX "seeker_tokens_expires_at_idx" ON "seeker_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "impersonated_seeker_id";