import type { Migration } from './index.js';

export const m0025RebateRecordChecks: Migration = {
  version: 25,
  name: 'rebate-record-checks',
  sql: /* sql */ `
-- Every column a rebate record's foreign keys checked is made or read by the batch transaction that inserts it: the
-- claim it inserted, the table version and the uplines it read, the event's user, the transfer id the ledger reserved
-- and posts in that transaction (users, table versions and transfers are never deleted). The five checks per row
-- were about half the cost of a batch's record insert (docs/decisions.md "Rebates at settlement scale"). The referral
-- tests re-derive each of them for every record after every test.
ALTER TABLE rebate_records DROP CONSTRAINT rebate_records_source_source_id_fkey;
ALTER TABLE rebate_records DROP CONSTRAINT rebate_records_table_version_fkey;
ALTER TABLE rebate_records DROP CONSTRAINT rebate_records_transfer_id_fkey;
ALTER TABLE rebate_records DROP CONSTRAINT rebate_records_earner_id_fkey;
ALTER TABLE rebate_records DROP CONSTRAINT rebate_records_source_user_id_fkey;
`,
};
