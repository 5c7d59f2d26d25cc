import type { Migration } from './index.js';

export const m0023RebateWindow: Migration = {
  version: 23,
  name: 'rebate-window',
  sql: /* sql */ `
-- Rebate batches look for unclaimed revenue among recent events only (issue 15): by the time a fee was charged or a
-- stake settled, so a batch reads the last minutes instead of every event ever claimed. A full pass over all of
-- them runs when a node starts and every hour, for any event that committed later than the window.
CREATE INDEX ledger_transfers_real_fee_at_idx ON ledger_transfers (created_at) WHERE type = 'perp_fee' AND mode = 'real';
CREATE INDEX delivery_orders_settled_real_at_idx ON delivery_orders (settled_at) WHERE mode = 'real' AND status IN ('won', 'lost');
`,
};
