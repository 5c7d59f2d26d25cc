import type { Migration } from './index.js';

/**
 * Responsible trading (issue 13 §2): each user's limits on the real account (one row per kind, with a raise or
 * removal waiting for its 24 h), and a break from trading (a cool-off or a self-exclusion) that only ever extends.
 */
export const m0012TradingLimits: Migration = {
  version: 12,
  name: 'trading limits',
  sql: /* sql */ `
CREATE TABLE trading_limits (
  user_id        bigint NOT NULL REFERENCES users(id),
  kind           text NOT NULL CHECK (kind IN ('dailyStake', 'monthlyStake', 'dailyLoss', 'monthlyLoss')),
  amount         numeric(36, 18) CHECK (amount > 0),
  pending_set    boolean NOT NULL DEFAULT false,
  pending_amount numeric(36, 18) CHECK (pending_amount > 0),
  pending_at     timestamptz,
  updated_at     timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind),
  CHECK (pending_set = (pending_at IS NOT NULL))
);
CREATE TABLE trading_breaks (
  user_id    bigint PRIMARY KEY REFERENCES users(id),
  kind       text NOT NULL CHECK (kind IN ('coolOff', 'selfExclusion')),
  until      timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
`,
};
