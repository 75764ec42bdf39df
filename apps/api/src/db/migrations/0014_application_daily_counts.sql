CREATE TABLE "application_daily_counts" (
	"scope_id" uuid NOT NULL,
	"scope_kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_daily_counts_scope_id_day_pk" PRIMARY KEY("scope_id","day"),
	CONSTRAINT "application_daily_counts_kind_check" CHECK ("application_daily_counts"."scope_kind" in ('site', 'employer'))
);
--> statement-breakpoint
ALTER TABLE "application_daily_counts" ADD CONSTRAINT "application_daily_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_daily_counts_account_idx" ON "application_daily_counts" USING btree ("account_id");--> statement-breakpoint
-- The dashboard's applications per day, kept by the database as 0004 and 0013 keep the status counters: whatever
-- writes applications (the API, the board, a seed, an erasure, a cascade) keeps them right; statement-level triggers
-- apply a bulk change as one grouped upsert, keys in (scope, day) order so concurrent statements lock counter rows in
-- the same order. Days are UTC, as the dashboard draws them. An UPDATE that moves no application to another site,
-- employer or day changes no counter (HAVING).
CREATE FUNCTION "application_daily_counts_add"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_daily_counts" AS c ("scope_id", "scope_kind", "account_id", "day", "count")
  SELECT "scope_id", "kind", "account_id", "day", sum("d")::int FROM (
    SELECT "site_id" AS "scope_id", 'site' AS "kind", "account_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "d" FROM "new_rows"
    UNION ALL SELECT "employer_id", 'employer', "account_id", ("created_at" AT TIME ZONE 'UTC')::date, 1 FROM "new_rows"
  ) x GROUP BY 1, 2, 3, 4 ORDER BY 1, 4
  ON CONFLICT ("scope_id", "day") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "application_daily_counts_move"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_daily_counts" AS c ("scope_id", "scope_kind", "account_id", "day", "count")
  SELECT "scope_id", "kind", "account_id", "day", sum("d")::int FROM (
    SELECT "site_id" AS "scope_id", 'site' AS "kind", "account_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "d" FROM "new_rows"
    UNION ALL SELECT "employer_id", 'employer', "account_id", ("created_at" AT TIME ZONE 'UTC')::date, 1 FROM "new_rows"
    UNION ALL SELECT "site_id", 'site', "account_id", ("created_at" AT TIME ZONE 'UTC')::date, -1 FROM "old_rows"
    UNION ALL SELECT "employer_id", 'employer', "account_id", ("created_at" AT TIME ZONE 'UTC')::date, -1 FROM "old_rows"
  ) x GROUP BY 1, 2, 3, 4 HAVING sum("d") <> 0 ORDER BY 1, 4
  ON CONFLICT ("scope_id", "day") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deletes only decrement existing rows: when a whole account is deleted its counters may already be gone.
CREATE FUNCTION "application_daily_counts_remove"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_daily_counts" c SET "count" = c."count" - d."n"
  FROM (
    SELECT "scope_id", "day", sum("n")::int AS "n" FROM (
      SELECT "site_id" AS "scope_id", ("created_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "n" FROM "old_rows"
      UNION ALL SELECT "employer_id", ("created_at" AT TIME ZONE 'UTC')::date, 1 FROM "old_rows"
    ) x GROUP BY 1, 2
  ) d
  WHERE c."scope_id" = d."scope_id" AND c."day" = d."day";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_daily_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "application_daily_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "applications_daily_update" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "application_daily_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "applications_daily_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "application_daily_counts_remove"();
--> statement-breakpoint
-- Keyed by account_id, so bound by the tenant policy like every such table (ADR 012, migrations 0009 and 0012).
ALTER TABLE "application_daily_counts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_rows" ON "application_daily_counts" TO hireline_api USING ((SELECT hireline_all_tenants()) OR account_id = ANY ((SELECT hireline_tenant_ids())::uuid[])) WITH CHECK ((SELECT hireline_all_tenants()) OR account_id = ANY ((SELECT hireline_tenant_ids())::uuid[]));
--> statement-breakpoint
INSERT INTO "application_daily_counts" ("scope_id", "scope_kind", "account_id", "day", "count")
SELECT "site_id", 'site', "account_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "applications" GROUP BY 1, 2, 3, 4
UNION ALL
SELECT "employer_id", 'employer', "account_id", ("created_at" AT TIME ZONE 'UTC')::date, count(*)::int FROM "applications" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Statistics for the backfilled rows now, not when autovacuum gets round to them: without them the planner guesses
-- the account index is as selective as the primary key and ANDs the two, reading an account's every day (10 ms on
-- the benchmark's big account instead of 0.1 ms).
ANALYZE "application_daily_counts";
