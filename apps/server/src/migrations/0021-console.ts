import type { Migration } from './index.js';

export const m0021Console: Migration = {
  version: 21,
  name: 'console',
  sql: /* sql */ `
-- Operator roles (issue 17). Operators made before roles existed could do everything: they stay admins.
ALTER TABLE operators ADD COLUMN role text NOT NULL DEFAULT 'admin'
  CHECK (role IN ('admin', 'reviewer', 'support', 'content', 'finance'));
-- An operator's optional TOTP second factor, sealed like users' (AES-256-GCM); a step is accepted once.
ALTER TABLE operators ADD COLUMN totp_secret bytea;
ALTER TABLE operators ADD COLUMN totp_pending bytea;
ALTER TABLE operators ADD COLUMN totp_last_step bigint;

-- Freezes an operator put on a user's logins or withdrawals; absent row = nothing frozen.
CREATE TABLE user_freezes (
  user_id            bigint PRIMARY KEY REFERENCES users(id),
  logins_frozen      boolean NOT NULL DEFAULT false,
  withdrawals_frozen boolean NOT NULL DEFAULT false,
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_operator_idx ON audit_log (operator_id, id DESC);
`,
};
