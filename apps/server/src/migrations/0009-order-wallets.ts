import type { Migration } from './index.js';

/**
 * Every order records the wallet it draws on (copy trading will place delivery orders on `copy`), instead of each
 * service fixing it in code. Existing orders drew on their product's own wallet.
 */
export const m0009OrderWallets: Migration = {
  version: 9,
  name: 'order wallets',
  sql: /* sql */ `
ALTER TABLE delivery_orders ADD COLUMN wallet text NOT NULL DEFAULT 'delivery'
  CHECK (wallet IN ('delivery', 'copy'));
ALTER TABLE perp_orders ADD COLUMN wallet text NOT NULL DEFAULT 'perpetual' CHECK (wallet IN ('perpetual'));
ALTER TABLE perp_positions ADD COLUMN wallet text NOT NULL DEFAULT 'perpetual' CHECK (wallet IN ('perpetual'));
`,
};
