CREATE TABLE "job_status_counts" (
	"scope_id" uuid NOT NULL,
	"scope_kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_status_counts_scope_id_status_pk" PRIMARY KEY("scope_id","status"),
	CONSTRAINT "job_status_counts_status_check" CHECK ("job_status_counts"."status" in ('draft', 'pending', 'live', 'unlisted', 'expired', 'rejected')),
	CONSTRAINT "job_status_counts_kind_check" CHECK ("job_status_counts"."scope_kind" in ('site', 'employer'))
);
--> statement-breakpoint
ALTER TABLE "job_status_counts" ADD CONSTRAINT "job_status_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_status_counts_account_idx" ON "job_status_counts" USING btree ("account_id");--> statement-breakpoint
-- The dashboard's jobs per status, kept by the database itself exactly as 0004 keeps the applications' stage counts:
-- whatever writes jobs (the API, the expiry task, a seed, a cascade) keeps them right; statement-level triggers
-- apply a bulk change as one grouped upsert, keys in (scope, status) order so concurrent statements lock counter
-- rows in the same order. An UPDATE that changes no status changes no counter (HAVING).
CREATE FUNCTION "job_status_counts_add"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_status_counts" AS c ("scope_id", "scope_kind", "account_id", "status", "count")
  SELECT "scope_id", "kind", "account_id", "status", sum("d")::int FROM (
    SELECT "site_id" AS "scope_id", 'site' AS "kind", "account_id", "status", 1 AS "d" FROM "new_rows"
    UNION ALL SELECT "employer_id", 'employer', "account_id", "status", 1 FROM "new_rows"
  ) x GROUP BY 1, 2, 3, 4 ORDER BY 1, 4
  ON CONFLICT ("scope_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "job_status_counts_move"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "job_status_counts" AS c ("scope_id", "scope_kind", "account_id", "status", "count")
  SELECT "scope_id", "kind", "account_id", "status", sum("d")::int FROM (
    SELECT "site_id" AS "scope_id", 'site' AS "kind", "account_id", "status", 1 AS "d" FROM "new_rows"
    UNION ALL SELECT "employer_id", 'employer', "account_id", "status", 1 FROM "new_rows"
    UNION ALL SELECT "site_id", 'site', "account_id", "status", -1 FROM "old_rows"
    UNION ALL SELECT "employer_id", 'employer', "account_id", "status", -1 FROM "old_rows"
  ) x GROUP BY 1, 2, 3, 4 HAVING sum("d") <> 0 ORDER BY 1, 4
  ON CONFLICT ("scope_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deletes only decrement existing rows: when a whole account is deleted its counters may already be gone.
CREATE FUNCTION "job_status_counts_remove"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "job_status_counts" c SET "count" = c."count" - d."n"
  FROM (
    SELECT "scope_id", "status", sum("n")::int AS "n" FROM (
      SELECT "site_id" AS "scope_id", "status", 1 AS "n" FROM "old_rows"
      UNION ALL SELECT "employer_id", "status", 1 FROM "old_rows"
    ) x GROUP BY 1, 2
  ) d
  WHERE c."scope_id" = d."scope_id" AND c."status" = d."status";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_counts_insert" AFTER INSERT ON "jobs"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "jobs_counts_update" AFTER UPDATE ON "jobs"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "jobs_counts_delete" AFTER DELETE ON "jobs"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "job_status_counts_remove"();
--> statement-breakpoint
-- Keyed by account_id, so bound by the tenant policy like every such table (ADR 012, migrations 0009 and 0012).
ALTER TABLE "job_status_counts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "job_status_counts" TO hireline_api USING ((SELECT hireline_all_tenants()) OR account_id = ANY ((SELECT hireline_tenant_ids())::uuid[])) WITH CHECK ((SELECT hireline_all_tenants()) OR account_id = ANY ((SELECT hireline_tenant_ids())::uuid[]));
--> statement-breakpoint
INSERT INTO "job_status_counts" ("scope_id", "scope_kind", "account_id", "status", "count")
SELECT "site_id", 'site', "account_id", "status", count(*)::int FROM "jobs" GROUP BY 1, 2, 3, 4
UNION ALL
SELECT "employer_id", 'employer', "account_id", "status", count(*)::int FROM "jobs" GROUP BY 1, 2, 3, 4;
