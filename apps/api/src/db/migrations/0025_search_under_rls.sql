-- Search under row-level security (ADR 019). PostgreSQL evaluates a policy before any condition whose operator is
-- not leakproof, so as hireline_api the full-text `@@`, trigram `LIKE`/`ILIKE` and array `@>` could not be index
-- conditions: every search and tag filter read the whole site or account (837 ms instead of 0.09 ms on 3 million
-- applications). These functions run as their owner, who is not bound by the policies, and return only ids: each
-- applies the tenant condition itself, read from the same setting the policies read (hireline.tenant, never an
-- argument), beside the search condition, so the GIN indexes serve it. The site or account argument only narrows.
-- The caller filters `id IN (…)` on the table, where its own policy checks every row again.
-- Not inlinable (SECURITY DEFINER); search_path fixed and every name qualified, so no object a caller could create
-- is ever resolved; EXECUTE is the API role's only.
CREATE FUNCTION "hireline_search_applications"(site uuid, q tsquery) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT a.id FROM public.applications a
  WHERE a.site_id = site AND a.search @@ q
    AND ((SELECT public.hireline_all_tenants()) OR a.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[]))
$$;
--> statement-breakpoint
CREATE FUNCTION "hireline_tagged_applications"(site uuid, wanted text[]) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT a.id FROM public.applications a
  WHERE a.site_id = site AND a.tags @> wanted
    AND ((SELECT public.hireline_all_tenants()) OR a.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[]))
$$;
--> statement-breakpoint
-- Title, reference and description by prefix words (q), the title by substring (pattern); either may be null.
CREATE FUNCTION "hireline_search_jobs"(site uuid, q tsquery, pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT j.id FROM public.jobs j
  WHERE j.site_id = site AND (j.search @@ q OR j.title ILIKE pattern)
    AND ((SELECT public.hireline_all_tenants()) OR j.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[]))
$$;
--> statement-breakpoint
CREATE FUNCTION "hireline_tagged_jobs"(site uuid, wanted text[]) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT j.id FROM public.jobs j
  WHERE j.site_id = site AND j.tags @> wanted
    AND ((SELECT public.hireline_all_tenants()) OR j.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[]))
$$;
--> statement-breakpoint
-- Name, email and profile id by prefix words (q), name and email by substring (pattern, lower-cased like the
-- stored emails and the lower(name) trigram index); either may be null.
CREATE FUNCTION "hireline_search_seekers"(account uuid, q tsquery, pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT s.id FROM public.seekers s
  WHERE s.account_id = account AND (s.search @@ q OR lower(s.name) LIKE lower(pattern) OR s.email LIKE lower(pattern))
    AND ((SELECT public.hireline_all_tenants()) OR s.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[]))
$$;
--> statement-breakpoint
CREATE FUNCTION "hireline_tagged_seekers"(account uuid, wanted text[]) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
  SELECT s.id FROM public.seekers s
  WHERE s.account_id = account AND s.tags @> wanted
    AND ((SELECT public.hireline_all_tenants()) OR s.account_id = ANY ((SELECT public.hireline_tenant_ids())::uuid[]))
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION "hireline_search_applications"(uuid, tsquery), "hireline_tagged_applications"(uuid, text[]),
  "hireline_search_jobs"(uuid, tsquery, text), "hireline_tagged_jobs"(uuid, text[]),
  "hireline_search_seekers"(uuid, tsquery, text), "hireline_tagged_seekers"(uuid, text[]) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION "hireline_search_applications"(uuid, tsquery), "hireline_tagged_applications"(uuid, text[]),
  "hireline_search_jobs"(uuid, tsquery, text), "hireline_tagged_jobs"(uuid, text[]),
  "hireline_search_seekers"(uuid, tsquery, text), "hireline_tagged_seekers"(uuid, text[]) TO hireline_api;
