-- The public board lists a site's live adverts by publication (board-jobs.repo.ts publishedAt: posted, approved or
-- started, whichever came last, else created), newest first. No index had that order, so every page of a board read
-- and sorted all of the site's live adverts (about 16,000 on the full bench data, ~200 ms). This one has it, ties
-- broken by id as the query breaks them; the featured-first index it replaces matched no query any more.
-- (0028's snapshot also records 0027's indexes, which that hand-written migration left out of its own.)
DROP INDEX "jobs_site_live_posted_idx";--> statement-breakpoint
CREATE INDEX "jobs_site_board_published_idx" ON "jobs" USING btree ("site_id",(coalesce(greatest("posted_at", "approved_at", "advert_start_at"), "created_at")) desc,"id" DESC NULLS FIRST) WHERE status = 'live';
