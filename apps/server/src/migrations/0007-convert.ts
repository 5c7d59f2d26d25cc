import type { Migration } from './index.js';

export const m0007Convert: Migration = {
  version: 7,
  name: 'convert',
  sql: /* sql */ `
-- Convert (quick swap) between spot currencies of one account mode, at the market rate within the user's slippage.
-- Both ledger transfers (user -> house, house -> user) are kept, with each wallet's balance before and after.
CREATE TABLE convert_orders (
  id              bigserial PRIMARY KEY,
  user_id         bigint NOT NULL REFERENCES users(id),
  mode            text NOT NULL CHECK (mode IN ('real', 'demo')),
  request_id      text NOT NULL,
  currency_out    text NOT NULL,
  amount_out      numeric(36, 18) NOT NULL CHECK (amount_out > 0),
  before_out      numeric(36, 18) NOT NULL,
  after_out       numeric(36, 18) NOT NULL,
  currency_in     text NOT NULL,
  amount_in       numeric(36, 18) NOT NULL CHECK (amount_in > 0),
  before_in       numeric(36, 18) NOT NULL,
  after_in        numeric(36, 18) NOT NULL,
  rate            numeric(36, 18) NOT NULL CHECK (rate > 0),
  quoted_rate     numeric(36, 18) NOT NULL CHECK (quoted_rate > 0),
  slippage        numeric(5, 2) NOT NULL CHECK (slippage >= 0 AND slippage <= 5),
  transfer_out_id bigint NOT NULL REFERENCES ledger_transfers(id),
  transfer_in_id  bigint NOT NULL REFERENCES ledger_transfers(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  CHECK (currency_out <> currency_in),
  -- The fill is never worse than the accepted rate less the slippage.
  CHECK (rate >= quoted_rate * (1 - slippage / 100)),
  UNIQUE (user_id, request_id)
);
CREATE INDEX convert_orders_user_idx ON convert_orders (user_id, mode, created_at DESC, id DESC);
`,
};
