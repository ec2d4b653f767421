-- Issue 37: erasing an account (server/account-deletion) blanks the personal data of the audit rows
-- whose subject is that person. The log stays append-only for everything else: the one change let
-- through is an UPDATE of a row on a person who is already DELETED, in a transaction that named
-- that person (set_config('portal.audit_erasure', <id>, true)), and it never changes the row's id,
-- time, action, target or operator's account; the operator's name and address only on a row the
-- person wrote about themselves. DELETE and TRUNCATE stay refused.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.target_type = 'person'
      AND OLD.target_id = current_setting('portal.audit_erasure', true)
      AND EXISTS (SELECT 1 FROM users WHERE users.id = OLD.target_id AND users.status = 'DELETED')
      AND NEW.id = OLD.id
      AND NEW.at = OLD.at
      AND NEW.action = OLD.action
      AND NEW.target_type = OLD.target_type
      AND NEW.target_id = OLD.target_id
      AND NEW.operator_id IS NOT DISTINCT FROM OLD.operator_id
      AND ((NEW.operator = OLD.operator AND NEW.ip IS NOT DISTINCT FROM OLD.ip)
        OR OLD.operator_id = OLD.target_id)
    THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
