-- Search under row-level security (ADR 019). PostgreSQL evaluates a policy before any condition whose operator is
-- not leakproof, so as hireline_api the full-text `@@`, trigram `LIKE`/`ILIKE` and array `@>` could not be index
-- conditions: every search and tag filter read the whole site or account (837 ms instead of 0.09 ms on 3 million
-- applications). These functions run as their owner, who is not bound by the policies, and return only ids: each
-- applies the tenant condition itself, read from the same setting the policies read (hireline.tenant, never an
-- argument), beside the search condition, so the GIN indexes serve it. The site or account argument only narrows.
-- The caller filters `id IN (…)` on the table, where its own policy checks every row again.
-- PL/pgSQL with EXECUTE … USING, so each call is planned with its own term and limit (a SQL function's generic plan
-- chose the site's index for every term). search_path fixed and every name qualified, so no object a caller could
-- create is ever resolved; EXECUTE is the API role's only. `max_rows` null: no limit.
CREATE FUNCTION "hireline_search_applications"(site uuid, q tsquery, max_rows integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $fn$
BEGIN
  RETURN QUERY EXECUTE 'SELECT t.id FROM public.applications t WHERE t.site_id = $1 AND (t.search @@ $2)
    AND ((SELECT public.hireline_all_tenants()) OR t.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[])) LIMIT $3'
  USING site, q, max_rows;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "hireline_tagged_applications"(site uuid, wanted text[], max_rows integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $fn$
BEGIN
  RETURN QUERY EXECUTE 'SELECT t.id FROM public.applications t WHERE t.site_id = $1 AND (t.tags @> $2)
    AND ((SELECT public.hireline_all_tenants()) OR t.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[])) LIMIT $3'
  USING site, wanted, max_rows;
END
$fn$;
--> statement-breakpoint
-- Title, reference and description by prefix words (q), the title by substring (pattern); either may be null.
CREATE FUNCTION "hireline_search_jobs"(site uuid, q tsquery, pattern text, max_rows integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $fn$
BEGIN
  RETURN QUERY EXECUTE 'SELECT t.id FROM public.jobs t WHERE t.site_id = $1 AND (t.search @@ $2 OR t.title ILIKE $3)
    AND ((SELECT public.hireline_all_tenants()) OR t.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[])) LIMIT $4'
  USING site, q, pattern, max_rows;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "hireline_tagged_jobs"(site uuid, wanted text[], max_rows integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $fn$
BEGIN
  RETURN QUERY EXECUTE 'SELECT t.id FROM public.jobs t WHERE t.site_id = $1 AND (t.tags @> $2)
    AND ((SELECT public.hireline_all_tenants()) OR t.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[])) LIMIT $3'
  USING site, wanted, max_rows;
END
$fn$;
--> statement-breakpoint
-- Name, email and profile id by prefix words (q), name and email by substring (pattern, lower-cased like the
-- stored emails and the lower(name) trigram index); either may be null.
CREATE FUNCTION "hireline_search_seekers"(account uuid, q tsquery, pattern text, max_rows integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $fn$
BEGIN
  RETURN QUERY EXECUTE 'SELECT t.id FROM public.seekers t WHERE t.account_id = $1 AND (t.search @@ $2 OR lower(t.name) LIKE lower($3) OR t.email LIKE lower($3))
    AND ((SELECT public.hireline_all_tenants()) OR t.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[])) LIMIT $4'
  USING account, q, pattern, max_rows;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION "hireline_tagged_seekers"(account uuid, wanted text[], max_rows integer) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $fn$
BEGIN
  RETURN QUERY EXECUTE 'SELECT t.id FROM public.seekers t WHERE t.account_id = $1 AND (t.tags @> $2)
    AND ((SELECT public.hireline_all_tenants()) OR t.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[])) LIMIT $3'
  USING account, wanted, max_rows;
END
$fn$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "hireline_search_applications"(uuid, tsquery, integer), "hireline_tagged_applications"(uuid, text[], integer),
  "hireline_search_jobs"(uuid, tsquery, text, integer), "hireline_tagged_jobs"(uuid, text[], integer),
  "hireline_search_seekers"(uuid, tsquery, text, integer), "hireline_tagged_seekers"(uuid, text[], integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "hireline_search_applications"(uuid, tsquery, integer), "hireline_tagged_applications"(uuid, text[], integer),
  "hireline_search_jobs"(uuid, tsquery, text, integer), "hireline_tagged_jobs"(uuid, text[], integer),
  "hireline_search_seekers"(uuid, tsquery, text, integer), "hireline_tagged_seekers"(uuid, text[], integer) TO hireline_api;
