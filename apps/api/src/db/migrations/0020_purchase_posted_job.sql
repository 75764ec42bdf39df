-- A direct payment's receipt says whether that payment posted its job. It was read as "the job has a post entry in
-- the ledger", which is also true for a second payment for the same draft (credited to the balance, posting nothing).
ALTER TABLE "credit_purchases" ADD COLUMN "posted_job" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing payments: the first paid one of each job posted it, when the job was posted after that checkout opened.
UPDATE "credit_purchases" p
SET "posted_job" = true
WHERE p."purpose" = 'job_post'
  AND p."status" = 'paid'
  AND p."job_id" IS NOT NULL
  AND p."id" = (
    SELECT first."id" FROM "credit_purchases" first
    WHERE first."job_id" = p."job_id" AND first."purpose" = 'job_post' AND first."status" = 'paid'
    ORDER BY first."paid_at", first."id" LIMIT 1
  )
  AND EXISTS (
    SELECT 1 FROM "credit_ledgers" l
    WHERE l."employer_id" = p."employer_id" AND l."action" = 'post' AND l."reference_type" = 'job'
      AND l."reference_id" = p."job_id" AND l."created_at" >= p."created_at"
  );
