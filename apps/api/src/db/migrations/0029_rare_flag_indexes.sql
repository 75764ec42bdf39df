-- Filters on a rare flag: disabled applications, and audit entries made while impersonating. Each is a handful of
-- rows among a site's or an account's hundreds of thousands, which the lists' created_at indexes could only find by
-- walking every row (0.5–0.7 s on the full bench data). Partial indexes in the lists' own order hold just those rows.
CREATE INDEX "applications_site_disabled_idx" ON "applications" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"account_id") WHERE not enabled;--> statement-breakpoint
CREATE INDEX "audit_logs_account_impersonated_idx" ON "audit_logs" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"enterprise_id") WHERE impersonator_user_id is not null;--> statement-breakpoint
CREATE INDEX "audit_logs_enterprise_impersonated_idx" ON "audit_logs" USING btree ("enterprise_id","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"account_id") WHERE impersonator_user_id is not null;