import type { Migration } from './index.js';

/**
 * TRUNCATE fires no row trigger. Once migration 0026 dropped the foreign keys that referenced it, nothing kept
 * `TRUNCATE ledger_accounts` from emptying the accounts; `TRUNCATE … CASCADE` always emptied the transfers with the
 * tables that reference them, and the change log and the audit log never had a guard. The tables whose rows are never
 * deleted now refuse TRUNCATE as they refuse DELETE.
 */
export const m0027LedgerNoTruncate: Migration = {
  version: 27,
  name: 'ledger-no-truncate',
  sql: /* sql */ `
CREATE FUNCTION never_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is never truncated', TG_TABLE_NAME;
END
$$;
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION never_truncated();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION never_truncated();
CREATE TRIGGER account_changes_no_truncate BEFORE TRUNCATE ON account_changes
  FOR EACH STATEMENT EXECUTE FUNCTION never_truncated();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION never_truncated();
`,
};
