-- Every sort the jobs and applications lists offer, led by the site their scope filters on and ending with the id
-- that breaks ties, so a page is read in index order instead of sorting the whole site (0.5 s for an applications
-- page sorted by candidate on the full bench data, bench/README.md). Each runs one way for `-sort` and backwards
-- for `sort`: descending with nulls last is the order the repositories spell, ascending with nulls first its reverse.
-- The nullable job dates sort their nulls last both ways, which no single index reads both ways: one index each way.
-- account_id (and for audit entries enterprise_id) closes each index: the row-level-security policy and the scope
-- test it, so a deep page skips its rows in the index alone (an index-only scan) and reads only the page's rows.
DROP INDEX "applications_site_created_idx";--> statement-breakpoint
CREATE INDEX "applications_site_created_idx" ON "applications" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
CREATE INDEX "applications_site_status_changed_idx" ON "applications" USING btree ("site_id","status_changed_at" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
CREATE INDEX "applications_site_candidate_idx" ON "applications" USING btree ("site_id","candidate_name" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
CREATE INDEX "applications_site_job_title_idx" ON "applications" USING btree ("site_id","job_title" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
DROP INDEX "jobs_site_created_idx";--> statement-breakpoint
CREATE INDEX "jobs_site_created_idx" ON "jobs" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
CREATE INDEX "jobs_site_title_idx" ON "jobs" USING btree ("site_id","title" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
CREATE INDEX "jobs_site_status_idx" ON "jobs" USING btree ("site_id","status" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
CREATE INDEX "jobs_site_advert_end_idx" ON "jobs" USING btree ("site_id","advert_end_at","id","account_id");--> statement-breakpoint
CREATE INDEX "jobs_site_advert_end_desc_idx" ON "jobs" USING btree ("site_id","advert_end_at" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
CREATE INDEX "jobs_site_posted_idx" ON "jobs" USING btree ("site_id","posted_at","id","account_id");--> statement-breakpoint
CREATE INDEX "jobs_site_posted_desc_idx" ON "jobs" USING btree ("site_id","posted_at" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
DROP INDEX "audit_logs_account_created_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_account_created_idx" ON "audit_logs" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC,"enterprise_id");--> statement-breakpoint
DROP INDEX "audit_logs_enterprise_created_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_enterprise_created_idx" ON "audit_logs" USING btree ("enterprise_id","created_at" DESC NULLS LAST,"id" DESC,"account_id");--> statement-breakpoint
-- The subject filter names an id, often without its type: led by the id, the index serves it alone or with the type.
DROP INDEX "audit_logs_subject_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_subject_idx" ON "audit_logs" USING btree ("subject_id","subject_type");
