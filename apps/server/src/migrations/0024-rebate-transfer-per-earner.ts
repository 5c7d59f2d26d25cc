import type { Migration } from './index.js';

export const m0024RebateTransferPerEarner: Migration = {
  version: 24,
  name: 'rebate-transfer-per-earner',
  sql: /* sql */ `
-- A rebate batch pays each earner with one ledger transfer, the sum of their rebates in the batch (issue 15's
-- benchmark; docs/decisions.md "Rebates at settlement scale"): every record of the batch for that earner names the
-- same transfer, so the transfer is no longer unique per record. The transfer's amount is the sum of its records
-- (asserted in the referral tests); each record keeps its event, level, base, rate and rebate.
ALTER TABLE rebate_records DROP CONSTRAINT rebate_records_transfer_id_key;
CREATE INDEX rebate_records_transfer_idx ON rebate_records (transfer_id);
`,
};
