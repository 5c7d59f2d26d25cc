import type { Migration } from './index.js';

export const m0022Settings: Migration = {
  version: 22,
  name: 'settings',
  sql: /* sql */ `
-- Operators' configuration (issue 17): one row per setting (modules/settings/definitions.ts), written at first
-- start from the environment, then changed only by operators (audited).
CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  version     integer NOT NULL DEFAULT 1,
  updated_by  bigint REFERENCES operators(id),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- One row: bumped in the transaction of every settings or product change. Nodes compare it with what they
-- loaded (on the bus message, and on a short timer in case they missed it) and reload when it moved.
CREATE TABLE config_revision (
  id        smallint PRIMARY KEY CHECK (id = 1),
  revision  bigint NOT NULL
);
INSERT INTO config_revision (id, revision) VALUES (1, 0);

-- Balance corrections: proposed by one operator, approved (posted once to the ledger) or rejected by another.
CREATE TABLE balance_adjustments (
  id              bigserial PRIMARY KEY,
  request_id      text NOT NULL,
  user_id         bigint NOT NULL REFERENCES users(id),
  wallet          text NOT NULL,
  mode            text NOT NULL CHECK (mode IN ('real', 'demo')),
  currency        text NOT NULL,
  amount          numeric(36, 18) NOT NULL CHECK (amount <> 0),
  reason          text NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  proposed_by     bigint NOT NULL REFERENCES operators(id),
  decided_by      bigint REFERENCES operators(id),
  decision_reason text,
  transfer_id     bigint,
  created_at      timestamptz NOT NULL DEFAULT now(),
  decided_at      timestamptz,
  CONSTRAINT balance_adjustments_four_eyes CHECK (decided_by IS NULL OR decided_by <> proposed_by),
  CONSTRAINT balance_adjustments_decided CHECK ((status = 'pending') = (decided_by IS NULL))
);
CREATE UNIQUE INDEX balance_adjustments_request_idx ON balance_adjustments (proposed_by, request_id);
CREATE INDEX balance_adjustments_status_idx ON balance_adjustments (status, id DESC);
`,
};
