CREATE TABLE "application_status_counts" (
	"scope_id" uuid NOT NULL,
	"scope_kind" text NOT NULL,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_status_counts_scope_id_status_pk" PRIMARY KEY("scope_id","status"),
	CONSTRAINT "application_status_counts_status_check" CHECK ("application_status_counts"."status" in ('applied', 'registered', 'new', 'invited', 'screening', 'shortlisted', 'interviewed', 'offered', 'unsuccessful', 'withdrawn')),
	CONSTRAINT "application_status_counts_kind_check" CHECK ("application_status_counts"."scope_kind" in ('site', 'employer'))
);
--> statement-breakpoint
ALTER TABLE "application_status_counts" ADD CONSTRAINT "application_status_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_status_counts_account_idx" ON "application_status_counts" USING btree ("account_id");--> statement-breakpoint
-- The stage tabs' counts, kept by the database itself: whatever writes applications (the API, the board, a seed,
-- a cascade) keeps them right. Statement-level triggers see all rows of a statement at once, so a bulk change of
-- 300 applications is one grouped upsert; keys are applied in (scope, status) order so concurrent statements
-- lock counter rows in the same order.
CREATE FUNCTION "application_status_counts_add"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_status_counts" AS c ("scope_id", "scope_kind", "account_id", "status", "count")
  SELECT "scope_id", "kind", "account_id", "status", sum("d")::int FROM (
    SELECT "site_id" AS "scope_id", 'site' AS "kind", "account_id", "status", 1 AS "d" FROM "new_rows"
    UNION ALL SELECT "employer_id", 'employer', "account_id", "status", 1 FROM "new_rows"
  ) x GROUP BY 1, 2, 3, 4 ORDER BY 1, 4
  ON CONFLICT ("scope_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "application_status_counts_move"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_status_counts" AS c ("scope_id", "scope_kind", "account_id", "status", "count")
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
-- Deletes only decrement existing rows: when a whole account is deleted its counters may already be gone, and
-- inserting one would point at an account that no longer exists.
CREATE FUNCTION "application_status_counts_remove"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "application_status_counts" c SET "count" = c."count" - d."n"
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
CREATE TRIGGER "applications_counts_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "application_status_counts_add"();
--> statement-breakpoint
CREATE TRIGGER "applications_counts_update" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "application_status_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "applications_counts_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "application_status_counts_remove"();
--> statement-breakpoint
INSERT INTO "application_status_counts" ("scope_id", "scope_kind", "account_id", "status", "count")
SELECT "site_id", 'site', "account_id", "status", count(*)::int FROM "applications" GROUP BY 1, 2, 3, 4
UNION ALL
SELECT "employer_id", 'employer', "account_id", "status", count(*)::int FROM "applications" GROUP BY 1, 2, 3, 4;
