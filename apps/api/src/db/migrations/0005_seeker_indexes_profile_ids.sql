-- Profile ids `SK-000123`: at least six digits, and more once the sequence passes 999,999. The old default,
-- lpad(n, 6), cut longer numbers to six characters, so ids would repeat and inserts fail on the unique key.
CREATE FUNCTION "seeker_profile_id"() RETURNS text
LANGUAGE sql VOLATILE AS $$
  SELECT 'SK-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM (SELECT nextval('seeker_profile_seq') AS n) s
$$;
--> statement-breakpoint
ALTER TABLE "seekers" ALTER COLUMN "profile_id" SET DEFAULT seeker_profile_id();--> statement-breakpoint
CREATE INDEX "application_status_history_actor_seeker_idx" ON "application_status_history" USING btree ("actor_seeker_id");--> statement-breakpoint
CREATE INDEX "sessions_impersonated_seeker_idx" ON "sessions" USING btree ("impersonated_seeker_id");--> statement-breakpoint
CREATE INDEX "flagged_job_reports_reporter_seeker_idx" ON "flagged_job_reports" USING btree ("reporter_seeker_id");--> statement-breakpoint
CREATE INDEX "job_feedbacks_seeker_idx" ON "job_feedbacks" USING btree ("seeker_id");--> statement-breakpoint
CREATE INDEX "seekers_account_last_active_idx" ON "seekers" USING btree ("account_id","last_active_at" DESC NULLS LAST);