-- Money movements and the audit trail are facts: a direct UPDATE or DELETE is refused. Referential
-- actions (a cascade from a deleted account, employer or user) run as nested triggers, depth > 1, and
-- are let through so a tenant can still be removed as a whole.
CREATE FUNCTION "forbid_append_only_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "credit_ledgers_append_only"
  BEFORE UPDATE OR DELETE ON "credit_ledgers"
  FOR EACH ROW EXECUTE FUNCTION "forbid_append_only_change"();
--> statement-breakpoint
CREATE TRIGGER "audit_logs_append_only"
  BEFORE UPDATE OR DELETE ON "audit_logs"
  FOR EACH ROW EXECUTE FUNCTION "forbid_append_only_change"();
