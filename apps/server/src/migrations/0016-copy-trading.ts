import type { Migration } from './index.js';

/**
 * Copy trading (issue 14). A plan holds the leader's stake from the delivery wallet; each invitation is a follow
 * row, and a confirmation holds the follower's stake from the copy-trading wallet. At the order time the placement
 * worker turns every hold into a delivery order at one entry tick (the delivery settlement then settles them), or
 * releases it with the reason recorded. Results are read from the delivery orders; only the profit share paid at
 * settlement is stored on the follow.
 */
export const m0016CopyTrading: Migration = {
  version: 16,
  name: 'copy trading',
  sql: /* sql */ `
CREATE TABLE copy_plans (
  id               bigserial PRIMARY KEY,
  leader_id        bigint NOT NULL REFERENCES users(id),
  mode             text NOT NULL CHECK (mode IN ('real', 'demo')),
  title            text NOT NULL,
  symbol           text NOT NULL REFERENCES products(symbol),
  direction        text NOT NULL CHECK (direction IN ('call', 'put')),
  seconds          integer NOT NULL CHECK (seconds > 0),
  order_time       timestamptz NOT NULL,
  cond_type        text NOT NULL CHECK (cond_type IN ('fixed', 'percent')),
  cond_value       numeric(36, 18) NOT NULL CHECK (cond_value > 0),
  cond_min         numeric(36, 18),
  cond_max         numeric(36, 18),
  stake            numeric(36, 18) NOT NULL CHECK (stake > 0),
  profit_share_pct numeric(5, 2) NOT NULL CHECK (profit_share_pct >= 0 AND profit_share_pct <= 100),
  status           text NOT NULL CHECK (status IN ('open', 'placed', 'settled', 'cancelled', 'refunded')),
  hold_id          bigint NOT NULL REFERENCES ledger_transfers(id),
  order_id         bigint REFERENCES delivery_orders(id),
  refund_reason    text,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  CHECK (cond_min IS NULL OR cond_max IS NULL OR cond_min <= cond_max),
  CHECK ((status IN ('placed', 'settled')) = (order_id IS NOT NULL))
);
-- The placement worker reads open plans by order time.
CREATE INDEX copy_plans_due_idx ON copy_plans (order_time) WHERE status = 'open';
CREATE INDEX copy_plans_leader_idx ON copy_plans (leader_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX copy_plans_order_idx ON copy_plans (order_id);

CREATE TABLE copy_follows (
  id            bigserial PRIMARY KEY,
  plan_id       bigint NOT NULL REFERENCES copy_plans(id),
  user_id       bigint NOT NULL REFERENCES users(id),
  state         text NOT NULL
                CHECK (state IN ('invited', 'confirmed', 'withdrawn', 'placed', 'refunded', 'expired', 'cancelled')),
  stake         numeric(36, 18) CHECK (stake > 0),
  hold_id       bigint REFERENCES ledger_transfers(id),
  order_id      bigint REFERENCES delivery_orders(id),
  auto          boolean NOT NULL DEFAULT false,
  profit_share  numeric(36, 18),
  refund_reason text,
  invited_at    timestamptz NOT NULL,
  confirmed_at  timestamptz,
  updated_at    timestamptz NOT NULL,
  UNIQUE (plan_id, user_id),
  CHECK (state NOT IN ('confirmed', 'placed') OR (stake IS NOT NULL AND hold_id IS NOT NULL)),
  CHECK ((state = 'placed') = (order_id IS NOT NULL))
);
CREATE INDEX copy_follows_user_idx ON copy_follows (user_id, invited_at DESC, id DESC);
CREATE UNIQUE INDEX copy_follows_order_idx ON copy_follows (order_id);

-- A follower's own controls; null: no limit.
CREATE TABLE copy_settings (
  user_id            bigint PRIMARY KEY REFERENCES users(id),
  max_stake_per_copy numeric(36, 18),
  max_daily_stake    numeric(36, 18),
  stop_loss_daily    numeric(36, 18),
  stop_loss_weekly   numeric(36, 18),
  updated_at         timestamptz NOT NULL
);

CREATE TABLE copy_auto_follows (
  follower_id bigint NOT NULL REFERENCES users(id),
  leader_id   bigint NOT NULL REFERENCES users(id),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (follower_id, leader_id),
  CHECK (follower_id <> leader_id)
);
CREATE INDEX copy_auto_follows_leader_idx ON copy_auto_follows (leader_id);
`,
};
