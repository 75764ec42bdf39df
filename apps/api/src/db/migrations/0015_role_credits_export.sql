-- The credit ledger can be exported as CSV (`Accept: text/csv` on /v1/credit/ledgers), which asks for credits.export.
-- The built-in bundles that look after credits gain it (packages/access roles.ts), and so do each account's copies of
-- them, unless the account has taken away seeing credits from the role altogether. Custom roles are left as they are.
UPDATE "roles"
SET "permissions" = array_append("permissions", 'credits.export')
WHERE "key" IN ('site_manager', 'employer_admin')
  AND 'credits.view' = ANY ("permissions")
  AND NOT ('credits.export' = ANY ("permissions"));
