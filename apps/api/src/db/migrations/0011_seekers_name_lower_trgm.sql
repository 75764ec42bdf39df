DROP INDEX "seekers_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "seekers_name_lower_trgm_idx" ON "seekers" USING gin (lower("name") gin_trgm_ops);