import type { Migration } from './index.js';

export const m0004Delivery: Migration = {
  version: 4,
  name: 'delivery',
  sql: /* sql */ `
-- Fixed-time call/put orders. The entry and exit ticks are copied onto the order, so every result can be
-- checked against the market long after the tick table has been pruned.
CREATE TABLE delivery_orders (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  mode         text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol       text NOT NULL REFERENCES products(symbol),
  direction    text NOT NULL CHECK (direction IN ('call', 'put')),
  seconds      integer NOT NULL CHECK (seconds > 0),
  stake        numeric(36, 18) NOT NULL CHECK (stake > 0),
  yield        numeric(10, 4) NOT NULL CHECK (yield > 0),
  status       text NOT NULL CHECK (status IN ('scheduled', 'open', 'settling', 'won', 'lost', 'draw', 'refunded', 'cancelled')),
  hold_id      bigint NOT NULL REFERENCES ledger_transfers(id),
  entry_price  numeric(36, 18),
  entry_ts     bigint,
  entry_source text,
  exit_price   numeric(36, 18),
  exit_ts      bigint,
  exit_source  text,
  payout       numeric(36, 18),
  open_at      timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  settled_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (expires_at > open_at),
  CHECK ((status IN ('won', 'lost', 'draw', 'refunded')) = (settled_at IS NOT NULL)),
  CHECK (status = 'scheduled' OR status = 'cancelled' OR entry_price IS NOT NULL)
);
-- The settlement sweep reads due open orders by expiry.
CREATE INDEX delivery_orders_due_idx ON delivery_orders (expires_at) WHERE status = 'open';
CREATE INDEX delivery_orders_user_idx ON delivery_orders (user_id, mode, created_at DESC, id DESC);
`,
};
