import type { Migration } from './index.js';

/**
 * The ledger's reference checks (0026) as one anti-join per rule. Each check was one `EXISTS` over the statement's new
 * rows with its rules joined by `OR`; an `OR` of `NOT EXISTS` cannot become an anti-join, so PostgreSQL ran each rule
 * as a subplan and, with `ledger_accounts` small in its statistics, as a *hashed* one: every single-row insert of a
 * money call read the whole accounts table into a hash (a transfer's insert 0.71–0.92 ms against 0.28 ms with no
 * check, on this machine kind with ~900 accounts; a hashed subplan's cost follows the table's size until the
 * planner's estimates make it switch). Split by rule, each
 * check is an anti-join that probes the accounts' and transfers' indexes per new row: 0.34–0.39 ms for one row, and
 * ~7 ms per rule for a settlement batch of 7,500 rows. The rules are the same (docs/decisions.md, "The ledger's
 * reference checks probe the indexes").
 */
export const m0029LedgerReferenceProbes: Migration = {
  version: 29,
  name: 'ledger-reference-probes',
  sql: /* sql */ `
CREATE OR REPLACE FUNCTION ledger_transfers_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_transfers n
             WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                               WHERE a.id = n.debit_account_id AND a.mode = n.mode AND a.currency = n.currency))
     OR EXISTS (SELECT 1 FROM new_transfers n
                WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                                  WHERE a.id = n.credit_account_id AND a.mode = n.mode AND a.currency = n.currency))
     OR EXISTS (SELECT 1 FROM new_transfers n
                WHERE n.pending_id IS NOT NULL
                  AND NOT EXISTS (SELECT 1 FROM ledger_transfers p WHERE p.id = n.pending_id)) THEN
    RAISE EXCEPTION 'ledger_transfers: an account of another mode or currency, or no such account or transfer'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION account_changes_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_changes n
             WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                               WHERE a.id = n.account_id AND a.user_id = n.user_id AND a.mode = n.mode
                                 AND a.wallet = n.wallet AND a.currency = n.currency))
     OR EXISTS (SELECT 1 FROM new_changes n
                WHERE NOT EXISTS (SELECT 1 FROM ledger_transfers t WHERE t.id = n.transfer_id)) THEN
    RAISE EXCEPTION 'account_changes: no such transfer, or not the account of its user, mode, wallet and currency'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
`,
};
