-- Row-level security on every table keyed by account_id (ADR 012). The API acts as hireline_api, which owns no
-- table and does not bypass RLS; each connection says which accounts the code using it may see in the setting
-- hireline.tenant (a comma-separated list of account ids, or * for work that is no one caller's), so a query that
-- forgets its account filter returns nothing of another tenant's. The login user (the owner, who migrates) may
-- become the role.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'hireline_api') THEN
    CREATE ROLE hireline_api NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
  IF NOT pg_has_role(current_user, 'hireline_api', 'MEMBER') THEN
    EXECUTE format('GRANT hireline_api TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO hireline_api;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO hireline_api;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO hireline_api;
--> statement-breakpoint
-- Tables of later migrations are the API's to use too; each of them keyed by account_id needs its own policy.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO hireline_api;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO hireline_api;
--> statement-breakpoint
-- Inlined by the planner (one SQL expression, stable). Unset or empty: nothing is visible. Compared as text, so
-- no value of the setting can make the comparison itself fail (OR does not promise to skip a failing cast).
CREATE FUNCTION "hireline_visible"(account uuid) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT current_setting('hireline.tenant', true) = '*'
      OR account::text = ANY (string_to_array(current_setting('hireline.tenant', true), ','))
$$;
--> statement-breakpoint
ALTER TABLE "application_feedbacks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "application_feedbacks" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "application_stages" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "application_stages" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "application_status_counts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "application_status_counts" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "application_status_history" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "application_status_history" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "applications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "applications" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "consultant_sites" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "consultant_sites" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "consultants" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "consultants" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "credit_ledgers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "credit_ledgers" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "credit_purchases" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "credit_purchases" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "discount_tiers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "discount_tiers" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "email_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "email_templates" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "employers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "employers" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "field_options" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "field_options" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "flagged_job_reports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "flagged_job_reports" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "job_feedbacks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "job_feedbacks" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "job_status_history" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "job_status_history" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "jobs" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "oauth_providers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "oauth_providers" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "products" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "products" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "screening_questions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "screening_questions" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "seeker_documents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "seeker_documents" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "seeker_sessions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "seeker_sessions" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "seeker_tokens" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "seeker_tokens" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "seekers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "seekers" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "sites" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "sites" TO hireline_api USING (hireline_visible(account_id)) WITH CHECK (hireline_visible(account_id));
--> statement-breakpoint
-- Here a null account_id is the enterprise's own row (default roles, enterprise staff, personal mail), no tenant's.
ALTER TABLE "audit_logs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "audit_logs" TO hireline_api USING (account_id IS NULL OR hireline_visible(account_id)) WITH CHECK (account_id IS NULL OR hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "email_outbox" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "email_outbox" TO hireline_api USING (account_id IS NULL OR hireline_visible(account_id)) WITH CHECK (account_id IS NULL OR hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "files" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "files" TO hireline_api USING (account_id IS NULL OR hireline_visible(account_id)) WITH CHECK (account_id IS NULL OR hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "idempotency_keys" TO hireline_api USING (account_id IS NULL OR hireline_visible(account_id)) WITH CHECK (account_id IS NULL OR hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "memberships" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "memberships" TO hireline_api USING (account_id IS NULL OR hireline_visible(account_id)) WITH CHECK (account_id IS NULL OR hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "notifications" TO hireline_api USING (account_id IS NULL OR hireline_visible(account_id)) WITH CHECK (account_id IS NULL OR hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "password_resets" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "password_resets" TO hireline_api USING (account_id IS NULL OR hireline_visible(account_id)) WITH CHECK (account_id IS NULL OR hireline_visible(account_id));
--> statement-breakpoint
ALTER TABLE "roles" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "roles" TO hireline_api USING (account_id IS NULL OR hireline_visible(account_id)) WITH CHECK (account_id IS NULL OR hireline_visible(account_id));
