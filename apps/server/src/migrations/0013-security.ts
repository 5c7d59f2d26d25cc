import type { Migration } from './index.js';

/**
 * The security centre (issue 13 §2): two-factor authentication (secret sealed, recovery codes hashed), the login
 * challenge between password and code, the login history (kept 90 days), the sessions' last activity and the
 * anti-phishing phrase.
 */
export const m0013Security: Migration = {
  version: 13,
  name: 'security centre',
  sql: /* sql */ `
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;

CREATE TABLE user_security (
  user_id          bigint PRIMARY KEY REFERENCES users(id),
  anti_phishing    text,
  -- AES-256-GCM sealed base32 secrets: the enrolled one, and one shown but not yet confirmed.
  totp_secret      bytea,
  totp_pending     bytea,
  totp_enabled_at  timestamptz,
  -- The last 30-second step a code was accepted for: a code is never accepted twice.
  totp_last_step   bigint
);

CREATE TABLE recovery_codes (
  user_id    bigint NOT NULL REFERENCES users(id),
  code_hash  bytea NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

CREATE TABLE login_challenges (
  id           bigserial PRIMARY KEY,
  user_id      bigint NOT NULL REFERENCES users(id),
  token_hash   bytea NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  consumed_at  timestamptz
);

CREATE TABLE login_events (
  id          bigserial PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users(id),
  at          timestamptz NOT NULL,
  ip          text NOT NULL,
  user_agent  text NOT NULL,
  -- "browser|os": what the new-device notice compares.
  device      text NOT NULL,
  success     boolean NOT NULL
);
CREATE INDEX login_events_user_idx ON login_events (user_id, at DESC, id DESC);
CREATE INDEX login_events_at_idx ON login_events (at);
`,
};
