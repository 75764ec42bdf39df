-- The retention sweep may delete an audit entry only once the entry's own account no longer keeps it: the trigger
-- checks the age against the account's period itself, so a statement that sets the sweep's flag (as an injected one
-- could) still cannot remove anything younger, nor an entry of no account. SECURITY DEFINER so the period is read
-- whatever the caller's row-level security lets it see; search_path fixed, as every such function must.
CREATE OR REPLACE FUNCTION "forbid_append_only_change"() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  -- Nested, so that OLD.account_id is read only for audit_logs (the other append-only tables may not have it).
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_logs' THEN
    IF current_setting('hireline.retention', true) = 'on' AND OLD.account_id IS NOT NULL
       AND OLD.created_at < now() - make_interval(days => (SELECT a.retention_audit_days FROM accounts a WHERE a.id = OLD.account_id)) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END;
$$;
