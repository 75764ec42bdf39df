-- Job feedback takes the same fields as application feedback (spec §3: rating, employer recommended, additional
-- feedback). Nullable: earlier ratings never asked the question, and the board's star rating may leave it out.
-- The table's row-level security policy (tenant_rows, 0009/0012) covers the new column unchanged.
ALTER TABLE "job_feedbacks" ADD COLUMN "employer_recommended" boolean;
