-- Two-step sign-in (TOTP, RFC 6238) for staff. A person's authenticator secret, encrypted with a key derived from
-- APP_SECRET for this purpose only; confirmed_at is set once a code from the app proved the setup, and last_used_step
-- refuses a code already used in its 30-second step (replay). These rows belong to a person, who lives at the
-- enterprise like users and sessions, not to one account: like them they carry no account_id and no tenant policy,
-- and only the API's own sign-in and profile code reads them, always by user id.
CREATE TABLE "user_mfa" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_enc" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_step" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_mfa" ADD CONSTRAINT "user_mfa_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Ten single-use recovery codes per person, stored only as their SHA-256 (each has 50 random bits).
CREATE TABLE "user_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_recovery_codes_user_code_unique" UNIQUE("user_id","code_hash")
);
--> statement-breakpoint
ALTER TABLE "user_recovery_codes" ADD CONSTRAINT "user_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- The second step of a password sign-in: a short-lived, single-use token that only /auth/login/mfa accepts, with
-- the number of codes tried against it.
CREATE TABLE "mfa_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfa_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "mfa_challenges_user_idx" ON "mfa_challenges" USING btree ("user_id");
--> statement-breakpoint
-- An account admin may require two-step sign-in of the account's staff.
ALTER TABLE "accounts" ADD COLUMN "require_mfa" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A password sign-in of someone an account requires it of, who has not set it up yet: this session may only set it up.
ALTER TABLE "sessions" ADD COLUMN "mfa_setup_required" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- The default privileges of 0009 already cover tables created by the migrating owner; said again so the API role's
-- rights do not depend on who ran which migration.
GRANT SELECT, INSERT, UPDATE, DELETE ON "user_mfa", "user_recovery_codes", "mfa_challenges" TO hireline_api;
