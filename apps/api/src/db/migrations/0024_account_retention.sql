-- How long each account keeps what it no longer needs (issue 29 §5), in days, swept by the scheduler's
-- `retention.apply` (platform/retention-apply.ts). Columns of `accounts`, so they are read and guarded by the
-- account's existing row-level security (ADR 012); the defaults are the safe ones every account starts with.
ALTER TABLE "accounts" ADD COLUMN "retention_audit_days" integer DEFAULT 730 NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_mail_days" integer DEFAULT 90 NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_notification_days" integer DEFAULT 365 NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_application_days" integer DEFAULT 730 NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "retention_candidate_days" integer DEFAULT 1095 NOT NULL;
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_retention_days_check" CHECK (
  "retention_audit_days" BETWEEN 30 AND 3650 AND "retention_mail_days" BETWEEN 30 AND 3650
  AND "retention_notification_days" BETWEEN 30 AND 3650 AND "retention_application_days" BETWEEN 30 AND 3650
  AND "retention_candidate_days" BETWEEN 30 AND 3650
);
--> statement-breakpoint
-- The audit trail stays append-only, except for the retention sweep removing entries past the account's period:
-- it says so for its own transaction only (`set_config('hireline.retention', 'on', true)`), and only DELETE passes.
CREATE OR REPLACE FUNCTION "forbid_append_only_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_logs' AND current_setting('hireline.retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
