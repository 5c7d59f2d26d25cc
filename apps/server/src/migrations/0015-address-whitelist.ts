import type { Migration } from './index.js';

/**
 * The withdrawal address whitelist (issue 13 §2): each bound address carries the user's label and the time from
 * which it can be withdrawn to. Addresses bound before this stay usable at once (usable from when they were bound)
 * and have no label.
 */
export const m0015AddressWhitelist: Migration = {
  version: 15,
  name: 'address whitelist',
  sql: `
ALTER TABLE withdrawal_addresses ADD COLUMN label text;
ALTER TABLE withdrawal_addresses ADD COLUMN usable_at timestamptz;
UPDATE withdrawal_addresses SET usable_at = updated_at;
ALTER TABLE withdrawal_addresses ALTER COLUMN usable_at SET NOT NULL;
`,
};
