-- Trigram indexes serve substring search (`ILIKE '%…%'`) on names and emails, which full-text prefix
-- search cannot. pg_trgm ships with PostgreSQL's contrib (Debian's postgresql-15) and with PGlite,
-- where client.ts loads it; it is a trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
