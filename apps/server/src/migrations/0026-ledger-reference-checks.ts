import type { Migration } from './index.js';

/**
 * The ledger's references checked once a statement instead of once a row (docs/decisions.md "Ledger references
 * checked a statement at a time"). A settlement batch inserts 7,500 transfers and 7,500 change rows; their six
 * foreign keys ran a lookup and a row lock per row, about 15 % of the batch. The same rules hold, checked by one
 * anti-join over the statement's new rows, and the change-log check is stricter than its keys were: a change row
 * must name its account's own user, mode, wallet and currency.
 */
export const m0026LedgerReferenceChecks: Migration = {
  version: 26,
  name: 'ledger-reference-checks',
  sql: /* sql */ `
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT conname, conrelid::regclass AS t FROM pg_constraint
           WHERE contype = 'f' AND conrelid IN ('ledger_transfers'::regclass, 'account_changes'::regclass)
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.t, r.conname);
  END LOOP;
END
$$;

-- A transfer's two accounts exist and share its mode and currency (real and demo never meet), and what it resolves
-- is an existing transfer.
CREATE FUNCTION ledger_transfers_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_transfers n
    WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                      WHERE a.id = n.debit_account_id AND a.mode = n.mode AND a.currency = n.currency)
       OR NOT EXISTS (SELECT 1 FROM ledger_accounts a
                      WHERE a.id = n.credit_account_id AND a.mode = n.mode AND a.currency = n.currency)
       OR (n.pending_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ledger_transfers p WHERE p.id = n.pending_id))
  ) THEN
    RAISE EXCEPTION 'ledger_transfers: an account of another mode or currency, or no such account or transfer'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER ledger_transfers_references AFTER INSERT ON ledger_transfers
  REFERENCING NEW TABLE AS new_transfers FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_references();

-- A change row names an existing transfer and its account's own user, mode, wallet and currency.
CREATE FUNCTION account_changes_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM new_changes n
    WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                      WHERE a.id = n.account_id AND a.user_id = n.user_id AND a.mode = n.mode
                        AND a.wallet = n.wallet AND a.currency = n.currency)
       OR NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.id = n.transfer_id)
  ) THEN
    RAISE EXCEPTION 'account_changes: no such transfer, or not the account of its user, mode, wallet and currency'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER account_changes_references AFTER INSERT ON account_changes
  REFERENCING NEW TABLE AS new_changes FOR EACH STATEMENT EXECUTE FUNCTION account_changes_references();

-- What the keys also guarded: a referenced account is never deleted nor re-keyed (transfers and change rows are
-- append-only already).
CREATE FUNCTION ledger_accounts_keep_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger_accounts rows are never deleted';
  END IF;
  RAISE EXCEPTION 'a ledger account keeps its id, owner, mode, wallet and currency';
END
$$;
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_keep_keys();
CREATE TRIGGER ledger_accounts_keep_keys BEFORE UPDATE OF id, user_id, system_code, mode, wallet, currency
  ON ledger_accounts FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.system_code IS DISTINCT FROM NEW.system_code OR OLD.mode IS DISTINCT FROM NEW.mode
        OR OLD.wallet IS DISTINCT FROM NEW.wallet OR OLD.currency IS DISTINCT FROM NEW.currency)
  EXECUTE FUNCTION ledger_accounts_keep_keys();
`,
};
