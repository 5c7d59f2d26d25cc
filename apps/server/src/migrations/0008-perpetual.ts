import type { Migration } from './index.js';

export const m0008Perpetual: Migration = {
  version: 8,
  name: 'perpetual',
  sql: /* sql */ `
-- Perpetual positions (USDT-margined, isolated): one row per filled opening order. The margin is held in the
-- user's perpetual wallet by the ledger holds listed in hold_ids (the opening hold, then one per added margin;
-- a partial close replaces them with one hold of what remains). version rises with every change, so the
-- trigger engine can tell a newer state of a position from an older one whatever order news of them arrives in.
CREATE TABLE perp_positions (
  id            bigserial PRIMARY KEY,
  user_id       bigint NOT NULL REFERENCES users(id),
  mode          text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol        text NOT NULL REFERENCES products(symbol),
  side          text NOT NULL CHECK (side IN ('long', 'short')),
  quantity      numeric(36, 0) NOT NULL CHECK (quantity >= 0),
  contract_size numeric(36, 18) NOT NULL CHECK (contract_size > 0),
  leverage      integer NOT NULL CHECK (leverage BETWEEN 1 AND 200),
  entry_price   numeric(36, 18) NOT NULL CHECK (entry_price > 0),
  margin        numeric(36, 18) NOT NULL CHECK (margin >= 0),
  hold_ids      bigint[] NOT NULL DEFAULT '{}',
  tp_price      numeric(36, 18),
  sl_price      numeric(36, 18),
  realized_pnl  numeric(36, 18) NOT NULL DEFAULT 0,
  status        text NOT NULL CHECK (status IN ('open', 'closed', 'liquidated')),
  version       integer NOT NULL DEFAULT 1,
  opened_at     timestamptz NOT NULL,
  closed_at     timestamptz,
  updated_at    timestamptz NOT NULL,
  CHECK ((status = 'open') = (closed_at IS NULL)),
  CHECK (status <> 'open' OR (quantity > 0 AND margin > 0))
);
CREATE INDEX perp_positions_user_open_idx ON perp_positions (user_id, mode, symbol) WHERE status = 'open';
CREATE INDEX perp_positions_open_idx ON perp_positions (symbol) WHERE status = 'open';

-- Orders: opening orders (market, filled at once; limit, resting as 'pending' with their margin and fee held)
-- and closing orders (the user's closes, take-profit, stop-loss, liquidation), always filled at once.
CREATE TABLE perp_orders (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id),
  mode            text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol          text NOT NULL REFERENCES products(symbol),
  side            text NOT NULL CHECK (side IN ('long', 'short')),
  type            text NOT NULL CHECK (type IN ('market', 'limit')),
  intent          text NOT NULL CHECK (intent IN ('open', 'close')),
  price           numeric(36, 18),
  quantity        numeric(36, 0) NOT NULL CHECK (quantity > 0),
  filled_quantity numeric(36, 0) NOT NULL DEFAULT 0,
  leverage        integer NOT NULL CHECK (leverage BETWEEN 1 AND 200),
  contract_size   numeric(36, 18) NOT NULL CHECK (contract_size > 0),
  margin          numeric(36, 18) NOT NULL DEFAULT 0 CHECK (margin >= 0),
  fee             numeric(36, 18) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  margin_hold_id  bigint REFERENCES ledger_transfers(id),
  fee_hold_id     bigint REFERENCES ledger_transfers(id),
  fill_price      numeric(36, 18),
  tp_price        numeric(36, 18),
  sl_price        numeric(36, 18),
  status          text NOT NULL CHECK (status IN ('pending', 'filled', 'cancelled', 'rejected')),
  position_id     bigint REFERENCES perp_positions(id),
  version         integer NOT NULL DEFAULT 1,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  CHECK (type = 'market' OR price IS NOT NULL),
  CHECK (status <> 'filled' OR fill_price IS NOT NULL)
);
CREATE INDEX perp_orders_user_idx ON perp_orders (user_id, mode, created_at DESC, id DESC);
CREATE INDEX perp_orders_pending_idx ON perp_orders (symbol) WHERE status = 'pending';

-- Fills: every opening and closing trade, with what it realised.
CREATE TABLE perp_trades (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  mode         text NOT NULL CHECK (mode IN ('real', 'demo')),
  order_id     bigint NOT NULL REFERENCES perp_orders(id),
  position_id  bigint NOT NULL REFERENCES perp_positions(id),
  symbol       text NOT NULL,
  side         text NOT NULL CHECK (side IN ('long', 'short')),
  action       text NOT NULL CHECK (action IN ('open', 'close', 'tp', 'sl', 'liquidation')),
  price        numeric(36, 18) NOT NULL CHECK (price > 0),
  quantity     numeric(36, 0) NOT NULL CHECK (quantity > 0),
  fee          numeric(36, 18) NOT NULL CHECK (fee >= 0),
  realized_pnl numeric(36, 18) NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX perp_trades_user_idx ON perp_trades (user_id, mode, created_at DESC, id DESC);
`,
};
