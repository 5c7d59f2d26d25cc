import type { Migration } from './index.js';

export const m0002Ledger: Migration = {
  version: 2,
  name: 'ledger',
  sql: /* sql */ `
-- One row per (user, mode, wallet, currency), or per (system account, mode, currency, shard).
-- System accounts are the other side of every entry (deposits in, withdrawals out, fees, house P&L, demo
-- faucet, rebates); they may go negative, user accounts never. Hot system accounts are spread over shards.
CREATE TABLE ledger_accounts (
  id          bigserial PRIMARY KEY,
  user_id     bigint REFERENCES users(id),
  system_code text,
  shard       smallint NOT NULL DEFAULT 0 CHECK (shard >= 0),
  mode        text NOT NULL CHECK (mode IN ('real', 'demo')),
  wallet      text CHECK (wallet IN ('spot', 'delivery', 'perpetual', 'copy')),
  currency    text NOT NULL,
  available   numeric(36, 18) NOT NULL DEFAULT 0,
  frozen      numeric(36, 18) NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  CONSTRAINT ledger_accounts_owner CHECK (
    (user_id IS NOT NULL AND wallet IS NOT NULL AND system_code IS NULL)
    OR (user_id IS NULL AND wallet IS NULL AND system_code IS NOT NULL)
  ),
  CONSTRAINT ledger_accounts_user_not_negative CHECK (user_id IS NULL OR available >= 0),
  CONSTRAINT ledger_accounts_id_mode_currency UNIQUE (id, mode, currency)
);
CREATE UNIQUE INDEX ledger_accounts_user_key ON ledger_accounts (user_id, mode, wallet, currency) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (system_code, mode, currency, shard) WHERE system_code IS NOT NULL;

-- Immutable transfers (TigerBeetle's model): 'single' moves available to available; 'pending' moves the
-- debit account's available into its frozen; 'post' moves that frozen amount to the credit account; 'void'
-- returns it. Both sides share mode and currency, enforced by the foreign keys: real and demo never meet.
CREATE TABLE ledger_transfers (
  id                bigserial PRIMARY KEY,
  kind              text NOT NULL CHECK (kind IN ('single', 'pending', 'post', 'void')),
  mode              text NOT NULL,
  currency          text NOT NULL,
  debit_account_id  bigint NOT NULL,
  credit_account_id bigint NOT NULL,
  amount            numeric(36, 18) NOT NULL CHECK (amount > 0),
  pending_id        bigint REFERENCES ledger_transfers(id),
  type              text NOT NULL,
  ref               text NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (debit_account_id, mode, currency) REFERENCES ledger_accounts (id, mode, currency),
  FOREIGN KEY (credit_account_id, mode, currency) REFERENCES ledger_accounts (id, mode, currency),
  CHECK (debit_account_id <> credit_account_id),
  CHECK ((kind IN ('post', 'void')) = (pending_id IS NOT NULL))
);
-- A pending transfer is resolved (posted or voided) at most once.
CREATE UNIQUE INDEX ledger_transfers_resolution ON ledger_transfers (pending_id) WHERE pending_id IS NOT NULL;
CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id);
CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id);

-- The user-facing account change log: one row per user account an entry touches.
CREATE TABLE account_changes (
  id             bigserial PRIMARY KEY,
  user_id        bigint NOT NULL REFERENCES users(id),
  account_id     bigint NOT NULL REFERENCES ledger_accounts(id),
  transfer_id    bigint NOT NULL REFERENCES ledger_transfers(id),
  mode           text NOT NULL,
  wallet         text NOT NULL,
  currency       text NOT NULL,
  type           text NOT NULL,
  amount         numeric(36, 18) NOT NULL,
  balance_before numeric(36, 18) NOT NULL,
  balance_after  numeric(36, 18) NOT NULL,
  frozen_change  numeric(36, 18) NOT NULL DEFAULT 0,
  ref            text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_changes_user_idx ON account_changes (user_id, mode, created_at DESC, id DESC);

CREATE FUNCTION forbid_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END
$$;
CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION forbid_change();
CREATE TRIGGER account_changes_append_only BEFORE UPDATE OR DELETE ON account_changes
  FOR EACH ROW EXECUTE FUNCTION forbid_change();

-- A money call's first result, returned again for a repeat of its requestId.
CREATE TABLE idempotency_keys (
  user_id    bigint NOT NULL REFERENCES users(id),
  request_id text NOT NULL,
  scope      text NOT NULL,
  body_hash  bytea NOT NULL,
  response   jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, request_id)
);

CREATE TABLE wallet_transfers (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  mode        text NOT NULL CHECK (mode IN ('real', 'demo')),
  currency    text NOT NULL,
  amount      numeric(36, 18) NOT NULL CHECK (amount > 0),
  from_wallet text NOT NULL,
  to_wallet   text NOT NULL CHECK (to_wallet <> from_wallet),
  from_before numeric(36, 18) NOT NULL,
  from_after  numeric(36, 18) NOT NULL,
  to_before   numeric(36, 18) NOT NULL,
  to_after    numeric(36, 18) NOT NULL,
  transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_transfers_user_idx ON wallet_transfers (user_id, mode, created_at DESC, id DESC);

CREATE TABLE demo_claims (
  user_id     bigint NOT NULL REFERENCES users(id),
  month       text NOT NULL,
  currency    text NOT NULL,
  amount      numeric(36, 18) NOT NULL,
  transfer_id bigint NOT NULL REFERENCES ledger_transfers(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, month)
);

-- Fiat denominations for display, units per USD; operators keep them current.
CREATE TABLE fiat_rates (
  code       text PRIMARY KEY,
  symbol     text NOT NULL,
  rate       numeric(24, 8) NOT NULL CHECK (rate > 0),
  sort       integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO fiat_rates (code, symbol, rate, sort) VALUES
  ('USD', '$', 1, 1), ('EUR', '€', 0.92, 2), ('GBP', '£', 0.79, 3), ('CNY', '¥', 7.10, 4),
  ('HKD', 'HK$', 7.80, 5), ('JPY', '¥', 150, 6), ('KRW', '₩', 1350, 7), ('RUB', '₽', 90, 8),
  ('INR', '₹', 83, 9), ('BRL', 'R$', 5.00, 10), ('AED', 'د.إ', 3.6725, 11), ('TRY', '₺', 32, 12),
  ('VND', '₫', 25000, 13), ('IDR', 'Rp', 15700, 14), ('THB', '฿', 36, 15);
`,
};
