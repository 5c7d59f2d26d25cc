import type { Migration } from './index.js';

/**
 * Codes the platform sends, counted per channel and hour (a budget against SMS pumping through many numbers): one
 * upsert adds a send and returns the hour's count, so parallel sends on every node are counted exactly, and no lock is
 * held while the message goes out.
 */
export const m0032CodeBudget: Migration = {
  version: 32,
  name: 'code-budget',
  sql: /* sql */ `
CREATE TABLE code_budget (
  channel text NOT NULL,
  hour timestamptz NOT NULL,
  sent integer NOT NULL,
  PRIMARY KEY (channel, hour)
);
`,
};
