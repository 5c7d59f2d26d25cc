import type { Migration } from './index.js';

export const m0001Accounts: Migration = {
  version: 1,
  name: 'accounts',
  sql: /* sql */ `
CREATE TABLE users (
  id            bigserial PRIMARY KEY,
  uid           bigint NOT NULL UNIQUE,
  email         text UNIQUE,
  area_code     text,
  mobile        text,
  password_hash text NOT NULL,
  invite_code   text NOT NULL UNIQUE,
  inviter_id    bigint REFERENCES users(id),
  mode          text NOT NULL DEFAULT 'real' CHECK (mode IN ('real', 'demo')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_identity CHECK (email IS NOT NULL OR (area_code IS NOT NULL AND mobile IS NOT NULL)),
  CONSTRAINT users_mobile_unique UNIQUE (area_code, mobile)
);
CREATE INDEX users_inviter_idx ON users (inviter_id);

-- Opaque session tokens: only their SHA-256 is stored, so a leaked table grants nothing.
CREATE TABLE sessions (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  token_hash  bytea NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz,
  ip          text,
  user_agent  text
);
CREATE INDEX sessions_user_idx ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE verification_codes (
  id          bigserial PRIMARY KEY,
  channel     text NOT NULL CHECK (channel IN ('email', 'sms')),
  target      text NOT NULL,
  scene       text NOT NULL CHECK (scene IN ('register', 'reset')),
  code_hash   bytea NOT NULL,
  attempts    integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  consumed_at timestamptz
);
CREATE INDEX verification_codes_target_idx ON verification_codes (target, scene, created_at DESC);

-- Failed-login counters per account and per address, shared by every node through the database.
CREATE TABLE login_throttle (
  key             text PRIMARY KEY,
  failures        integer NOT NULL CHECK (failures >= 0),
  window_start_at timestamptz NOT NULL,
  locked_until    timestamptz
);
`,
};
