import type { Migration } from './index.js';

export const m0006Funding: Migration = {
  version: 6,
  name: 'funding',
  sql: /* sql */ `
-- Uploaded images (deposit screenshots, ID photos). The bytes live in DATA_DIR/uploads/<name>; the row says
-- whose they are, so only the owner (and operators) may read them or attach them to a record.
CREATE TABLE uploads (
  name        text PRIMARY KEY CHECK (name ~ '^[a-f0-9]{32}\\.(png|jpg|webp|gif)$'),
  user_id     bigint NOT NULL REFERENCES users(id),
  mime        text NOT NULL,
  size        integer NOT NULL CHECK (size > 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user_idx ON uploads (user_id, created_at DESC);

-- Deposits always credit the real account's spot wallet, once, when an operator approves them.
CREATE TABLE deposits (
  id           bigserial PRIMARY KEY,
  order_no     text NOT NULL UNIQUE,
  user_id      bigint NOT NULL REFERENCES users(id),
  currency     text NOT NULL,
  chain        text NOT NULL,
  address      text NOT NULL,
  amount       numeric(36, 18) NOT NULL CHECK (amount > 0),
  screenshot   text NOT NULL REFERENCES uploads(name),
  status       text NOT NULL CHECK (status IN ('review', 'approved', 'failed')),
  reason       text,
  transfer_id  bigint REFERENCES ledger_transfers(id),
  reviewed_by  bigint REFERENCES operators(id),
  reviewed_at  timestamptz,
  created_at   timestamptz NOT NULL,
  CHECK ((status = 'review') = (reviewed_at IS NULL)),
  CHECK ((status = 'approved') = (transfer_id IS NOT NULL))
);
CREATE INDEX deposits_user_idx ON deposits (user_id, created_at DESC, id DESC);
CREATE INDEX deposits_status_idx ON deposits (status, created_at DESC, id DESC);

-- One bound withdrawal address per chain; binding again replaces it.
CREATE TABLE withdrawal_addresses (
  user_id     bigint NOT NULL REFERENCES users(id),
  chain       text NOT NULL,
  address     text NOT NULL,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, chain)
);

-- One bound bank card per user; binding again replaces it.
CREATE TABLE bank_cards (
  user_id      bigint PRIMARY KEY REFERENCES users(id),
  bank_name    text NOT NULL,
  card_number  text NOT NULL,
  user_name    text NOT NULL,
  updated_at   timestamptz NOT NULL
);

-- The withdrawal (funds) password, argon2id, with its own wrong-attempt counter and lock.
CREATE TABLE withdrawal_passwords (
  user_id          bigint PRIMARY KEY REFERENCES users(id),
  password_hash    text NOT NULL,
  failures         integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  window_start_at  timestamptz,
  locked_until     timestamptz,
  updated_at       timestamptz NOT NULL
);

-- A withdrawal freezes amount + fee in the real spot wallet (two holds: the amount for 'withdrawals', the fee
-- for 'fees'); approval posts both, rejection voids both. Bank details are copied at submission.
CREATE TABLE withdrawals (
  id           bigserial PRIMARY KEY,
  order_no     text NOT NULL UNIQUE,
  user_id      bigint NOT NULL REFERENCES users(id),
  method       text NOT NULL CHECK (method IN ('crypto', 'bank')),
  currency     text NOT NULL,
  chain        text,
  address      text,
  bank_name    text,
  card_number  text,
  user_name    text,
  amount       numeric(36, 18) NOT NULL CHECK (amount > 0),
  fee          numeric(36, 18) NOT NULL CHECK (fee >= 0),
  usd_value    numeric(36, 18) NOT NULL,
  status       text NOT NULL CHECK (status IN ('review', 'approved', 'failed')),
  reason       text,
  hold_id      bigint NOT NULL REFERENCES ledger_transfers(id),
  fee_hold_id  bigint REFERENCES ledger_transfers(id),
  reviewed_by  bigint REFERENCES operators(id),
  reviewed_at  timestamptz,
  created_at   timestamptz NOT NULL,
  CHECK ((status = 'review') = (reviewed_at IS NULL)),
  CHECK ((fee > 0) = (fee_hold_id IS NOT NULL)),
  CHECK (method <> 'crypto' OR (chain IS NOT NULL AND address IS NOT NULL)),
  CHECK (method <> 'bank' OR (bank_name IS NOT NULL AND card_number IS NOT NULL AND user_name IS NOT NULL))
);
CREATE INDEX withdrawals_user_idx ON withdrawals (user_id, created_at DESC, id DESC);
CREATE INDEX withdrawals_status_idx ON withdrawals (status, created_at DESC, id DESC);

-- Identity verification submissions, basic then advanced. At most one live (under review or verified)
-- submission per user and level; a rejected one may be followed by a new one.
CREATE TABLE verifications (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  level        text NOT NULL CHECK (level IN ('basic', 'advanced')),
  status       text NOT NULL CHECK (status IN ('review', 'verified', 'rejected')),
  country      text NOT NULL,
  name         text NOT NULL,
  id_number    text NOT NULL,
  address      text,
  city         text,
  front_image  text REFERENCES uploads(name),
  back_image   text REFERENCES uploads(name),
  reason       text,
  reviewed_by  bigint REFERENCES operators(id),
  reviewed_at  timestamptz,
  created_at   timestamptz NOT NULL,
  CHECK ((status = 'review') = (reviewed_at IS NULL)),
  CHECK (level = 'basic' OR (address IS NOT NULL AND city IS NOT NULL AND front_image IS NOT NULL
                             AND back_image IS NOT NULL))
);
CREATE UNIQUE INDEX verifications_live_idx ON verifications (user_id, level) WHERE status IN ('review', 'verified');
CREATE INDEX verifications_user_idx ON verifications (user_id, level, created_at DESC, id DESC);
CREATE INDEX verifications_status_idx ON verifications (status, created_at DESC, id DESC);
`,
};
