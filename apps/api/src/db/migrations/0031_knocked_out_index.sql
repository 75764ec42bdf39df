-- Knocked-out applications, in the applications list's order (site, newest first, id; the account the policy tests),
-- with their tags. About one application in twelve: the site's indexes cannot serve the filter, and combined with a
-- tag (which no index serves under row-level security) the list's count read every row of the site, 244 ms on the
-- full bench data. Read from this index alone (the tags checked in it), the request's SQL takes 38 ms.
CREATE INDEX "applications_site_knocked_out_idx" ON "applications" USING btree ("site_id","created_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"account_id","tags") WHERE knocked_out;