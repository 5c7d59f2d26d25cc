import type { Migration } from './index.js';

/**
 * The user-event journal keeps each event as the text it was sent as (`json`), not parsed into `jsonb`: it is written
 * in bulk (a settlement batch journals thousands of events in one statement) and read back only whole, by user and
 * number, never searched inside. Converting each event to `jsonb` was most of that statement's time (5,250 events of
 * a 5,000-order batch: 250–350 ms with `jsonb`, 85–120 ms with `json`, on this machine kind). The table holds only
 * the replay window, so the rewrite is short.
 */
export const m0028UserEventsJson: Migration = {
  version: 28,
  name: 'user-events-json',
  sql: /* sql */ `
ALTER TABLE user_events ALTER COLUMN event TYPE json USING event::json;
`,
};
